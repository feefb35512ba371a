import { calendarDate, MARKET_LABELS, SECTORS } from '@beesang/contract';
import { z } from 'zod';
import { debtRatio, operatingMargin, ratioAgrees, returnOnEquity } from './financial-ratios.ts';

/** Column rules of the three import files (docs/data-import.md). Korean messages name the problem. */
const integer = (label: string, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^-?\d+$/, { error: `${label}은(는) 정수여야 합니다` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${label}은(는) ${min} 이상 ${max} 이하여야 합니다` });
const decimal = (label: string) =>
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, { error: `${label}은(는) 숫자여야 합니다` })
    .transform(Number);
const date = (label: string) =>
  calendarDate({ format: `${label}은(는) YYYY-MM-DD 형식이어야 합니다`, impossible: `${label}이(가) 없는 날짜입니다` });
const code = z.string().regex(/^[0-9A-Za-z]{1,12}$/, { error: '종목코드는 영문·숫자 1~12자여야 합니다' });
const optionalText = (max: number) => z.string().max(max, { error: `${max}자 이하여야 합니다` });

export const companyRow = z.object({
  code,
  name: z.string().min(1, { error: '회사명이 비어 있습니다' }).max(100, { error: '회사명은 100자 이하여야 합니다' }),
  sector: z.enum(SECTORS, { error: `업종은 ${SECTORS.join(', ')} 중 하나여야 합니다` }),
  labels: z
    .string()
    .min(1, { error: '시장 구분이 비어 있습니다' })
    .transform((v) => v.split('|').map((l) => l.trim()))
    .pipe(z.array(z.enum(MARKET_LABELS, { error: `시장 구분은 ${MARKET_LABELS.join(', ')} 중 하나(여러 개는 |로 구분)여야 합니다` }))),
  shares_outstanding: integer('발행주식수'),
  ceo_name: optionalText(50),
  founded_on: z.union([z.literal(''), date('설립일')]).transform((v) => v || null),
  address: optionalText(300),
  homepage_url: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: '홈페이지는 http(s) 주소여야 합니다' })]),
  business_summary: optionalText(2000),
});
export type CompanyRowInput = z.infer<typeof companyRow>;

export const priceRow = z
  .object({
    code,
    date: date('날짜'),
    open: integer('시가', 0),
    high: integer('고가', 0),
    low: integer('저가', 0),
    close: integer('종가', 0),
    volume: integer('거래량', 0),
  })
  .refine((r) => r.low <= Math.min(r.open, r.close) && r.high >= Math.max(r.open, r.close), {
    error: '저가 ≤ 시가·종가 ≤ 고가여야 합니다',
    path: ['low'],
    // Only about a line whose numbers are all numbers: a bad close is one problem, not two.
    when: (payload) => payload.issues.length === 0,
  });
export type PriceRowInput = z.infer<typeof priceRow>;

/** A ratio column that may be left empty for the import to compute it; null when empty. */
const optionalDecimal = (label: string) => z.union([z.literal('').transform(() => null), decimal(label)]);
/** A column that may be absent from the header or empty; null then. */
const optionalAmount = (label: string) =>
  z
    .union([z.literal(''), integer(label, Number.MIN_SAFE_INTEGER)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));
const shownRatio = (n: number) => n.toFixed(2);

/**
 * A yearly statement. Its ratios must agree with the amounts on the same line (issue 14 §3):
 * 영업이익률 = 영업이익 / 매출액, ROE = 당기순이익 / 자본총계, 부채비율 = 부채총계 / 자본총계.
 * An empty ratio is computed when its amounts are there; without 자본총계 a ROE must at least have
 * the sign of the net income (a net loss never shows a positive ROE).
 */
export const financialRow = z
  .object({
    code,
    year: integer('연도', 1900, 2100),
    revenue: integer('매출액', Number.MIN_SAFE_INTEGER),
    operating_profit: integer('영업이익', Number.MIN_SAFE_INTEGER),
    net_income: integer('당기순이익', Number.MIN_SAFE_INTEGER),
    operating_margin: optionalDecimal('영업이익률'),
    debt_ratio: optionalDecimal('부채비율'),
    roe: optionalDecimal('ROE'),
    equity: optionalAmount('자본총계'),
    liabilities: optionalAmount('부채총계'),
  })
  .transform((r, ctx) => {
    const amounts = {
      revenue: r.revenue,
      operatingProfit: r.operating_profit,
      netIncome: r.net_income,
      equity: r.equity,
      liabilities: r.liabilities,
    };
    const problem = (column: string, message: string) => ctx.issues.push({ code: 'custom', path: [column], message, input: r });
    const settle = (
      column: 'operating_margin' | 'debt_ratio' | 'roe',
      label: string,
      computed: number | null,
      formula: string,
      cannot: string,
    ) => {
      const given = r[column];
      if (computed === null) {
        if (given === null) problem(column, `${label}이(가) 비어 있고 ${cannot}`);
        return given ?? 0;
      }
      if (given !== null && !ratioAgrees(given, computed))
        problem(column, `${label}이(가) ${formula}(${shownRatio(computed)}%)와 맞지 않습니다`);
      return given ?? computed;
    };
    const operating_margin = settle(
      'operating_margin',
      '영업이익률',
      operatingMargin(amounts),
      '영업이익 ÷ 매출액',
      '매출액이 0 이하라 계산할 수 없습니다',
    );
    const roe = settle(
      'roe',
      'ROE',
      returnOnEquity(amounts),
      '당기순이익 ÷ 자본총계',
      '자본총계(equity)가 없거나 0 이하라 계산할 수 없습니다',
    );
    const debt_ratio = settle(
      'debt_ratio',
      '부채비율',
      debtRatio(amounts),
      '부채총계 ÷ 자본총계',
      '부채총계(liabilities)·자본총계(equity)가 없어 계산할 수 없습니다',
    );
    // Without equity the size of a ROE cannot be checked, its sign can.
    if (r.roe !== null && returnOnEquity(amounts) === null && (r.equity === null || r.equity > 0)) {
      if (r.net_income < 0 && r.roe > 0) problem('roe', '당기순손실인데 ROE가 양수입니다');
      if (r.net_income > 0 && r.roe < 0) problem('roe', '당기순이익이 흑자인데 ROE가 음수입니다');
      if (r.net_income === 0 && r.roe !== 0) problem('roe', '당기순이익이 0인데 ROE가 0이 아닙니다');
    }
    return {
      code: r.code,
      year: r.year,
      revenue: r.revenue,
      operating_profit: r.operating_profit,
      net_income: r.net_income,
      operating_margin,
      debt_ratio,
      roe,
    };
  });
export type FinancialRowInput = z.infer<typeof financialRow>;

export const FILES = {
  companies: { file: 'companies.csv', schema: companyRow, columns: Object.keys(companyRow.shape) },
  prices: { file: 'prices.csv', schema: priceRow, columns: Object.keys(priceRow.shape) },
  // equity and liabilities are optional columns: only what a ratio is checked or computed from.
  financials: {
    file: 'financials.csv',
    schema: financialRow,
    columns: ['code', 'year', 'revenue', 'operating_profit', 'net_income', 'operating_margin', 'debt_ratio', 'roe'],
  },
} as const;
