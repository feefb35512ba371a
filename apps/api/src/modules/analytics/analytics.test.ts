import { messages, PAGE_VIEWS_PER_ADDRESS, RANKING_MAX_COUNT, type StockSummary, seoulDay } from '@beesang/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, getResult } from '../../test/http.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
let ipSeq = 0;
/** A different person each time: another address (no cookie), as a phone on a carrier network. */
const nextIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
const view = (payload: unknown, opts: { ip?: string; agent?: string; cookie?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/page-view',
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { 'user-agent': opts.agent ?? BROWSER, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });
const visitorCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'BSV');
  return c ? `BSV=${c.value}` : undefined;
};
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

  it("counts a stock page towards the company's total and today's views, once per visitor", async () => {
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
    // The same person again (same address and agent, no cookie): logged, not counted.
    const ip = nextIp();
    await view({ path: '/stock/5' }, { ip });
    await view({ path: '/stock/5' }, { ip });
    expect(await company(5)).toBe(before + 3);
    expect(await daily()).toBe(dailyBefore + 3);
    const listed = await getResult<{ data: StockSummary[] }>(t.app, '/api/v2/stock/list?size=100');
    expect(listed.data.find((r) => r.companyIdx === 5)?.viewCount).toBe(before + 3);
  });

  it('3,000 views from one address count once; the log keeps them all', async () => {
    const before = await company(6);
    const logged = await viewsOfPath('/stock/6');
    const ip = nextIp();
    for (let i = 0; i < 3000; i += 100) {
      const batch = await Promise.all(Array.from({ length: 100 }, () => view({ path: '/stock/6' }, { ip })));
      for (const res of batch) expect(res.statusCode).toBe(204);
    }
    expect(await company(6)).toBe(before + 1);
    expect(await viewsOfPath('/stock/6')).toBe(logged + 3000);
  });

  it('a visitor cookie is one visitor from any address, again after 30 minutes; a forged one is not trusted', async () => {
    const first = await view({ path: '/stock/7' });
    const cookie = visitorCookie(first);
    expect(cookie).toMatch(/^BSV=[\w-]+\.[\w-]+$/);
    expect(first.headers['set-cookie']).toMatch(/HttpOnly/i);
    const before = await company(7);
    // The browser's next views carry the cookie it was given: the first view is not counted twice.
    for (let i = 0; i < 5; i++) {
      const res = await view({ path: '/stock/7' }, { cookie });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await company(7)).toBe(before);
    const start = t.clock.now();
    try {
      t.clock.advance(30 * 60_000);
      await view({ path: '/stock/7' }, { cookie });
      expect(await company(7)).toBe(before + 1);
    } finally {
      t.clock.set(start);
    }
    // A cookie the server did not sign counts as no cookie: the address and agent decide, and a new one is issued.
    const ip = nextIp();
    const forged = await view({ path: '/stock/7' }, { ip, cookie: 'BSV=forged.signature' });
    expect(visitorCookie(forged)).toBeDefined();
    await view({ path: '/stock/7' }, { ip, cookie: 'BSV=another.signature' });
    expect(await company(7)).toBe(before + 2);
  });

  it(`one address counts at most ${PAGE_VIEWS_PER_ADDRESS} visitors per company in 30 minutes, however many cookies it collects`, async () => {
    const before = await company(8);
    const ip = nextIp();
    for (let i = 0; i < 40; i++) {
      const fresh = visitorCookie(await view({ path: '/notice' }, { ip, agent: `${BROWSER} ${i}` }));
      await view({ path: '/stock/8' }, { ip, cookie: fresh });
    }
    expect(await company(8)).toBe(before + PAGE_VIEWS_PER_ADDRESS);
  });

  it('known bots and agentless requests are logged but never counted', async () => {
    const before = await company(9);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)',
      'Mozilla/5.0 (compatible; Daumoa/4.0)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      '',
    ]) {
      expect((await view({ path: '/stock/9' }, { agent })).statusCode).toBe(204);
    }
    expect(await company(9)).toBe(before);
    // The Naver and Kakao in-app browsers are people.
    await view({ path: '/stock/9' }, { agent: `${BROWSER} NAVER(inapp; search; 1000; 12.0.0)` });
    await view({ path: '/stock/9' }, { agent: `${BROWSER} KAKAOTALK 10.8.0` });
    expect(await company(9)).toBe(before + 2);
  });

  it('two instances agree: a visitor counted on one is not counted again on the other', async () => {
    const other = await secondInstance(t);
    try {
      const before = await company(10);
      const ip = nextIp();
      await view({ path: '/stock/10' }, { ip });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/analytics/page-view',
        payload: { path: '/stock/10' },
        remoteAddress: ip,
        headers: { 'user-agent': BROWSER },
      });
      expect(res.statusCode).toBe(204);
      expect(await company(10)).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('ignores a stock page of a company that does not exist', async () => {
    expect((await view({ path: '/stock/987654' })).statusCode).toBe(204);
    const row = await t.db.selectFrom('page_views').select('company_id').where('path', '=', '/stock/987654').executeTakeFirstOrThrow();
    expect(row.company_id).toBeNull();
  });

  it('lifts company 5 to the top of HIGH_HITS after enough views', async () => {
    // The ranking is reused for 5 s of the business clock (views announce nothing; issue 24): each
    // reading below is of the next 5 s.
    const ranking = async () => {
      t.clock.advance(5_000);
      return (await getResult<StockSummary[]>(t.app, `/api/v2/stock/ranking-list/HIGH_HITS/${RANKING_MAX_COUNT}`)).map((r) => r.companyIdx);
    };
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
    const invalidPath = [{ path: '' }, { path: 'stock/5' }, { path: `/${'a'.repeat(300)}` }];
    for (const body of invalidPath) await expectError(t.app, post(JSON.stringify(body)), 400, messages.invalidPath);
    for (const body of [{ path: '/a\u0000b' }, { path: '/', referrer: 'x\ud800' }]) {
      await expectError(t.app, post(JSON.stringify(body)), 400, messages.unsafeText);
    }
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
