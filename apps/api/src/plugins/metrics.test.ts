import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../test/test-app.ts';
import { createMetrics, registerMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Status, content type and body: what tells one 404 from another. */
async function answer(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ companies: 3 });
  });
  afterAll(() => t?.close());

  it('does not exist: the same 404 as any unknown path, token or not', async () => {
    const unknown = await answer(t, '/no-such-page');
    expect(unknown.status).toBe(404);
    expect(await answer(t, '/metrics')).toEqual(unknown);
    expect(await answer(t, '/metrics', bearer(TOKEN))).toEqual(unknown);
    expect(t.app.services.metrics.enabled).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ companies: 5, config: { metricsToken: TOKEN } });
  });
  afterAll(() => t?.close());

  it('answers nobody without the exact token, exactly as an unknown path', async () => {
    const unknown = await answer(t, '/no-such-page');
    const attempts: Array<Record<string, string>> = [
      {},
      bearer('wrong-token-wrong-token-wrong'),
      bearer(`${TOKEN}x`),
      { authorization: TOKEN },
      { 'x-metrics-token': TOKEN },
    ];
    for (const headers of attempts) {
      expect(await answer(t, '/metrics', headers)).toEqual(unknown);
    }
    expect(await answer(t, '/metrics?x=1', bearer('nope-nope-nope-nope'))).toEqual(await answer(t, '/no-such-page?x=1'));
  });

  it('times requests by route pattern and status, never by the URL', async () => {
    const keyword = '비상테크고유검색어';
    await t.app.inject({ url: `/api/v2/stock/search/${encodeURIComponent(keyword)}` });
    await t.app.inject({ url: '/api/v2/stock/profile/1' });
    await t.app.inject({ url: '/api/v2/stock/profile/999999' });
    await t.app.inject({ url: '/no-such-page-either' });
    const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    const count = (route: string, status: number) =>
      Number(
        new RegExp(
          `beesang_http_request_duration_seconds_count\\{method="GET",route="${route.replace(/[/*().$]/g, '\\$&')}",status_code="${status}"\\} (\\d+)`,
        ).exec(text)?.[1] ?? 0,
      );
    expect(count('/api/v2/stock/search/:keyword', 200)).toBe(1);
    expect(count('/api/v2/stock/profile/:id', 200)).toBe(1);
    expect(count('/api/v2/stock/profile/:id', 404)).toBe(1);
    expect(count('(no route)', 404)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(encodeURIComponent(keyword));
    expect(text).not.toContain(keyword);
    expect(text).not.toMatch(/route="[^"]*999999/);
    expect(text).not.toContain(TOKEN);
  });

  it('reports SSR renders, caches, the search index, the event loop and the process', async () => {
    const { metrics } = t.app.services;
    metrics.observeSsr(12, 'routes/stock.$id');
    metrics.observeSsr(3, 'routes/stock.$id');
    metrics.cacheHit('ssr-page', 3);
    metrics.cacheMiss('ssr-page');
    metrics.cacheSize('ssr-page', () => 42);
    const text = (await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
    expect(text).toContain('beesang_ssr_render_duration_seconds_count{page="routes/stock.$id"} 2');
    expect(text).toContain('beesang_ssr_render_duration_seconds_sum{page="routes/stock.$id"} 0.015');
    expect(text).toContain('beesang_ssr_render_duration_seconds_bucket{le="0.005",page="routes/stock.$id"} 1');
    expect(text).toContain('beesang_cache_requests_total{cache="ssr-page",result="hit"} 3');
    expect(text).toContain('beesang_cache_requests_total{cache="ssr-page",result="miss"} 1');
    expect(text).toContain('beesang_cache_entries{cache="ssr-page"} 42');
    expect(text).toMatch(/beesang_search_index_companies\{kind="built"\} \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    expect(text).toMatch(/process_resident_memory_bytes \d/);
    // The embedded database has no pool.
    expect(text).not.toContain('beesang_db_pool_connections');
  });

  it('reports the PostgreSQL pool when the database has one', async () => {
    const other = await secondInstance(t, { dbPool: () => ({ total: 7, idle: 5, waiting: 1 }) });
    try {
      const text = (await other.app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
      expect(text).toContain('beesang_db_pool_connections{state="total"} 7');
      expect(text).toContain('beesang_db_pool_connections{state="idle"} 5');
      expect(text).toContain('beesang_db_pool_connections{state="waiting"} 1');
    } finally {
      await other.close();
    }
  });
});

describe('/metrics beside a catch-all route (the SSR site)', () => {
  it('sends a request without the token to the catch-all, like any unknown path', async () => {
    const app = Fastify();
    await registerMetrics(app, await createMetrics({ enabled: true }), { token: TOKEN });
    app.get('/*', async () => 'page');
    expect((await app.inject({ url: '/metrics' })).body).toBe('page');
    expect((await app.inject({ url: '/metrics', headers: bearer('not-the-token-at-all') })).body).toBe('page');
    expect((await app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body).toContain('# HELP');
    await app.close();
  });
});

describe('METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ companies: 3, config: { metricsPort: 0 } });
  });
  afterAll(() => t?.close());

  it('serves /metrics on its own port without a token, and nothing else; the main port stays closed', async () => {
    const address = t.app.services.metrics.internalAddress();
    expect(address?.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address?.port}`;
    await t.app.inject({ url: '/api/v2/stock/profile/1' });
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('beesang_http_request_duration_seconds_count{method="GET",route="/api/v2/stock/profile/:id"');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    expect(await answer(t, '/metrics')).toEqual(await answer(t, '/no-such-page'));
  });
});
