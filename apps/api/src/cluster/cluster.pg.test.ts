import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-node-flags.mjs';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { setStaffRole } from '../db/staff.ts';
import { createInvalidationBus, type InvalidationBus, invalidationTransport } from '../lib/invalidation.ts';
import { insertCompany } from '../test/factories.ts';
import { startS3Server } from '../test/s3-server.ts';
import { createScratchDatabase } from '../test/test-app.ts';
import { type Cluster, haproxyAvailable, startCluster } from './cluster.ts';

/**
 * Issue 12: N instances that agree. Two real server processes on one PostgreSQL database (and
 * Redis when TEST_REDIS_URL is set), behind haproxy, with uploads in S3 (s3rver). Each check warms
 * the caches of instance B, writes through instance A, and measures how long B takes to answer
 * with the write: every cache's TTL is longer than the one second allowed, so only the
 * invalidation bus can make it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// A *.pg.test.ts file runs only in the PostgreSQL pass (vitest.config.ts); .ci/run installs haproxy.
if (!adminUrl) throw new Error('cluster.pg.test.ts needs TEST_DATABASE_URL (a PostgreSQL server to make scratch databases on)');
if (!haproxyAvailable()) throw new Error('cluster.pg.test.ts needs haproxy: apt-get install -y haproxy (.ci/run does)');

const SECRET = randomBytes(32).toString('hex');
const AGREE_MS = 1000;

describe('npm run cluster: two instances behind haproxy agree within a second', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let handle: DatabaseHandle;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let cluster: Cluster;
  let tokens: Awaited<ReturnType<typeof buildApp>>;
  let announce: InvalidationBus;
  const logs: string[] = [];
  const latencies: Array<[string, number]> = [];
  let A: string;
  let B: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl as string);
    handle = await openDatabase({ databaseUrl: scratch.url });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { companies: 12, years: 1, today: new Date() });
    s3 = await startS3Server();
    cluster = await startCluster({
      instances: 2,
      port: 0,
      env: {
        DATABASE_URL: scratch.url,
        ...(redisUrl && { REDIS_URL: redisUrl }),
        ...s3.env,
        AUTH_SECRET: SECRET,
        SEED_DEMO_DATA: 'false',
        WEB_BUILD_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
      },
      output: (source, line) => logs.push(`${source}: ${line}`),
    });
    [A, B] = cluster.instances.map((i) => i.url) as [string, string];
    // On the cluster's own bus: a row the test writes straight into the database is announced the
    // way every writer announces its changes.
    announce = createInvalidationBus(invalidationTransport({ redisUrl, databaseUrl: scratch.url }, {}));
    // Only to sign tokens with the cluster's key.
    tokens = await buildApp({
      config: {
        env: 'test',
        publicUrl: 'http://localhost',
        webBuildDir: '/nonexistent',
        logLevel: 'silent',
        trustProxy: undefined,
        authSecret: SECRET,
      },
      db: handle.db,
      jobQueue: { connectionString: scratch.url },
      web: false,
      logger: false,
      bus: announce,
    });
  }, 180_000);

  afterAll(async () => {
    if (latencies.length) {
      console.info(
        `[cluster] propagation through the ${redisUrl ? 'Redis' : 'PostgreSQL'} bus, write acknowledged on A → B answers with it:\n${latencies
          .map(([what, ms]) => `  ${what.padEnd(38)} ${ms.toFixed(0).padStart(5)} ms`)
          .join('\n')}`,
      );
    }
    await tokens?.close();
    await announce?.close();
    await cluster?.stop();
    await s3?.close();
    await handle?.close();
    await scratch?.drop();
  }, 60_000);

  async function member(opts: { staff?: 'ADMIN' } = {}) {
    const nickname = `클러스터${randomBytes(3).toString('hex')}`;
    const row = await handle.db
      .insertInto('users')
      .values({ nickname, user_level: 2, sanction_state: 0, expert_type: 0 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (opts.staff) await setStaffRole(handle.db, String(row.id), opts.staff);
    const pair = await (
      tokens as unknown as { services: { auth: { issueFor(id: number): Promise<{ accessToken: string }> } } }
    ).services.auth.issueFor(row.id);
    return { id: row.id, headers: { authorization: `Bearer ${pair.accessToken}` } };
  }

  async function call<T = unknown>(
    base: string,
    path: string,
    init: RequestInit & { json?: unknown } = {},
  ): Promise<{ status: number; body: T }> {
    const { json, ...rest } = init;
    const res = await fetch(`${base}${path}`, {
      ...rest,
      headers: {
        ...(json !== undefined && { 'content-type': 'application/json' }),
        origin: base,
        ...(rest.headers as Record<string, string>),
      },
      ...(json !== undefined && { body: JSON.stringify(json) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as T };
  }
  async function ok<T>(base: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
    const res = await call<{ result: T }>(base, path, init);
    expect([200, 202], `${init.method ?? 'GET'} ${base}${path} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toContain(
      res.status,
    );
    return res.body.result;
  }

  /** Polls B until `check` holds; records and returns the time since the write was acknowledged. */
  async function agrees<T>(what: string, since: number, read: () => Promise<T>, check: (value: T) => boolean) {
    let last: T | undefined;
    while (performance.now() - since < 5000) {
      last = await read();
      if (check(last)) {
        const ms = performance.now() - since;
        latencies.push([what, ms]);
        expect(ms, `${what}: B agreed after ${ms.toFixed(0)} ms`).toBeLessThan(AGREE_MS);
        return ms;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${what}: B never agreed; last answer ${JSON.stringify(last).slice(0, 300)}\n${logs.slice(-20).join('\n')}`);
  }

  type Profile = { companyStockCurrentPrice: number; bestSellPrice: number | null; priceSource: string };
  type Search = Array<{ companyIdx: number; companyName: string; companyStockCurrentPrice: number }>;
  type Chart = { data: Array<{ date: string; close: number }>; priceSource: string };
  type TradeList = { data: Array<{ tradeIdx: number; stockPerPrice: number }>; total: number };
  const search = (base: string, keyword: string) => ok<Search>(base, `/api/v2/stock/search/${encodeURIComponent(keyword)}`);

  it('each instance runs as npm start runs the server: NODE_ENV=production and its node flags', () => {
    // This process's NODE_ENV is vitest's "test": the instances must not inherit it (React's
    // development build renders pages at 1.7× the CPU), nor run without npm start's flags.
    for (const { name, pid } of cluster.instances) {
      expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0'), name).toContain('NODE_ENV=production');
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'), name).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
    }
  });

  it('the balancer spreads requests over both instances and each is ready', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.url}/readyz`);
      expect(res.status).toBe(200);
      served.add(res.headers.get('x-served-by') ?? '');
    }
    expect([...served].sort()).toEqual(['app1', 'app2']);
  });

  it('search index: a company renamed through A is found by its new name on B', async () => {
    const editor = await member({ staff: 'ADMIN' });
    const id = await insertCompany(handle.db, { name: '구이름전자' });
    announce.publish('company', String(id));
    const name = `새이름${randomBytes(2).toString('hex')}전자`;
    // B has it under its old name first (its index may have been loaded before the row existed).
    await agrees(
      'search index ← new company',
      performance.now(),
      () => search(B, '구이름전자'),
      (r) => r.some((x) => x.companyIdx === id),
    );
    await ok(A, `/api/admin/company/${id}`, { method: 'PATCH', headers: editor.headers, json: { companyName: name } });
    const since = performance.now();
    await agrees(
      'search index ← company edit',
      since,
      () => search(B, name),
      (r) => r.some((x) => x.companyIdx === id),
    );
    expect(await search(B, '구이름전자')).toEqual([]);
  });

  it('search index: companies imported through A are found on B', async () => {
    const editor = await member({ staff: 'ADMIN' });
    const code = `CL${randomBytes(2).toString('hex').toUpperCase()}`;
    const name = `수입클러스터${code}`;
    expect(await search(B, name)).toEqual([]);
    const form = new FormData();
    form.append(
      'companies',
      new Blob([
        `code,name,sector,labels,shares_outstanding,ceo_name,address,business_summary,founded_on,homepage_url\n${code},${name},AI,KOTC,1000000,,,,,\n`,
      ]),
      'companies.csv',
    );
    form.append('prices', new Blob([`code,date,open,high,low,close,volume\n${code},2026-01-05,5000,5200,4900,5100,100\n`]), 'prices.csv');
    const res = await call<{ result: { written: boolean } }>(A, '/api/admin/company/import?dryRun=false', {
      method: 'POST',
      headers: editor.headers,
      body: form,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.written).toBe(true);
    const since = performance.now();
    await agrees(
      'search index ← CSV import',
      since,
      () => search(B, name),
      (r) => r.some((x) => x.companyIdx > 0 && x.companyName === name),
    );
  });

  it('order book and best 호가: a listing made through A is on B’s stock page and list at once', async () => {
    const seller = await member();
    const id = await insertCompany(handle.db, { currentPrice: 20_000, previousClose: 20_000 });
    const before = await ok<Profile>(B, `/api/v2/stock/profile/${id}`);
    expect(before.bestSellPrice).toBeNull();
    expect((await ok<TradeList>(B, `/api/v2/trade/all/company/${id}?tradeType=2`)).total).toBe(0);
    const trade = await ok<{ tradeIdx: number }>(A, '/api/trade/sell', {
      method: 'POST',
      headers: seller.headers,
      json: { companyIdx: id, stockCount: 100, stockPerPrice: 19_500 },
    });
    const since = performance.now();
    await agrees(
      'best 호가 ← new listing',
      since,
      () => ok<Profile>(B, `/api/v2/stock/profile/${id}`),
      (p) => p.bestSellPrice === 19_500,
    );
    await agrees(
      'order book ← new listing',
      since,
      () => ok<TradeList>(B, `/api/v2/trade/all/company/${id}?tradeType=2`),
      (l) => l.data.some((t) => t.tradeIdx === trade.tradeIdx),
    );
    // And gone from B as soon as A deletes it.
    await ok(A, `/api/trade/${trade.tradeIdx}`, { method: 'DELETE', headers: seller.headers });
    const removed = performance.now();
    await agrees(
      'best 호가 ← listing deleted',
      removed,
      () => ok<Profile>(B, `/api/v2/stock/profile/${id}`),
      (p) => p.bestSellPrice === null,
    );
  });

  it('price: an operator’s price entered and approved through A shows on B’s page, in its search and as its chart’s source', async () => {
    // What moves a price today: a deal both sides confirmed (issue 22), or an operator's price that
    // a second operator approves (issue 21, four eyes). A listing finished on its owner's word alone
    // is recorded but never counted (trade.service.ts finish), so this test takes the operators' path.
    const entering = await member({ staff: 'ADMIN' });
    const approving = await member({ staff: 'ADMIN' });
    const id = await insertCompany(handle.db, {
      currentPrice: 10_000,
      previousClose: 10_000,
      priceUpdatedAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const name = (await ok<{ companyName: string }>(B, `/api/v2/stock/company/info/${id}`)).companyName;
    // B has the company in its search index at the old price first (it was inserted straight into
    // the database), so the check below is of the price changing, not of a new row appearing.
    announce.publish('company', String(id));
    await agrees(
      'search index ← new company (priced)',
      performance.now(),
      () => search(B, name),
      (r) => r.find((x) => x.companyIdx === id)?.companyStockCurrentPrice === 10_000,
    );
    // Warm B's caches of the page and the chart with the old price.
    expect(await ok<Profile>(B, `/api/v2/stock/profile/${id}`)).toMatchObject({ companyStockCurrentPrice: 10_000, priceSource: 'IMPORT' });
    expect(await ok<Chart>(B, `/api/stock/chart/${id}?range=1M`)).toMatchObject({ data: [], priceSource: 'IMPORT' });

    const { entryId } = await ok<{ entryId: number }>(A, `/api/admin/company/${id}/price`, {
      method: 'POST',
      headers: entering.headers,
      json: { price: 11_000, note: '장외 체결 확인' },
    });
    // Only an entry until another operator approves it (A has no cached answer for this company).
    expect((await ok<Profile>(A, `/api/v2/stock/profile/${id}`)).companyStockCurrentPrice).toBe(10_000);
    await ok(A, `/api/admin/price-entries/${entryId}/approve`, { method: 'POST', headers: approving.headers });
    const since = performance.now();
    await agrees(
      'price ← approved operator price',
      since,
      () => ok<Profile>(B, `/api/v2/stock/profile/${id}`),
      (p) => p.companyStockCurrentPrice === 11_000 && p.priceSource === 'MANUAL',
    );
    await agrees(
      'search price ← approved operator price',
      since,
      () => search(B, name),
      (r) => r.find((x) => x.companyIdx === id)?.companyStockCurrentPrice === 11_000,
    );
    // An operator's price draws no bar (price.service.ts setManual; only counted finishes and the
    // import write price_bars), so B's chart answer is checked for the source it names.
    await agrees(
      'chart source ← approved operator price',
      since,
      () => ok<Chart>(B, `/api/stock/chart/${id}?range=1M`),
      (c) => c.priceSource === 'MANUAL',
    );
  });

  it('price: an operator’s price set through A shows on B', async () => {
    const admin = await member({ staff: 'ADMIN' });
    const second = await member({ staff: 'ADMIN' });
    const id = await insertCompany(handle.db, { currentPrice: 30_000, previousClose: 30_000 });
    expect((await ok<Profile>(B, `/api/v2/stock/profile/${id}`)).companyStockCurrentPrice).toBe(30_000);
    // Four eyes (issue 21): entered on A, approved by another operator on B.
    const { entryId } = await ok<{ entryId: number }>(A, `/api/admin/company/${id}/price`, {
      method: 'POST',
      headers: admin.headers,
      json: { price: 31_500, note: '공시 반영' },
    });
    await ok(B, `/api/admin/price-entries/${entryId}/approve`, { method: 'POST', headers: second.headers });
    const since = performance.now();
    await agrees(
      'price ← operator price',
      since,
      () => ok<Profile>(B, `/api/v2/stock/profile/${id}`),
      (p) => p.companyStockCurrentPrice === 31_500 && p.priceSource === 'MANUAL',
    );
  });

  it('a proof uploaded through A (to S3) is accepted and served by B, and by the bucket', async () => {
    const seller = await member();
    const id = await insertCompany(handle.db, { labels: ['UNISSUED'] });
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const { fileUrl } = await ok<{ fileUrl: string }>(A, '/api/upload/image', { method: 'POST', headers: seller.headers, body: form });
    expect(fileUrl.startsWith(`${s3.config.publicUrl}/`)).toBe(true);

    const trade = await ok<{ tradeIdx: number; stockTradeProofImageUrl: string }>(B, '/api/trade/sell', {
      method: 'POST',
      headers: seller.headers,
      json: {
        companyIdx: id,
        stockCount: 10,
        stockPerPrice: 5000,
        unissuedStockProofCheckFlag: true,
        proofType: 'BANK',
        stockTradeProofImageUrl: fileUrl,
      },
    });
    expect(trade.stockTradeProofImageUrl).toBe(fileUrl);
    const name = fileUrl.slice(fileUrl.lastIndexOf('/') + 1);
    const viaB = await fetch(`${B}/uploads/${name}`);
    expect(viaB.status).toBe(200);
    expect(viaB.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await viaB.arrayBuffer());
    const fromBucket = Buffer.from(await (await fetch(fileUrl)).arrayBuffer());
    expect(bytes.equals(fromBucket)).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(60);
  });

  it('through the balancer: a write and the reads after it agree whichever instance answers', async () => {
    const seller = await member();
    const id = await insertCompany(handle.db, { currentPrice: 40_000, previousClose: 40_000 });
    // Warm both instances' caches of this company through the balancer.
    for (let i = 0; i < 4; i++) await ok<Profile>(cluster.url, `/api/v2/stock/profile/${id}`);
    await ok(cluster.url, '/api/trade/sell', {
      method: 'POST',
      headers: seller.headers,
      json: { companyIdx: id, stockCount: 50, stockPerPrice: 39_000 },
    });
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.url}/api/v2/stock/profile/${id}`);
      seen.add(res.headers.get('x-served-by') ?? '');
      expect(((await res.json()) as { result: Profile }).result.bestSellPrice).toBe(39_000);
    }
    expect(seen.size).toBe(2);
  });
});
