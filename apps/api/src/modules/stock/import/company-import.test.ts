import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ImportError, importFolder } from '../../../db/import/import.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const COMPANIES = `code,name,sector,labels,shares_outstanding,ceo_name,founded_on,address,homepage_url,business_summary
A10001,"가나다 바이오, 주식회사",BIO,KOTC|VC,1000000,홍길동,2015-03-02,서울특별시 강남구,https://example.com,"항체 신약 ""개발"""
A10002,라마바테크,SOFTWARE,UNISSUED,250000,,,,,
`;
const PRICES = `code,date,open,high,low,close,volume
A10001,2026-11-18,10000,10500,9900,10200,120
A10001,2026-11-19,10200,10300,9800,9900,80
A10002,2026-11-19,5000,5000,5000,5000,0
`;
const FINANCIALS = `code,year,revenue,operating_profit,net_income,operating_margin,debt_ratio,roe
A10001,2025,12000000000,-300000000,-250000000,-2.5,80.1,-3.2
`;

let t: TestApp;
let folder: string;

function write(files: Record<string, string>) {
  rmSync(folder, { recursive: true, force: true });
  folder = mkdtempSync(join(tmpdir(), 'beesang-import-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
}

async function counts() {
  const n = async (table: 'companies' | 'price_bars' | 'company_financials') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { companies: await n('companies'), bars: await n('price_bars'), financials: await n('company_financials') };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  folder = mkdtempSync(join(tmpdir(), 'beesang-import-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t?.close();
});

describe('data import from CSV', () => {
  beforeEach(async () => {
    await t.db.deleteFrom('companies').execute();
  });

  it('loads companies, prices and financials and derives the current price', async () => {
    write({ 'companies.csv': COMPANIES, 'prices.csv': PRICES, 'financials.csv': FINANCIALS });
    expect(await importFolder(t.db, folder)).toEqual({ companies: 2, prices: 3, financials: 1 });
    const a = await t.db.selectFrom('companies').selectAll().where('code', '=', 'A10001').executeTakeFirstOrThrow();
    expect(a.name).toBe('가나다 바이오, 주식회사');
    expect(a.business_summary).toBe('항체 신약 "개발"');
    expect(a.labels).toEqual(['KOTC', 'VC']);
    expect(Number(a.current_price)).toBe(9900);
    expect(Number(a.previous_close)).toBe(10200);
    expect(a.is_demo).toBe(false);
    // Imported prices keep their own source (decision 0006).
    expect([a.price_source, a.price_trade_count]).toEqual(['IMPORT', 0]);
    const b = await t.db.selectFrom('companies').selectAll().where('code', '=', 'A10002').executeTakeFirstOrThrow();
    expect(b.founded_on).toBeNull();
    expect(Number(b.current_price)).toBe(5000);
    const fin = await t.db.selectFrom('company_financials').selectAll().executeTakeFirstOrThrow();
    expect(Number(fin.operating_profit)).toBe(-300_000_000);
  });

  it('is idempotent: the same files twice leave the same rows', async () => {
    write({ 'companies.csv': COMPANIES, 'prices.csv': PRICES, 'financials.csv': FINANCIALS });
    await importFolder(t.db, folder);
    const first = await counts();
    await importFolder(t.db, folder);
    expect(await counts()).toEqual(first);
    expect(first).toEqual({ companies: 2, bars: 3, financials: 1 });
  });

  it.each([
    ['prices.csv', PRICES.replace('10200,120', 'abc,120'), 'prices.csv 2행, close 열'],
    ['prices.csv', PRICES.replace('2026-11-19,5000', '2026-02-30,5000'), 'prices.csv 4행, date 열'],
    ['prices.csv', `${PRICES}ZZZ9,2026-11-19,1,1,1,1,1\n`, 'prices.csv 5행, code 열: 등록되지 않은 종목코드'],
    ['companies.csv', COMPANIES.replace(',BIO,', ',SPACE,'), 'companies.csv 2행, sector 열'],
    ['companies.csv', COMPANIES.replace('KOTC|VC', 'KOTC|NASDAQ'), 'companies.csv 2행, labels 열'],
    ['financials.csv', FINANCIALS.replace(',2025,', ',20x5,'), 'financials.csv 2행, year 열'],
    // Ratios that contradict the statements on their line (issue 14 §3).
    ['financials.csv', FINANCIALS.replace(',-3.2', ',3.2'), 'financials.csv 2행, roe 열: 당기순손실인데 ROE가 양수입니다 (값: "3.2")'],
    [
      'financials.csv',
      FINANCIALS.replace(',-2.5,', ',2.5,'),
      'financials.csv 2행, operating_margin 열: 영업이익률이(가) 영업이익 ÷ 매출액(-2.50%)와 맞지 않습니다',
    ],
    [
      'financials.csv',
      `${FINANCIALS.split('\n')[0]},equity,liabilities\nA10001,2025,12000000000,-300000000,-250000000,-2.5,80.1,-3.2,5000000000,4005000000\n`,
      'financials.csv 2행, roe 열: ROE이(가) 당기순이익 ÷ 자본총계(-5.00%)와 맞지 않습니다',
    ],
    ['financials.csv', FINANCIALS.replace(',-3.2', ','), 'financials.csv 2행, roe 열: ROE이(가) 비어 있고 자본총계(equity)가 없거나'],
    ['companies.csv', 'code,name\nA1,x\n', 'companies.csv 1행: 필수 열이 없습니다'],
    ['prices.csv', 'code,date,open,high,low,close,volume\nA10001,2026-11-18,1,2\n', 'prices.csv 2행: 열 개수'],
  ])('rejects a bad %s naming file, line and column, and writes nothing', async (file, text, expected) => {
    const files: Record<string, string> = { 'companies.csv': COMPANIES, 'prices.csv': PRICES, 'financials.csv': FINANCIALS, [file]: text };
    write(files);
    const error = await importFolder(t.db, folder).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toContain(expected);
    expect(await counts()).toEqual({ companies: 0, bars: 0, financials: 0 });
  });

  it('computes empty ratios from the statements beside them', async () => {
    write({
      'companies.csv': COMPANIES,
      'financials.csv': `code,year,revenue,operating_profit,net_income,operating_margin,debt_ratio,roe,equity,liabilities
A10001,2025,12000000000,-300000000,-250000000,,,,5000000000,4005000000
A10001,2024,8000000000,1000000000,400000000,12.5,45.2,8,5000000000,
`,
    });
    expect(await importFolder(t.db, folder)).toMatchObject({ financials: 2 });
    const rows = await t.db.selectFrom('company_financials').selectAll().orderBy('year').execute();
    expect(rows.map((f) => [f.year, Number(f.operating_margin), Number(f.debt_ratio), Number(f.roe)])).toEqual([
      [2024, 12.5, 45.2, 8],
      [2025, -2.5, 80.1, -5],
    ]);
  });

  it('refuses a folder without any of the files', async () => {
    write({ 'other.csv': 'x\n' });
    await expect(importFolder(t.db, folder)).rejects.toThrow('companies.csv, prices.csv, financials.csv 중 하나도 없습니다');
  });
});
