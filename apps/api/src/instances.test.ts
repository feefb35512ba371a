import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from './test/factories.ts';
import { getResult } from './test/http.ts';
import { createMember } from './test/members.ts';
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
    expect((await getResult<Profile>(b.app, url)).bestSellPrice).toBeNull(); // B caches it now (for 10 s)
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
    const priced = await t.app.inject({
      method: 'POST',
      url: `/api/admin/company/${id}/price`,
      headers: { ...admin.headers, origin: 'http://localhost:3000' },
      payload: { price: 21_000, note: '공시 반영' },
    });
    expect(priced.statusCode, priced.body).toBe(200);
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
});
