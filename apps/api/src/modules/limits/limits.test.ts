import { randomBytes } from 'node:crypto';
import { ABUSE_LIMITS, messages } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { createLimitsRepository } from './limits.repository.ts';

/** Issue 10 §4: every limit on abuse, with the production rules, answering 429 in Korean with Retry-After. */
let t: TestApp;
let company: number;
let seq = 0;
const nextIp = () => `198.51.100.${++seq}`;

beforeAll(async () => {
  t = await createTestApp({ companies: 3 });
  company = await insertCompany(t.db);
});
afterAll(async () => {
  await t?.close();
});

const listing = (m: TestMember, side: 'sell' | 'buy' = 'sell', n = 1): InjectOptions => ({
  method: 'POST',
  url: `/api/trade/${side}`,
  payload: { companyIdx: company, stockCount: n, stockPerPrice: 10_000, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: true },
  headers: m.headers,
});

/** Sends `n` requests that must pass, then one more that must be refused with `message`. */
async function exhaust(app: TestApp['app'], request: () => InjectOptions, n: number, message: string) {
  for (let i = 0; i < n; i++) {
    const res = await app.inject(request());
    expect(res.statusCode, `${i + 1}/${n}: ${res.body}`).toBeLessThan(429);
  }
  const res = await app.inject(request());
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({ message, code: 'RATE_LIMITED' });
  return Number(res.headers['retry-after']);
}

describe('per member', () => {
  it('listings: 10 an hour across sell and buy, the 11th refused with Retry-After; another member is unaffected', async () => {
    const m = await createMember(t);
    let i = 0;
    const retryAfter = await exhaust(t.app, () => listing(m, ++i % 2 ? 'sell' : 'buy', i), 10, messages.limitListingsPerHour);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const rows = await t.db.selectFrom('trades').select('id').where('user_id', '=', m.id).execute();
    expect(rows).toHaveLength(10);
    const other = await createMember(t);
    expect((await t.app.inject(listing(other))).statusCode).toBe(200);
  });

  it('listings: 30 a day, whatever the hourly allowance', async () => {
    const loose = await createTestApp({ companies: 1, limits: { rules: { listingsPerHour: { max: 1_000, windowMs: 3_600_000 } } } });
    try {
      const target = await insertCompany(loose.db);
      const m = await createMember(loose);
      const request = (): InjectOptions => ({ ...listing(m), payload: { ...(listing(m).payload as object), companyIdx: target } });
      const retryAfter = await exhaust(loose.app, request, ABUSE_LIMITS.listingsPerDay.max, messages.limitListingsPerDay);
      expect(retryAfter).toBeGreaterThan(3600);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
    } finally {
      await loose.close();
    }
  });

  it('opinions: 20 in 10 minutes', async () => {
    const m = await createMember(t);
    const write = (): InjectOptions => ({
      method: 'POST',
      url: '/api/opinion',
      payload: { companyIdx: company, content: `의견 ${++seq}` },
      headers: m.headers,
    });
    const retryAfter = await exhaust(t.app, write, 20, messages.limitOpinions);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it('reports: 30 a day, refused ones counted too (a script hammering one listing)', async () => {
    const owner = await createMember(t);
    const target = (await t.app.inject(listing(owner))).json() as { result: { tradeIdx: number } };
    const reporter = await createMember(t);
    const report = (): InjectOptions => ({
      method: 'POST',
      url: `/api/accuse/trade/${target.result.tradeIdx}`,
      payload: { reason: 2, detail: '광고' },
      headers: reporter.headers,
    });
    await exhaust(t.app, report, 30, messages.limitReports);
  });

  it('identity-verification requests: 5 in 10 minutes per member, and per address without an account', async () => {
    const m = await createMember(t);
    const start = (): InjectOptions => ({ method: 'POST', url: '/api/identity/requests', headers: m.headers, remoteAddress: nextIp() });
    await exhaust(t.app, start, 5, messages.limitIdentityRequests);
    const ip = nextIp();
    await exhaust(t.app, () => ({ method: 'POST', url: '/api/identity/requests', remoteAddress: ip }), 5, messages.limitIdentityRequests);
  });
});

describe('per address', () => {
  it('"already taken?" checks: 30 a minute over the id, email and phone checks together; another address goes on', async () => {
    const ip = nextIp();
    let i = 0;
    const check = (): InjectOptions => ({
      url: ++i % 2 ? `/api/user/userId/probe${i}%40example.com` : `/api/user/userPhone/0101234${String(i).padStart(4, '0')}`,
      remoteAddress: ip,
    });
    const retryAfter = await exhaust(t.app, check, 30, messages.limitLookups);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const res = await t.app.inject({ url: '/api/user/userId/free%40example.com', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(200);
  });
});

describe('the database store: what instances without Redis share', () => {
  let db: TestApp;
  beforeAll(async () => {
    db = await createTestApp({ companies: 1 });
  });
  afterAll(async () => {
    await db?.close();
  });

  it("two instances on one database share a member's hourly allowance; the window restarts on the clock; no address is stored", async () => {
    const a = await secondInstance(db, { limits: { store: { kind: 'database', repo: createLimitsRepository(db.db) } } });
    const b = await secondInstance(db, { limits: { store: { kind: 'database', repo: createLimitsRepository(db.db) } } });
    try {
      const target = await insertCompany(db.db);
      const m = await createMember(db);
      const request = (): InjectOptions => ({ ...listing(m), payload: { ...(listing(m).payload as object), companyIdx: target } });
      for (let i = 0; i < 10; i++) {
        const res = await (i % 2 ? a : b).app.inject(request());
        expect(res.statusCode, res.body).toBe(200);
      }
      await expectError(a.app, request(), 429, messages.limitListingsPerHour);
      await expectError(b.app, request(), 429, messages.limitListingsPerHour);

      const start = db.clock.now();
      try {
        db.clock.advance(3_600_000);
        const fresh = { ...request(), headers: (await createMemberToken(db, m.id)).headers };
        expect((await b.app.inject(fresh)).statusCode).toBe(200);
      } finally {
        db.clock.set(start);
      }

      const ip = nextIp();
      await exhaust(a.app, () => ({ url: `/api/user/userId/x${++seq}%40example.com`, remoteAddress: ip }), 30, messages.limitLookups);
      const keys = await db.db.selectFrom('rate_limit_counters').select('key').execute();
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => !k.key.includes('198.51.100'))).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

async function createMemberToken(app: TestApp, id: number) {
  const pair = await app.app.services.auth.issueFor(id);
  return { headers: { authorization: `Bearer ${pair.accessToken}` } };
}

// With TEST_REDIS_URL (CI's PostgreSQL pass): the Redis store, shared by two instances.
if (process.env.TEST_REDIS_URL) {
  const redisUrl = process.env.TEST_REDIS_URL;
  describe('the Redis store', () => {
    it('two instances with one Redis share the limits', async () => {
      // A namespace of this run's own, removed afterwards: the Redis server outlives the test.
      const prefix = `beesang-test:${randomBytes(6).toString('hex')}:`;
      const clients = [new Redis(redisUrl), new Redis(redisUrl)] as const;
      const a = await secondInstance(t, { limits: { store: { kind: 'redis', redis: clients[0], prefix } } });
      const b = await secondInstance(t, { limits: { store: { kind: 'redis', redis: clients[1], prefix } } });
      try {
        const m = await createMember(t);
        for (let i = 0; i < 10; i++) {
          const res = await (i % 2 ? a : b).app.inject(listing(m, 'sell', 100 + i));
          expect(res.statusCode, res.body).toBe(200);
        }
        await expectError(a.app, listing(m), 429, messages.limitListingsPerHour);
        await expectError(b.app, listing(m), 429, messages.limitListingsPerHour);
        expect((await clients[0].keys(`${prefix}*`)).length).toBeGreaterThan(0);
      } finally {
        await a.close();
        await b.close();
        const keys = await clients[0].keys(`${prefix}*`);
        if (keys.length) await clients[0].del(...keys);
        for (const c of clients) c.disconnect();
      }
    });
  });
}
