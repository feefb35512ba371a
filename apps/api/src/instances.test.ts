import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from './db/unit-of-work.ts';
import { insertCompany } from './test/factories.ts';
import { getResult } from './test/http.ts';
import { createMember } from './test/members.ts';
import { enterAndApprove } from './test/prices.ts';
import { createTestApp, LISTINGS_UNLIMITED, secondInstance, type TestApp } from './test/test-app.ts';

/**
 * Two app instances on one database, built the way the server builds them: their caches agree
 * through the invalidation bus the configuration picks — in process on the embedded database
 * (one process owns it), PostgreSQL LISTEN/NOTIFY on TEST_DATABASE_URL. The cluster test does the
 * same with real processes behind haproxy.
 */
let t: TestApp;
let b: Awaited<ReturnType<typeof secondInstance>>;
beforeAll(async () => {
  t = await createTestApp({ companies: 2, limits: { rules: LISTINGS_UNLIMITED } });
  b = await secondInstance(t);
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

type Profile = { companyStockCurrentPrice: number; bestSellPrice: number | null; priceSource: string };

/** Reads from B until `check` holds; the time it took from the write's answer. */
async function untilB<T>(url: string, check: (v: T) => boolean): Promise<number> {
  const start = performance.now();
  for (;;) {
    const value = await getResult<T>(b.app, url);
    if (check(value)) return performance.now() - start;
    if (performance.now() - start > 1000) throw new Error(`B still answers ${JSON.stringify(value)} a second after the write`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe(`two instances on one ${process.env.TEST_DATABASE_URL ? 'PostgreSQL database (LISTEN/NOTIFY)' : 'embedded database (in process)'}`, () => {
  it('the bus each uses matches the database', () => {
    const kind = t.app.services.bus.stats().kind;
    expect(kind).toBe(t.databaseUrl ? 'postgres' : 'memory');
    expect(b.app.services.bus.stats().kind).toBe(kind);
  });

  it('a listing posted on A is B’s best 호가 and in B’s list; an operator’s price set on A is B’s price', async () => {
    const id = await insertCompany(t.db, { currentPrice: 20_000, previousClose: 20_000 });
    const url = `/api/v2/stock/profile/${id}`;
    expect((await getResult<Profile>(b.app, url)).bestSellPrice).toBeNull(); // B caches it now (until a write or its first listing ends)
    expect((await getResult<{ total: number }>(b.app, `/api/v2/trade/all/company/${id}`)).total).toBe(0);

    const seller = await createMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/sell',
      headers: seller.headers,
      payload: { companyIdx: id, stockCount: 100, stockPerPrice: 19_000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const waited = await untilB<Profile>(url, (p) => p.bestSellPrice === 19_000);
    if (!t.databaseUrl) expect(waited).toBeLessThan(50); // in process: before the next read
    expect((await getResult<{ total: number }>(b.app, `/api/v2/trade/all/company/${id}`)).total).toBe(1);

    const admin = await createMember(t);
    await t.db.updateTable('users').set({ staff_role: 'ADMIN' }).where('id', '=', admin.id).execute();
    const second = await createMember(t);
    await t.db.updateTable('users').set({ staff_role: 'MODERATOR' }).where('id', '=', second.id).execute();
    await enterAndApprove(t.app, { company: id, price: 21_000, by: admin.headers, approver: second.headers, note: '공시 반영' });
    await untilB<Profile>(url, (p) => p.companyStockCurrentPrice === 21_000 && p.priceSource === 'MANUAL');
  });

  it('a member who leaves on A takes their listings out of B’s best 호가', async () => {
    const id = await insertCompany(t.db, { currentPrice: 8_000, previousClose: 8_000 });
    const url = `/api/v2/stock/profile/${id}`;
    const seller = await createMember(t);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/trade/sell',
      headers: seller.headers,
      payload: { companyIdx: id, stockCount: 200, stockPerPrice: 7_900 },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await untilB<Profile>(url, (p) => p.bestSellPrice === 7_900);
    const left = await t.app.inject({ method: 'DELETE', url: `/api/user/${seller.id}`, headers: seller.headers });
    expect(left.statusCode, left.body).toBe(204);
    await untilB<Profile>(url, (p) => p.bestSellPrice === null);
  });

  it('what every page of a member shows, kept per instance (issue 24), follows a change on A at B: favourites, price alerts, unread notifications', async () => {
    const id = await insertCompany(t.db, { currentPrice: 5_000, previousClose: 5_000 });
    const m = await createMember(t);
    const asM = (url: string) =>
      b.app.inject({ url, headers: m.headers }).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return (r.json() as { result: unknown }).result;
      });
    type Profile = { stockFavorite: boolean };
    type Alerts = { data: unknown[] };
    type Unread = { unreadCount: number };
    // B holds each of them now.
    expect(((await asM(`/api/v2/stock/profile/${id}`)) as Profile).stockFavorite).toBe(false);
    expect(((await asM('/api/price-alerts')) as Alerts).data).toHaveLength(0);
    expect(((await asM('/api/notifications/unread')) as Unread).unreadCount).toBe(0);

    const onA = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: m.headers, ...(payload && { payload }) }).then((r) => expect(r.statusCode, r.body).toBe(200));
    await onA('POST', `/api/stock/add/favorite/stock/${id}`);
    await onA('POST', '/api/price-alerts', { companyIdx: id, direction: 'ABOVE', price: 6_000 });
    await unitOfWork(t.appDb, (tx) =>
      t.app.services.notify.notifications.notify(tx, {
        userId: m.id,
        kind: 'SECURITY_PASSWORD',
        title: '비밀번호가 바뀌었어요',
        body: '본인이 아니라면 고객센터로 알려주세요.',
        url: '/myPage',
        dedupeKey: `instances-${m.id}`,
      }),
    );
    await t.app.services.bus.settled();
    const start = performance.now();
    for (;;) {
      const [profile, alerts, unread] = await Promise.all([
        asM(`/api/v2/stock/profile/${id}`) as Promise<Profile>,
        asM('/api/price-alerts') as Promise<Alerts>,
        asM('/api/notifications/unread') as Promise<Unread>,
      ]);
      if (profile.stockFavorite && alerts.data.length === 1 && unread.unreadCount === 1) break;
      if (performance.now() - start > 1000)
        throw new Error(`B still answers ${JSON.stringify({ profile, alerts, unread })} a second after the writes`);
      await new Promise((r) => setTimeout(r, 5));
    }
  });
});
