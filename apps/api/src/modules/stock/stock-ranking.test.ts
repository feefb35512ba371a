import { messages, RANKING_DEFAULT_COUNT, RANKING_MAX_COUNT, RANKING_PERIODS, type StockSummary, seoulDay } from '@beesang/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOpenListing } from '../../test/factories.ts';
import { expectError, getResult } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let companies: Map<number, { current: number; previous: number; shares: number; labels: string[]; listedAt: Date; updatedAt: Date }>;

const ranking = (path: string) => getResult<StockSummary[]>(t.app, `/api/v2/stock/ranking-list${path}`);
const ids = (rows: StockSummary[]) => rows.map((r) => r.companyIdx);
const sorted = (values: number[], direction: 'asc' | 'desc') => [...values].sort((a, b) => (direction === 'asc' ? a - b : b - a));
const daysAgo = (days: number) => seoulDay(new Date(t.clock.now().getTime() - days * 86_400_000));

/** Listings open now, by company (the demo data registers some). */
async function openListings(): Promise<Map<number, number>> {
  const rows = await t.db
    .selectFrom('trades')
    .select(['company_id', sql<number>`count(*)`.as('n')])
    .where('status', '=', 11)
    .where('expires_at', '>', t.clock.now())
    .groupBy('company_id')
    .execute();
  return new Map(rows.map((r) => [r.company_id, Number(r.n)]));
}

/** Sum of a per-day column since `fromDay`, by company. */
async function sumSince(table: 'company_daily_views' | 'price_bars', fromDay: string): Promise<Map<number, number>> {
  const column = table === 'price_bars' ? sql<number>`sum(volume)` : sql<number>`sum(views)`;
  const rows = await t.db
    .selectFrom(table)
    .select(['company_id', column.as('total')])
    .where('day', '>=', fromDay)
    .groupBy('company_id')
    .execute();
  return new Map(rows.map((r) => [r.company_id, Number(r.total)]));
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db
    .selectFrom('companies')
    .select(['id', 'current_price', 'previous_close', 'shares_outstanding', 'labels', 'listed_at', 'price_updated_at'])
    .execute();
  companies = new Map(
    rows.map((r) => [
      r.id,
      {
        current: Number(r.current_price),
        previous: Number(r.previous_close),
        shares: Number(r.shares_outstanding),
        labels: r.labels,
        listedAt: r.listed_at,
        updatedAt: r.price_updated_at,
      },
    ]),
  );
});
afterAll(() => t?.close());

describe('GET /api/v2/stock/ranking-list', () => {
  it(`defaults to TODAY and ${RANKING_DEFAULT_COUNT} rows`, async () => {
    const plain = await ranking('');
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.length).toBeLessThanOrEqual(RANKING_DEFAULT_COUNT);
    expect(await ranking('/TODAY')).toEqual(plain);
    expect(await ranking(`/TODAY/${RANKING_DEFAULT_COUNT}`)).toEqual(plain);
  });

  it('honours the count', async () => {
    for (const period of RANKING_PERIODS) {
      const three = await ranking(`/${period}/3`);
      expect(three.length, period).toBeLessThanOrEqual(3);
      expect(ids(three), period).toEqual(ids(await ranking(`/${period}/${RANKING_MAX_COUNT}`)).slice(0, 3));
    }
    expect(await ranking('/HIGH_HITS/1')).toHaveLength(1);
  });

  it('rows carry consistent prices, gaps, market caps and open listing counts', async () => {
    const listings = await openListings();
    expect(listings.size).toBeGreaterThan(0);
    for (const period of RANKING_PERIODS) {
      for (const row of await ranking(`/${period}/${RANKING_MAX_COUNT}`)) {
        const c = companies.get(row.companyIdx)!;
        expect(row.companyStockCurrentPrice).toBe(c.current);
        expect(row.stockPriceGap).toBe(String(c.current - c.previous));
        expect(row.marketCapitalization).toBe(c.current * c.shares);
        expect(row.stockLabelType).toEqual(c.labels);
        expect(row.tradeCount).toBe(listings.get(row.companyIdx) ?? 0);
      }
    }
  });

  it('TODAY lists the companies whose price changed today in Seoul, latest first', async () => {
    const startOfDay = new Date(`${seoulDay(t.clock.now())}T00:00:00+09:00`).getTime();
    const expected = [...companies].filter(([, c]) => c.updatedAt.getTime() >= startOfDay).map(([id]) => id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(companies.size);
    const rows = await ranking(`/TODAY/${RANKING_MAX_COUNT}`);
    expect(ids(rows).sort()).toEqual(expected.sort());
    const times = rows.map((r) => Date.parse(r.updatedAt));
    expect(times).toEqual(sorted(times, 'desc'));
  });

  it('TODAY falls back to the latest trading day over a week-end', async () => {
    const friday = await ranking(`/TODAY/${RANKING_MAX_COUNT}`);
    const now = t.clock.now();
    try {
      t.clock.set(new Date(now.getTime() + 86_400_000)); // Saturday, nothing traded yet
      expect(new Date(`${seoulDay(t.clock.now())}T12:00:00Z`).getUTCDay()).toBe(6);
      expect(await ranking(`/TODAY/${RANKING_MAX_COUNT}`)).toEqual(friday);
    } finally {
      t.clock.set(now);
    }
  });

  it('HIGH_HITS orders by views over the last 7 days', async () => {
    const views = await sumSince('company_daily_views', daysAgo(6));
    const rows = await ranking(`/HIGH_HITS/${RANKING_MAX_COUNT}`);
    expect(rows).toHaveLength(companies.size);
    const recent = rows.map((r) => views.get(r.companyIdx) ?? 0);
    expect(recent).toEqual(sorted(recent, 'desc'));
    expect(recent[0]).toBe(Math.max(...views.values()));
  });

  it('HIGH_UP lists every rising company, by rate descending', async () => {
    const rising = [...companies].filter(([, c]) => c.current > c.previous).map(([id]) => id);
    expect(rising.length).toBeGreaterThan(1);
    const rows = await ranking(`/HIGH_UP/${RANKING_MAX_COUNT}`);
    expect(ids(rows).sort()).toEqual(rising.sort());
    const rates = rows.map((r) => Number(r.stockPriceRateGap));
    for (const row of rows) {
      expect(Number(row.stockPriceGap)).toBeGreaterThan(0);
      expect(Number(row.stockPriceRateGap)).toBeGreaterThan(0);
    }
    expect(rates).toEqual(sorted(rates, 'desc'));
  });

  it('HIGH_DOWN lists every falling company, the steepest fall first', async () => {
    const falling = [...companies].filter(([, c]) => c.current < c.previous).map(([id]) => id);
    expect(falling.length).toBeGreaterThan(1);
    const rows = await ranking(`/HIGH_DOWN/${RANKING_MAX_COUNT}`);
    expect(ids(rows).sort()).toEqual(falling.sort());
    for (const row of rows) {
      expect(row.stockPriceGap).toMatch(/^-\d+$/);
      expect(row.stockPriceRateGap).toMatch(/^-\d+\.\d{2}$/);
    }
    const rates = rows.map((r) => Number(r.stockPriceRateGap));
    expect(rates).toEqual(sorted(rates, 'asc'));
  });

  it('NEW lists VC companies only, newest listing first', async () => {
    const vc = [...companies].filter(([, c]) => c.labels.includes('VC')).map(([id]) => id);
    expect(vc.length).toBeGreaterThan(1);
    const rows = await ranking(`/NEW/${RANKING_MAX_COUNT}`);
    expect(ids(rows).sort()).toEqual(vc.sort());
    for (const row of rows) expect(row.stockLabelType).toContain('VC');
    const listed = rows.map((r) => companies.get(r.companyIdx)!.listedAt.getTime());
    expect(listed).toEqual(sorted(listed, 'desc'));
  });

  it('HIGH_VOLUME orders by traded volume over 30 days, with open listings first', async () => {
    const volume = await sumSince('price_bars', daysAgo(30));
    const rows = await ranking(`/HIGH_VOLUME/${RANKING_MAX_COUNT}`);
    // Open listings first, then volume: as one key, listings × 10^12 + volume must not increase.
    const keys = rows.map((r) => r.tradeCount * 1e12 + (volume.get(r.companyIdx) ?? 0));
    expect(keys).toEqual(sorted(keys, 'desc'));
    expect(rows[0]!.tradeCount).toBeGreaterThan(rows.at(-1)!.tradeCount);

    // The quietest company gets more open listings than the busiest: it jumps to the top.
    const quietest = rows.at(-1)!;
    const extra = rows[0]!.tradeCount + 1;
    for (let i = 0; i < extra; i++) await insertOpenListing(t.db, quietest.companyIdx, t.clock.now());
    const after = await ranking(`/HIGH_VOLUME/${RANKING_MAX_COUNT}`);
    expect(after[0]).toMatchObject({ companyIdx: quietest.companyIdx, tradeCount: quietest.tradeCount + extra });
    expect(ids(after).slice(1)).toEqual(ids(rows).filter((id) => id !== quietest.companyIdx));
  });

  it('caps a count above the maximum instead of refusing it', async () => {
    const most = ids(await ranking(`/TODAY/${RANKING_MAX_COUNT}`));
    expect(ids(await ranking(`/TODAY/${RANKING_MAX_COUNT + 1}`))).toEqual(most);
    expect(ids(await ranking('/TODAY/1000'))).toEqual(most);
    expect(ids(await ranking('/TODAY/1e9'))).toEqual(most);
  });

  it('rejects an unknown period and a count that is not a positive integer, in Korean', async () => {
    for (const period of ['YESTERDAY', 'today', 'HIGH%20UP', '1']) {
      await expectError(t.app, `/api/v2/stock/ranking-list/${period}`, 400, messages.invalidRankingPeriod);
      await expectError(t.app, `/api/v2/stock/ranking-list/${period}/10`, 400);
    }
    for (const count of ['0', 'abc', '-1', '1.5', '99999999999999999999']) {
      await expectError(t.app, `/api/v2/stock/ranking-list/TODAY/${count}`, 400, messages.invalidRankingCount);
    }
  });
});
