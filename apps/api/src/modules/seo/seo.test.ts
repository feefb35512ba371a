import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const PUBLIC_URL = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('GET /robots.txt', () => {
  it('allows the site, keeps crawlers off the API and points at the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('GET /favicon.ico', () => {
  it('sends browsers that ask for it to the site icon, so no page gets a 404 for it', async () => {
    const res = await t.app.inject('/favicon.ico');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
    expect(existsSync(fileURLToPath(new URL('../../../../web/public/favicon.svg', import.meta.url)))).toBe(true);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every company and every post with absolute URLs', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC_URL}/`), loc).toBe(true);

    const companies = await t.db.selectFrom('companies').select('id').execute();
    const stockLocs = locs.filter((l) => /\/stock\/\d+$/.test(l));
    expect(stockLocs.sort()).toEqual(companies.map((c) => `${PUBLIC_URL}/stock/${c.id}`).sort());

    const posts = await t.db.selectFrom('contents').select(['id', 'kind']).execute();
    const paths = { notice: '/notice', event: '/event', news: '/unlisted/news', market: '/unlisted/market' } as Record<string, string>;
    for (const p of posts) expect(locs).toContain(`${PUBLIC_URL}${paths[p.kind]}/${p.id}`);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    // Each company's last modification is the day of its last price.
    expect(res.body).toMatch(/<loc>[^<]+\/stock\/1<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});
