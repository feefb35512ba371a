import {
  type CompanyInfo,
  type FinancialYear,
  LIST_PAGE_SIZE_DEFAULT,
  LIST_PAGE_SIZE_MAX,
  MARKET_LABELS,
  messages,
  type PriceBar,
  type StockProfile,
  type StockSummary,
  seoulDay,
} from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, getResult } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
type Row = { id: number; name: string; code: string; sector: string; labels: string[]; current: number; previous: number; shares: number };
let companies: Row[];

interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  size: number;
}
const list = (query = '') => getResult<Paged<StockSummary>>(t.app, `/api/v2/stock/list${query}`);
const MISSING_ID = 987_654;
const BAD_IDS = ['0', '-1', 'abc', '1.5', '2147483648', '99999999999999999999', '%20', 'NaN', 'Infinity'];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .selectFrom('companies')
    .select(['id', 'name', 'code', 'sector', 'labels', 'current_price', 'previous_close', 'shares_outstanding'])
    .orderBy('id')
    .execute();
  companies = rows.map((r) => ({
    ...r,
    current: Number(r.current_price),
    previous: Number(r.previous_close),
    shares: Number(r.shares_outstanding),
  }));
});
afterAll(() => t?.close());

function expectOrdered(values: Array<number | string>, order: 'asc' | 'desc') {
  for (let i = 1; i < values.length; i++) {
    const [a, b] = [values[i - 1]!, values[i]!];
    if (order === 'asc') expect(a <= b, `${a} ≤ ${b}`).toBe(true);
    else expect(a >= b, `${a} ≥ ${b}`).toBe(true);
  }
}

describe('GET /api/v2/stock/list', () => {
  it('pages through every company by market cap by default', async () => {
    const first = await list();
    expect(first).toMatchObject({ total: companies.length, page: 1, size: LIST_PAGE_SIZE_DEFAULT });
    expect(first.data).toHaveLength(Math.min(LIST_PAGE_SIZE_DEFAULT, companies.length));
    expectOrdered(
      first.data.map((r) => r.marketCapitalization),
      'desc',
    );

    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(companies.length / 15); page++) {
      const p = await list(`?page=${page}&size=15`);
      expect(p).toMatchObject({ total: companies.length, page, size: 15 });
      seen.push(...p.data.map((r) => r.companyIdx));
    }
    expect(seen.sort((a, b) => a - b)).toEqual(companies.map((c) => c.id));
    const past = await list('?page=99&size=15');
    expect(past).toMatchObject({ data: [], total: companies.length, page: 99 });
  });

  it('filters by label and by sector, together too', async () => {
    for (const label of MARKET_LABELS) {
      const expected = companies.filter((c) => c.labels.includes(label));
      const result = await list(`?label=${label}&size=${LIST_PAGE_SIZE_MAX}`);
      expect(result.total, label).toBe(expected.length);
      expect(result.data.map((r) => r.companyIdx).sort(), label).toEqual(expected.map((c) => c.id).sort());
      for (const row of result.data) expect(row.stockLabelType).toContain(label);
    }
    const sector = companies[1]!.sector;
    const bySector = await list(`?sector=${sector}`);
    expect(bySector.total).toBe(companies.filter((c) => c.sector === sector).length);
    for (const row of bySector.data) expect(row.sector).toBe(sector);

    const label = companies[1]!.labels[0]!;
    const both = await list(`?sector=${sector}&label=${label}`);
    expect(both.total).toBe(companies.filter((c) => c.sector === sector && c.labels.includes(label)).length);
    expect(both.total).toBeGreaterThan(0);
  });

  it('sorts by every key in both orders', async () => {
    const keys: Array<[string, (r: StockSummary) => number | string]> = [
      ['name', (r) => r.companyName],
      ['price', (r) => r.companyStockCurrentPrice],
      ['change', (r) => Number(r.stockPriceRateGap)],
      ['marketCap', (r) => r.marketCapitalization],
      ['views', (r) => r.viewCount],
    ];
    for (const [sort, key] of keys) {
      for (const order of ['asc', 'desc'] as const) {
        const { data } = await list(`?sort=${sort}&order=${order}&size=${LIST_PAGE_SIZE_MAX}`);
        expect(data, sort).toHaveLength(companies.length);
        expectOrdered(data.map(key), order);
      }
    }
    const byPrice = await list(`?sort=price&order=asc&size=1`);
    expect(byPrice.data[0]?.companyStockCurrentPrice).toBe(Math.min(...companies.map((c) => c.current)));
  });

  it('rejects bad filters, sorts and paging in Korean', async () => {
    await expectError(t.app, '/api/v2/stock/list?label=NASDAQ', 400, messages.invalidLabel);
    await expectError(t.app, '/api/v2/stock/list?label=vc', 400, messages.invalidLabel);
    await expectError(t.app, '/api/v2/stock/list?sector=SPACE', 400, messages.invalidSector);
    await expectError(t.app, '/api/v2/stock/list?sort=id', 400, messages.invalidSort);
    await expectError(t.app, '/api/v2/stock/list?order=up', 400, messages.invalidSort);
    for (const page of ['0', '-1', 'x', '1.5', '100001']) {
      await expectError(t.app, `/api/v2/stock/list?page=${page}`, 400, messages.invalidPage);
    }
    for (const size of ['0', String(LIST_PAGE_SIZE_MAX + 1), 'all']) {
      await expectError(t.app, `/api/v2/stock/list?size=${size}`, 400, messages.invalidSize);
    }
  });
});

describe('company pages', () => {
  it('GET /api/v2/stock/company/info/{id} returns the company', async () => {
    const c = companies[2]!;
    const info = await getResult<CompanyInfo>(t.app, `/api/v2/stock/company/info/${c.id}`);
    expect(info).toMatchObject({
      companyIdx: c.id,
      companyName: c.name,
      beesangCode: c.code,
      sector: c.sector,
      sharesOutstanding: c.shares,
    });
    expect(info.stockLabelType).toEqual(c.labels);
    expect(info.ceoName).toMatch(/^[가-힣]{2,4}$/);
    expect(info.foundedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.businessSummary).toContain(c.name);
  });

  it('GET /api/v2/stock/profile/{id}: gap strings, signed, consistent with price and market cap', async () => {
    const rising = companies.find((c) => c.current > c.previous)!;
    const falling = companies.find((c) => c.current < c.previous)!;
    const flat = companies.find((c) => c.current === c.previous)!;
    for (const c of [rising, falling, flat]) {
      const p = await getResult<StockProfile>(t.app, `/api/v2/stock/profile/${c.id}`);
      const info = await getResult<CompanyInfo>(t.app, `/api/v2/stock/company/info/${c.id}`);
      expect(p).toMatchObject({ companyIdx: c.id, companyName: c.name, beesangCode: c.code, stockFavorite: false });
      expect(p.companyStockCurrentPrice).toBe(c.current);
      expect(typeof p.stockPriceGap).toBe('string');
      expect(typeof p.stockPriceRateGap).toBe('string');
      expect(Number(p.stockPriceGap)).toBe(c.current - c.previous);
      const previous = p.companyStockCurrentPrice - Number(p.stockPriceGap);
      // Two decimals, rounded: never more than half a hundredth off.
      expect(Math.abs(Number(p.stockPriceRateGap) - ((c.current - previous) / previous) * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(p.stockPriceRateGap).toMatch(/^-?\d+\.\d{2}$/);
      expect(p.marketCapitalization).toBe(p.companyStockCurrentPrice * info.sharesOutstanding);
      // The latest daily bar closes at the current price.
      const chart = await getResult<{ data: PriceBar[] }>(t.app, `/api/stock/chart/${c.id}?range=1M`);
      expect(chart.data.at(-1)?.close).toBe(p.companyStockCurrentPrice);
    }
    const down = await getResult<StockProfile>(t.app, `/api/v2/stock/profile/${falling.id}`);
    expect(down.stockPriceGap.startsWith('-')).toBe(true);
    expect(down.stockPriceRateGap.startsWith('-')).toBe(true);
    const up = await getResult<StockProfile>(t.app, `/api/v2/stock/profile/${rising.id}`);
    expect(up.stockPriceGap).toMatch(/^\d+$/);
    const still = await getResult<StockProfile>(t.app, `/api/v2/stock/profile/${flat.id}`);
    expect(still).toMatchObject({ stockPriceGap: '0', stockPriceRateGap: '0.00' });
  });

  it('GET /api/v2/stock/company/financial/{id} and /api/stock/finance/total/chart/{id} agree, oldest year first', async () => {
    const id = companies[4]!.id;
    const fin = await getResult<{ companyIdx: number; data: FinancialYear[] }>(t.app, `/api/v2/stock/company/financial/${id}`);
    expect(fin.companyIdx).toBe(id);
    expect(fin.data.length).toBeGreaterThanOrEqual(3);
    const years = fin.data.map((d) => d.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(years.at(-1)).toBeLessThan(Number(seoulDay(t.clock.now()).slice(0, 4)));
    for (const y of fin.data) {
      for (const value of Object.values(y)) expect(typeof value).toBe('number');
      expect(y.operatingMargin).toBeCloseTo((y.operatingProfit / y.revenue) * 100, 0);
    }
    const stored = await t.db.selectFrom('company_financials').select(['year', 'revenue']).where('company_id', '=', id).execute();
    expect(fin.data.map((d) => [d.year, d.revenue]).sort()).toEqual(stored.map((r) => [r.year, Number(r.revenue)]).sort());

    const chart = await getResult<{
      companyIdx: number;
      labels: string[];
      revenue: number[];
      operatingProfit: number[];
      netIncome: number[];
    }>(t.app, `/api/stock/finance/total/chart/${id}`);
    expect(chart).toEqual({
      companyIdx: id,
      labels: years.map(String),
      revenue: fin.data.map((d) => d.revenue),
      operatingProfit: fin.data.map((d) => d.operatingProfit),
      netIncome: fin.data.map((d) => d.netIncome),
    });
  });

  it('GET /api/stock/chart/{id}: daily bars ascending within the range of the clock', async () => {
    const id = companies[0]!.id;
    const now = t.clock.now().getTime();
    const today = seoulDay(now);
    const counts: number[] = [];
    for (const [range, days] of [
      ['1M', 31],
      ['3M', 92],
      ['1Y', 366],
    ] as const) {
      const chart = await getResult<{ companyIdx: number; range: string; data: PriceBar[] }>(
        t.app,
        `/api/stock/chart/${id}?range=${range}`,
      );
      expect(chart).toMatchObject({ companyIdx: id, range });
      const dates = chart.data.map((b) => b.date);
      expect(dates.length, range).toBeGreaterThan(days / 2);
      for (let i = 1; i < dates.length; i++) expect(dates[i]! > dates[i - 1]!, `${dates[i - 1]} < ${dates[i]}`).toBe(true);
      expect(dates.at(-1)).toBe(today);
      // Starts within the range, and covers it (no more than a week-end missing at the start).
      expect(dates[0]! >= seoulDay(now - days * 86_400_000), `${range} starts ${dates[0]}`).toBe(true);
      expect(dates[0]! <= seoulDay(now - (days - 4) * 86_400_000), `${range} starts ${dates[0]}`).toBe(true);
      for (const b of chart.data) {
        expect(new Date(`${b.date}T12:00:00Z`).getUTCDay() % 6, `${b.date} is a weekday`).not.toBe(0);
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
        expect(b.volume).toBeGreaterThanOrEqual(0);
      }
      counts.push(dates.length);
    }
    expect(counts[0]).toBeLessThan(counts[1]!);
    expect(counts[1]).toBeLessThan(counts[2]!);
    expect(await getResult(t.app, `/api/stock/chart/${id}`)).toEqual(await getResult(t.app, `/api/stock/chart/${id}?range=1Y`));
  });

  it('rejects a bad chart range in Korean', async () => {
    for (const range of ['2Y', '1m', '', 'ALL', '1M,3M']) {
      await expectError(t.app, `/api/stock/chart/1?range=${range}`, 400, messages.invalidChartRange);
    }
    await expectError(t.app, '/api/stock/chart/1?range=1M&range=3M', 400, messages.invalidChartRange);
  });

  it('answers 404 for an unknown company and 400 for a malformed id on every company route', async () => {
    const routes = [
      '/api/v2/stock/company/info/',
      '/api/v2/stock/profile/',
      '/api/v2/stock/company/financial/',
      '/api/stock/chart/',
      '/api/stock/finance/total/chart/',
    ];
    for (const route of routes) {
      await expectError(t.app, `${route}${MISSING_ID}`, 404, messages.companyNotFound);
      await expectError(t.app, `${route}2147483647`, 404, messages.companyNotFound);
      for (const bad of BAD_IDS) await expectError(t.app, `${route}${bad}`, 400, messages.invalidId);
    }
  });
});
