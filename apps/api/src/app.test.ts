import { messages } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './test/http.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /api/docs/json', () => {
  it('documents the stock, content and analytics routes and hides the internal ones', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toContain('비상');
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v2/stock/search/{keyword}',
        '/api/v2/stock/ranking-list',
        '/api/v2/stock/ranking-list/{period}',
        '/api/v2/stock/ranking-list/{period}/{count}',
        '/api/v2/stock/list',
        '/api/v2/stock/company/info/{id}',
        '/api/v2/stock/profile/{id}',
        '/api/v2/stock/company/financial/{id}',
        '/api/stock/chart/{id}',
        '/api/stock/finance/total/chart/{id}',
        '/api/v2/notice/list',
        '/api/v2/news/{id}',
        '/api/analytics/page-view',
      ]),
    );
    expect(Object.keys(doc.paths['/api/analytics/page-view']!)).toEqual(['post']);
    for (const hidden of ['/healthz', '/readyz', '/sitemap.xml', '/robots.txt', '/media/logos/{file}', '/api/*']) {
      expect(paths).not.toContain(hidden);
    }
    const list = doc.paths['/api/v2/stock/list']!.get as { parameters: Array<{ name: string; in: string }> };
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['label', 'sector', 'sort', 'order', 'page', 'size']));
  });
});

describe('unknown and malformed requests', () => {
  it('answers an unknown /api path with a Korean 404 in JSON, for any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const body = await expectError(t.app, { method, url: '/api/v2/nothing/here' }, 404, messages.notFound);
      expect(body.code).toBe('NOT_FOUND');
    }
    await expectError(t.app, '/api/v3/stock/list', 404, messages.notFound);
    await expectError(t.app, { method: 'DELETE', url: '/api/v2/stock/list' }, 404, messages.notFound);
  });

  it('answers other unknown paths with a Korean 404 too (the web app is not served here)', async () => {
    await expectError(t.app, '/no/such/page', 404, messages.notFound);
  });

  it('answers a malformed %-escape with a Korean 400 that does not echo the path', async () => {
    for (const url of ['/api/v2/stock/search/%E0%A4%A', '/api/v2/notice/%', '/%zz']) {
      const body = await expectError(t.app, url, 400, messages.invalidInput);
      expect(JSON.stringify(body)).not.toContain('%');
    }
  });

  it('sets the safety headers on every answer', async () => {
    for (const url of ['/api/v2/stock/list', '/api/nowhere', '/api/v2/stock/list?size=0']) {
      const res = await t.app.inject(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      // Data answers are inert if opened as a document; the document-only headers are on pages
      // (plugins/security-headers.test.ts covers every kind of answer).
      expect(res.headers['content-security-policy'], url).toMatch(/default-src 'none'/);
    }
  });

  it('compresses large JSON answers for clients that ask', async () => {
    const res = await t.app.inject({ url: '/api/v2/stock/list?size=100', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
