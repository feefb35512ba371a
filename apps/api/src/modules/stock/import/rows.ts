import { MARKET_LABELS, SECTORS } from '@beesang/contract';
import { z } from 'zod';

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
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}은(는) YYYY-MM-DD 형식이어야 합니다` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: `${label}이(가) 없는 날짜입니다`,
    });
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

export const financialRow = z.object({
  code,
  year: integer('연도', 1900, 2100),
  revenue: integer('매출액', Number.MIN_SAFE_INTEGER),
  operating_profit: integer('영업이익', Number.MIN_SAFE_INTEGER),
  net_income: integer('당기순이익', Number.MIN_SAFE_INTEGER),
  operating_margin: decimal('영업이익률'),
  debt_ratio: decimal('부채비율'),
  roe: decimal('ROE'),
});
export type FinancialRowInput = z.infer<typeof financialRow>;

export const FILES = {
  companies: { file: 'companies.csv', schema: companyRow, columns: Object.keys(companyRow.shape) },
  prices: { file: 'prices.csv', schema: priceRow, columns: Object.keys(priceRow.shape) },
  financials: { file: 'financials.csv', schema: financialRow, columns: Object.keys(financialRow.shape) },
} as const;
