import { messages, RANKING_MAX_COUNT, type StockSummary, seoulDay } from '@beesang/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, getResult } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

const view = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload: payload as object });
const viewsOfPath = async (path: string) =>
  Number((await t.db.selectFrom('page_views').select(sql<number>`count(*)`.as('n')).where('path', '=', path).executeTakeFirstOrThrow()).n);
const company = (id: number) =>
  t.db
    .selectFrom('companies')
    .select(['view_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.view_count));
/** Views of each company over the 7 days HIGH_HITS looks at. */
async function recentViews(): Promise<Map<number, number>> {
  const since = seoulDay(new Date(t.clock.now().getTime() - 6 * 86_400_000));
  const rows = await t.db
    .selectFrom('company_daily_views')
    .select(['company_id', sql<number>`sum(views)`.as('n')])
    .where('day', '>=', since)
    .groupBy('company_id')
    .execute();
  return new Map(rows.map((r) => [r.company_id, Number(r.n)]));
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST /api/analytics/page-view', () => {
  it('records a page view and answers 204 without a body', async () => {
    const res = await view({ path: '/notice', referrer: 'https://search.naver.com/' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await viewsOfPath('/notice')).toBe(1);
    await view({ path: '/notice?page=2#top' });
    expect(await viewsOfPath('/notice')).toBe(2);
  });

  it("counts a stock page towards the company's total and today's views", async () => {
    const before = await company(5);
    const today = seoulDay(t.clock.now());
    const daily = async () =>
      Number(
        (
          await t.db
            .selectFrom('company_daily_views')
            .select('views')
            .where('company_id', '=', 5)
            .where('day', '=', today)
            .executeTakeFirst()
        )?.views ?? 0,
      );
    const dailyBefore = await daily();
    expect((await view({ path: '/stock/5' })).statusCode).toBe(204);
    expect((await view({ path: '/stock/5/?tab=info' })).statusCode).toBe(204);
    expect(await company(5)).toBe(before + 2);
    expect(await daily()).toBe(dailyBefore + 2);
    const listed = await getResult<{ data: StockSummary[] }>(t.app, '/api/v2/stock/list?size=100');
    expect(listed.data.find((r) => r.companyIdx === 5)?.viewCount).toBe(before + 2);
  });

  it('ignores a stock page of a company that does not exist', async () => {
    expect((await view({ path: '/stock/987654' })).statusCode).toBe(204);
    const row = await t.db.selectFrom('page_views').select('company_id').where('path', '=', '/stock/987654').executeTakeFirstOrThrow();
    expect(row.company_id).toBeNull();
  });

  it('lifts company 5 to the top of HIGH_HITS after enough views', async () => {
    const ranking = async () =>
      (await getResult<StockSummary[]>(t.app, `/api/v2/stock/ranking-list/HIGH_HITS/${RANKING_MAX_COUNT}`)).map((r) => r.companyIdx);
    const positionBefore = (await ranking()).indexOf(5);
    expect(positionBefore).toBeGreaterThan(0);
    const recent = await recentViews();
    const leader = Math.max(...[...recent].filter(([id]) => id !== 5).map(([, n]) => n));
    const needed = leader - (recent.get(5) ?? 0) + 1;
    // Half the views move it up without reaching the top; all of them make it first.
    const send = async (n: number) => {
      for (let i = 0; i < n; i += 25) {
        const batch = Array.from({ length: Math.min(25, n - i) }, () => view({ path: '/stock/5' }));
        for (const res of await Promise.all(batch)) expect(res.statusCode).toBe(204);
      }
    };
    await send(Math.floor(needed / 2));
    const positionMiddle = (await ranking()).indexOf(5);
    expect(positionMiddle).toBeLessThanOrEqual(positionBefore);
    await send(needed - Math.floor(needed / 2));
    expect((await ranking())[0]).toBe(5);
    expect((await recentViews()).get(5)).toBe(leader + 1);
  });

  it('rejects bad bodies with a Korean message and stores nothing', async () => {
    const count = async () =>
      Number((await t.db.selectFrom('page_views').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const post = (payload: string, contentType = 'application/json') => ({
      method: 'POST' as const,
      url: '/api/analytics/page-view',
      payload,
      headers: { 'content-type': contentType },
    });
    const invalidPath = [{ path: '' }, { path: 'stock/5' }, { path: `/${'a'.repeat(300)}` }, { path: '/a\u0000b' }];
    for (const body of invalidPath) await expectError(t.app, post(JSON.stringify(body)), 400, messages.invalidPath);
    const invalid = [
      {},
      { path: 5 },
      { path: null },
      { path: ['/'] },
      { path: '/', referrer: 'r'.repeat(501) },
      { path: '/', referrer: 7 },
    ];
    for (const body of invalid) await expectError(t.app, post(JSON.stringify(body)), 400);
    for (const raw of ['', '{"path":', 'null', '[]', '"/"', '{"path":"/"']) await expectError(t.app, post(raw), 400);
    await expectError(t.app, post('path=/', 'application/x-www-form-urlencoded'), 415);
    await expectError(t.app, post(JSON.stringify({ path: `/${'x'.repeat(1_100_000)}` })), 413, messages.payloadTooLarge);
    expect(await count()).toBe(before);
  });

  it('is POST only', async () => {
    await expectError(t.app, '/api/analytics/page-view', 404, messages.notFound);
  });
});
