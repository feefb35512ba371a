import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { UNSAFE_decodeViaTurboStream } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageKind, sharedWithMembers, webBuildExists } from '../plugins/ssr.ts';
import { createMember, type TestMember } from '../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, secondInstance, type TestApp } from '../test/test-app.ts';
import { WARMED } from './store/page-warmer.ts';

/**
 * The built web app served by the API (issue 12): visitors' pages cached per URL and dropped by the
 * writes that change them on every instance, members' pages never shared, HTML compressed as the
 * client accepts, assets precompressed, failures in the structured log. Needs `npm run build`.
 */
const webBuildDir = resolve(import.meta.dirname, '../../../web/build');
const METRICS_TOKEN = 'ssr-test-metrics-token';
const logLines: string[] = [];
let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let member: TestMember;
let editor: TestMember;
let companyId: number;

beforeAll(async () => {
  if (!webBuildExists(webBuildDir)) {
    throw new Error(`The web app is not built (${webBuildDir}); run \`npm run build\` first (\`npm test\` does).`);
  }
  t = await createTestApp({
    companies: 10,
    web: true,
    config: { webBuildDir, metricsToken: METRICS_TOKEN },
    limits: { rules: LISTINGS_UNLIMITED },
    logLines,
  });
  other = await secondInstance(t, { web: true });
  member = await createMember(t, { nickname: '캐시안된회원' });
  editor = await createMember(t, { nickname: '공지편집자' });
  await t.db.updateTable('users').set({ staff_role: 'EDITOR' }).where('id', '=', editor.id).execute();
  companyId = (await t.db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

type App = TestApp['app'];
const get = (app: App, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const visit = (url: string, app: App = t.app) => get(app, url, { 'accept-encoding': 'br, gzip' });

/** The document a response carries, whichever encoding it came in. */
function html(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  return (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

/** The document with its response's CSP nonce (a fresh one each time) replaced by `NONCE`. */
function withoutNonce(res: LightMyRequestResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  expect(nonce).toBeDefined();
  return html(res).replaceAll(nonce as string, 'NONCE');
}

describe("a visitor's page", () => {
  it('comes gzip-compressed, then from the cache, the same document in every encoding (but its nonce), with no cookie', async () => {
    const first = await visit(`/stock/${companyId}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      // gzip even to a browser that takes brotli: each answer's nonce is spliced into a stream
      // compressed once (decision 0015).
      'content-encoding': 'gzip',
      'content-type': 'text/html; charset=utf-8',
      vary: 'cookie, accept-encoding',
      'cache-control': 'no-cache',
      'x-page-cache': 'miss',
    });
    expect(first.headers['set-cookie']).toBeUndefined();
    const document = html(first);
    expect(document).toContain('<!DOCTYPE html>');
    expect(first.rawPayload.length).toBeLessThan(Buffer.byteLength(document) / 3);

    const again = await visit(`/stock/${companyId}`);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(withoutNonce(again)).toBe(withoutNonce(first));

    const gzip = await get(t.app, `/stock/${companyId}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', 'x-page-cache': 'hit' });
    expect(withoutNonce(gzip)).toBe(withoutNonce(first));
    // A client that takes brotli only (curl -H 'accept-encoding: br') gets brotli, made for it.
    const br = await get(t.app, `/stock/${companyId}`, { 'accept-encoding': 'br' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'x-page-cache': 'hit' });
    expect(withoutNonce(br)).toBe(withoutNonce(first));
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(document) / 3);
    const plain = await get(t.app, `/stock/${companyId}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(withoutNonce(plain)).toBe(withoutNonce(first));
    const head = await t.app.inject({ method: 'HEAD', url: `/stock/${companyId}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('is the 404 page for a missing company or a malformed id, as the API refuses them', async () => {
    for (const url of ['/stock/999999', '/stock/0', '/notice/999999']) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(html(res)).toContain('페이지를 찾을 수 없습니다');
    }
  });
});

describe("a member's page", () => {
  it('of the shared kind is the visitors’ page from the cache (its member loaded by the browser), private, with nothing of the member in it', async () => {
    const cookie = `ACCESS_TOKEN=${member.accessToken}`;
    const first = await get(t.app, `/stock/${companyId}`, { cookie, 'accept-encoding': 'br' });
    expect(first.headers).toMatchObject({ 'x-page-cache': 'miss', 'cache-control': 'private, no-cache', 'content-encoding': 'br' });
    const page = html(first);
    expect(page).not.toContain('캐시안된회원');
    // The browser is told its member is still to come (root's sessionResumable), and the header waits for it.
    expect(page).toContain('sessionResumable');
    const again = await get(t.app, `/stock/${companyId}`, { cookie: `ACCESS_TOKEN=${member.accessToken}x` });
    expect(again.headers['x-page-cache']).toBe('hit');
    // A browser that holds only a session to resume (its access token lapsed) gets the same page.
    expect((await get(t.app, `/stock/${companyId}`, { cookie: 'BEESANG_SESSION=1' })).headers['x-page-cache']).toBe('hit');
    // A visitor's copy is another: it does not tell the browser to look for a member.
    const visitor = await visit(`/stock/${companyId}`);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(withoutNonce(visitor)).not.toBe(withoutNonce(again));
  });

  it('of the shared kind reads the member’s own part with the page’s data request, rendered for them alone', async () => {
    const cookie = `ACCESS_TOKEN=${member.accessToken}`;
    for (let i = 0; i < 2; i++) {
      const data = await get(t.app, `/stock/${companyId}.data`, { cookie });
      expect(data.statusCode).toBe(200);
      expect(data.headers).toMatchObject({ 'x-page-cache': 'bypass', 'cache-control': 'private, no-cache' });
      expect(data.body).toContain('캐시안된회원');
    }
  });

  it('of their messages is rendered for them every time, private, never kept', async () => {
    const cookie = `ACCESS_TOKEN=${member.accessToken}`;
    for (let i = 0; i < 2; i++) {
      const mine = await get(t.app, '/messages', { cookie, 'accept-encoding': 'gzip' });
      expect(mine.headers['x-page-cache']).toBe('bypass');
      expect(mine.headers['cache-control']).toMatch(/^private/);
      expect(html(mine)).toContain('캐시안된회원');
    }
  });

  it('of their messages is not kept even for a visitor (its route says private, no-store)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await visit('/messages');
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({ 'x-page-cache': 'miss', 'cache-control': 'private, no-store' });
    }
  });
});

/** A page's data request, decoded as the browser's router decodes it: each route's loader data. */
async function pageData(app: App, url: string, cookie: string): Promise<Record<string, { data?: Record<string, unknown> }>> {
  const res = await get(app, url, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(res.rawPayload));
      controller.close();
    },
  });
  const decoded = await UNSAFE_decodeViaTurboStream(body, globalThis);
  await decoded.done;
  return decoded.value as Record<string, { data?: Record<string, unknown> }>;
}

describe('which pages a member shares with visitors (decision 0030)', () => {
  it.each([
    '/',
    '/stock',
    '/stock?sort=name',
    '/stock/12',
    '/stock/12?tab=chart',
    '/member/7',
    '/notice',
    '/notice/3',
    '/event/4',
    '/unlisted/news/5',
    '/unlisted/market',
    '/terms',
    '/privacy',
    '/favorite',
    '/myPage',
    '/myPage/trades?status=1',
  ])('%s is shared', (url) => expect(sharedWithMembers(url)).toBe(true));
  it.each([
    '/myPage/x',
    '/favorite/1',
    '/messages',
    '/messages/3',
    '/notifications',
    '/admin',
    '/admin/reports',
    '/stock/12.data',
    '/_root.data',
    '/stock/abc',
    '/stock/12/x',
    '/auth/callback/kakao',
    '/_app',
    '/x',
  ])('%s is rendered for the member', (url) => expect(sharedWithMembers(url)).toBe(false));
});

describe("members' pages interleaved under load (issue 24)", () => {
  it('each of two members, their pages’ member parts asked for in turn and at once on two instances, gets their own nickname and stars, never the other’s', async () => {
    const starry = await createMember(t, { nickname: '별을단회원' });
    const plain = await createMember(t, { nickname: '별없는회원' });
    const ids = (await t.db.selectFrom('companies').select('id').orderBy('id').limit(3).execute()).map((r) => r.id);
    for (const id of ids) {
      const res = await t.app.inject({ method: 'POST', url: `/api/stock/add/favorite/stock/${id}`, headers: starry.headers });
      expect(res.statusCode, res.body).toBe(200);
    }
    const who = [
      { member: starry, nickname: '별을단회원', other: '별없는회원', starred: true },
      { member: plain, nickname: '별없는회원', other: '별을단회원', starred: false },
    ];
    // What the browser reads for the member over the shared page: the member (the header), and for a
    // company's page its data request (the star, the member's own listings).
    const requests = Array.from({ length: 60 }, (_, i) => {
      const w = who[i % 2] as (typeof who)[number];
      const app = i % 4 < 2 ? t.app : other.app;
      const cookie = `ACCESS_TOKEN=${w.member.accessToken}`;
      const id = ids[i % ids.length] as number;
      return i % 3 === 0
        ? { w, id: null, me: get(app, '/api/user/myPage/detail', { cookie }) }
        : { w, id, data: pageData(app, `/stock/${id}.data`, cookie) };
    });
    for (const r of requests) {
      if ('me' in r && r.me) {
        const me = await r.me;
        expect(me.statusCode).toBe(200);
        expect(me.json().result.userNickname).toBe(r.w.nickname);
        continue;
      }
      const routes = await (r as { data: ReturnType<typeof pageData> }).data;
      const root = routes.root?.data as { user: { userNickname: string } };
      expect(root.user.userNickname, `${r.w.nickname} on /stock/${r.id}`).toBe(r.w.nickname);
      expect(JSON.stringify(routes)).not.toContain(r.w.other);
      const profile = (routes['routes/stock-detail']?.data as { profile: { stockFavorite: boolean } }).profile;
      expect(profile.stockFavorite, `${r.w.nickname}'s star on /stock/${r.id}`).toBe(r.w.starred);
    }
    // A favourite taken away on one instance is gone from the member's next read on the other.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/stock/delete/favorite/stock/${ids[0]}`, headers: starry.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await pageData(other.app, `/stock/${ids[0]}.data`, `ACCESS_TOKEN=${starry.accessToken}`);
    expect((after['routes/stock-detail']?.data as { profile: { stockFavorite: boolean } }).profile.stockFavorite).toBe(false);
  });
});

describe('writes drop the pages they change, on every instance', () => {
  it('a new listing shows on the stock page at once, here and on another instance', async () => {
    for (const app of [t.app, other.app]) {
      await visit(`/stock/${companyId}`, app);
      expect((await visit(`/stock/${companyId}`, app)).headers['x-page-cache']).toBe('hit');
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/trade/sell',
      headers: member.headers,
      payload: {
        companyIdx: companyId,
        stockCount: 77,
        stockPerPrice: 12_345,
        stockCountNegotiationFlag: false,
        stockPriceNegotiationFlag: false,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    // Here at once; on the other instance as soon as the bus delivers (PostgreSQL's NOTIFY arrives
    // a moment after the commit), within the second issue 12 allows.
    const here = await visit(`/stock/${companyId}`);
    expect(here.headers['x-page-cache']).toBe('miss');
    expect(html(here)).toContain('12,345');
    const deadline = Date.now() + 1_000;
    let there = await visit(`/stock/${companyId}`, other.app);
    while (there.headers['x-page-cache'] === 'hit' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      there = await visit(`/stock/${companyId}`, other.app);
    }
    // Rendered there, or already by this instance into the shared store (decision 0034).
    expect(['miss', 'store']).toContain(there.headers['x-page-cache']);
    expect(html(there)).toContain('12,345');
  });

  it('a company’s page one instance rendered, another sends from the shared store (PostgreSQL) with its own nonce; a write drops it there too', async () => {
    const id = (await t.db.selectFrom('companies').select('id').orderBy('id').offset(3).limit(1).executeTakeFirstOrThrow()).id;
    const first = await visit(`/stock/${id}`);
    expect(first.headers['x-page-cache']).toBe('miss');
    if (t.databaseUrl) {
      // Stored after the answer went: the visitor's copy (a member's is another key).
      const storedKeys = async () =>
        (await t.db.selectFrom('rendered_pages').select('key').where('key', 'like', `%:/stock/${id}`).execute()).map((r) => r.key);
      await vi.waitFor(async () => expect(await storedKeys()).toHaveLength(1));
      const there = await visit(`/stock/${id}`, other.app);
      expect(there.headers['x-page-cache']).toBe('store');
      expect(withoutNonce(there)).toBe(withoutNonce(first));
      expect(there.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
      // Then from its memory; plain, for a client that takes no gzip: the stored stream unzipped.
      const plain = await get(other.app, `/stock/${id}`);
      expect(plain.headers['x-page-cache']).toBe('hit');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(withoutNonce(plain)).toBe(withoutNonce(first));
      // The same page at other URLs is rendered, never stored: nobody adds rows by varying the URL.
      for (const url of [`/stock/0${id}`, `/stock/${id}?tab=${Math.random()}`]) {
        expect((await visit(url)).statusCode, url).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 50));
      const varied = await t.db
        .selectFrom('rendered_pages')
        .select('key')
        .where((eb) => eb.or([eb('key', 'like', '%?%'), eb('key', 'like', `%/stock/0${id}`)]))
        .execute();
      expect(varied).toEqual([]);
    } else {
      // The embedded database is one process's: each instance built here keeps its own files.
      expect((await visit(`/stock/${id}`, other.app)).headers['x-page-cache']).toBe('miss');
    }

    const created = await other.app.inject({
      method: 'POST',
      url: '/api/trade/sell',
      headers: member.headers,
      payload: { companyIdx: id, stockCount: 5, stockPerPrice: 23_456, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: false },
    });
    expect(created.statusCode, created.body).toBe(200);
    // Dropped from the store as from both memories: whichever instance answers, it shows the listing.
    for (const app of [other.app, t.app]) {
      await vi.waitFor(async () => {
        const page = await visit(`/stock/${id}`, app);
        expect(html(page)).toContain('23,456');
      });
    }
  });

  it("an editor's new notice shows on the notice list and the home page at once, on every instance", async () => {
    for (const app of [t.app, other.app]) {
      await visit('/notice', app);
      await visit('/', app);
    }
    const title = '페이지 캐시 확인 공지';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/notice',
      headers: editor.headers,
      payload: { title, body: '본문입니다.', published: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    for (const app of [t.app, other.app]) {
      for (const url of ['/notice', '/']) {
        const page = await visit(url, app);
        expect(page.headers['x-page-cache'], url).toBe('miss');
        expect(html(page), url).toContain(title);
      }
    }
  });

  it('a page that does not depend on the write stays cached', async () => {
    await visit('/terms');
    await t.app.inject({
      method: 'POST',
      url: '/api/trade/buy',
      headers: member.headers,
      payload: {
        companyIdx: companyId,
        stockCount: 5,
        stockPerPrice: 9_000,
        stockCountNegotiationFlag: false,
        stockPriceNegotiationFlag: false,
      },
    });
    expect((await visit('/terms')).headers['x-page-cache']).toBe('hit');
  });
});

describe('failures', () => {
  it('go to the structured log with the request id, never to the console', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const info = vi.spyOn(t.app.services.stocks, 'info').mockRejectedValue(new Error('database unavailable (test)'));
    try {
      const res = await visit(`/stock/${companyId + 1}`);
      expect(res.statusCode).toBe(500);
      expect(html(res)).toContain('일시적인 오류가 발생했습니다');
      const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.msg === 'page failed');
      expect(logged).toMatchObject({ level: 50, url: `/stock/${companyId + 1}`, err: { message: 'database unavailable (test)' } });
      expect(logged?.reqId).toEqual(expect.any(String));
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      info.mockRestore();
      consoleError.mockRestore();
    }
  });
});

describe('static assets', () => {
  it('are sent as precompressed at build time, immutable, with no compression per request', async () => {
    const assets = join(webBuildDir, 'client/assets');
    const script = readdirSync(assets).find((f) => f.endsWith('.js'));
    expect(script).toBeDefined();
    for (const [encoding, extension] of [
      ['br', 'br'],
      ['gzip', 'gz'],
    ] as const) {
      const res = await get(t.app, `/assets/${script}`, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({ 'content-encoding': encoding, 'cache-control': 'public, max-age=31536000, immutable' });
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.rawPayload.equals(readFileSync(join(assets, `${script}.${extension}`)))).toBe(true);
    }
  });
});

describe('what /metrics learns from pages', () => {
  it('render time by page kind (never the URL) and the page cache’s hits and misses', async () => {
    const url = `/stock/${companyId}?m=${Date.now()}`;
    expect((await visit(url)).headers['x-page-cache']).toBe('miss');
    expect((await visit(url)).headers['x-page-cache']).toBe('hit');
    const res = await get(t.app, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/beesang_ssr_render_duration_seconds_count\{page="stock\/:id"\} [1-9]/);
    expect(res.body).toMatch(/beesang_cache_requests_total\{cache="page",result="hit"\} [1-9]/);
    expect(res.body).toMatch(/beesang_cache_requests_total\{cache="page",result="miss"\} [1-9]/);
    expect(res.body).not.toContain(`${companyId}?m=`);
  });

  it('how many company pages the shared store keeps', async () => {
    const stored = async () => {
      const res = await get(t.app, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
      return Number(/^beesang_stored_pages (\d+)$/m.exec(res.body)?.[1]);
    };
    const before = await stored();
    expect(before).toBeGreaterThanOrEqual(0);
    await t.app.services.stocks.invalidate(companyId);
    await visit(`/stock/${companyId}`);
    await vi.waitFor(async () => expect(await stored()).toBeGreaterThanOrEqual(1));
  });

  it.each([
    ['/', 'home'],
    ['/stock', 'stock'],
    ['/stock/12?tab=chart', 'stock/:id'],
    ['/admin/reports', 'admin/reports'],
    ['/unlisted/news/3', 'unlisted/news'],
    ['/myPage/trades', 'myPage/trades'],
    ['/wp-login.php', 'other'],
    ['/010-1234-5678', 'other'],
  ])('%s is labelled %s', (url, kind) => {
    expect(pageKind(url)).toBe(kind);
  });
});

describe('company pages rendered ahead (decision 0034)', () => {
  it('a server keeps both copies of every company page rendered: a first visit, a visitor’s or a member’s, is a store hit', async () => {
    const lines: string[] = [];
    const server = await secondInstance(t, {
      web: true,
      backgroundJobs: true,
      logger: true,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      await vi.waitFor(() => expect(lines.some((line) => line.includes(WARMED))).toBe(true), { timeout: 60_000, interval: 100 });
      const { id, name } = await t.db
        .selectFrom('companies')
        .select(['id', 'name'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      const visitor = await visit(`/stock/${id}`, server.app);
      expect(visitor.headers['x-page-cache']).toBe('store');
      const member = await get(server.app, `/stock/${id}`, { cookie: 'BEESANG_SESSION=1', 'accept-encoding': 'gzip' });
      expect(member.headers).toMatchObject({ 'x-page-cache': 'store', 'cache-control': 'private, no-cache' });
      // The members' copy: the browser is told to load its member.
      expect(withoutNonce(member)).not.toBe(withoutNonce(visitor));
      for (const page of [visitor, member]) expect(html(page)).toContain(name);
    } finally {
      await server.close();
    }
  });
});
