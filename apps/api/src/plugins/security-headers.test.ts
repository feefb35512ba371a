import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTONE_SDK_URL } from '../modules/identity/portone-page.ts';
import { multipartPost } from '../test/http.ts';
import { createMember, type TestMember } from '../test/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../test/test-app.ts';
import { webBuildExists } from './ssr.ts';

/**
 * The browser's safety headers on every kind of answer (decision 0015): the site's pages with a
 * nonce fresh for every response (a cached page too), the identity pages with their own policy,
 * everything else inert. Needs `npm run build` (the pages are the built web app's).
 */
const webBuildDir = resolve(import.meta.dirname, '../../../web/build');
const S3_PUBLIC = 'https://images.beesang.example/bucket';
let t: TestApp;
let member: TestMember;
let uploads: string;

beforeAll(async () => {
  if (!webBuildExists(webBuildDir)) {
    throw new Error(`The web app is not built (${webBuildDir}); run \`npm run build\` first (\`npm test\` does).`);
  }
  uploads = await mkdtemp(join(tmpdir(), 'beesang-headers-'));
  t = await createTestApp({ companies: 5, web: true, config: { webBuildDir, uploadDir: uploads } });
  member = await createMember(t, { nickname: '헤더확인회원' });
});
afterAll(async () => {
  await t?.close();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

type App = TestApp['app'];
const get = (url: string, headers: Record<string, string> = {}, app: App = t.app) => app.inject({ method: 'GET', url, headers });

function html(res: LightMyRequestResponse): string {
  return (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8');
}

/** The CSP as directive → sources. */
function policy(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** What every answer says, whatever it is. */
function expectBaseline(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['permissions-policy'], what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

/** A site page's policy and its nonce; every <script> of the document carries that nonce. */
function expectPagePolicy(res: LightMyRequestResponse): string {
  expectBaseline(res, 'page');
  const csp = policy(res);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? [];
  const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(scripts.find((s) => s.startsWith("'nonce-")) ?? '')?.[1];
  expect(nonce, String(res.headers['content-security-policy'])).toBeDefined();
  expect(scripts).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  // A <style> element only from us or with the same nonce (the dialog's scroll lock); attributes inline.
  expect(csp.get('style-src-elem')).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
  const document = html(res);
  const tags = document.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(2);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce as string;
}

describe('the site’s pages', () => {
  it("a visitor's page: scripts only from us or with this response's nonce", async () => {
    const res = await get('/stock/1?h=visitor', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expectPagePolicy(res);
  });

  it('a cached page served twice carries two different nonces, each on every script', async () => {
    const url = '/?h=cached';
    const seen = new Set<string>();
    for (const encoding of ['gzip, br', 'gzip, br', 'identity', 'identity']) {
      const res = await get(url, { 'accept-encoding': encoding });
      expect(res.headers['x-page-cache']).toBe(seen.size === 0 ? 'miss' : 'hit');
      seen.add(expectPagePolicy(res));
    }
    expect(seen.size).toBe(4);
    // Apart from the nonce, the same document.
    const [a, b] = await Promise.all([get(url), get(url)]);
    const [na, nb] = [expectPagePolicy(a), expectPagePolicy(b)];
    expect(html(a).replaceAll(na, 'N')).toBe(html(b).replaceAll(nb, 'N'));
  });

  it("a member's page, rendered for them (their messages)", async () => {
    const res = await get('/messages', { cookie: `ACCESS_TOKEN=${member.accessToken}`, 'accept-encoding': 'gzip' });
    expect(res.headers['x-page-cache']).toBe('bypass');
    expect(html(res)).toContain('헤더확인회원');
    expectPagePolicy(res);
  });

  it("a member's copy of a shared page (decision 0030), from the page cache", async () => {
    for (const state of ['miss', 'hit']) {
      const res = await get('/notice', { cookie: `ACCESS_TOKEN=${member.accessToken}`, 'accept-encoding': 'gzip' });
      expect(res.headers['x-page-cache']).toBe(state);
      expect(html(res)).not.toContain('헤더확인회원');
      expectPagePolicy(res);
    }
  });

  it('the 404 page', async () => {
    const res = await get('/stock/999999');
    expect(res.statusCode).toBe(404);
    expectPagePolicy(res);
  });

  it('allow images from the image store when uploads go to S3', async () => {
    const s3 = await secondInstance(t, {
      config: { ...t.buildOptions.config, s3: { ...fakeS3, publicUrl: S3_PUBLIC } },
      web: true,
    });
    try {
      const res = await get('/?h=s3', {}, s3.app);
      expect(policy(res).get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://images.beesang.example']);
    } finally {
      await s3.close();
    }
  });
});

const fakeS3 = {
  bucket: 'bucket',
  endpoint: 'https://images.beesang.example',
  accessKeyId: 'test',
  secretAccessKey: 'test',
  region: 'us-east-1',
};

describe('everything else', () => {
  it('JSON answers, errors and 404s are inert if opened as a document, and carry only what data needs', async () => {
    for (const url of ['/api/v2/stock/list', '/api/v2/stock/list?size=0', '/api/nowhere']) {
      const res = await get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Document-only headers stay off data answers (they cost a tenth of a cached answer's throughput).
      for (const documentOnly of ['permissions-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
        expect(res.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
      }
      expect(policy(res).get('default-src'), url).toEqual(["'none'"]);
      expect(policy(res).get('frame-ancestors'), url).toEqual(["'none'"]);
    }
  });

  it('a static file of the build', async () => {
    const script = (await readdir(join(webBuildDir, 'client/assets'))).find((f) => f.endsWith('.js'));
    const res = await get(`/assets/${script}`, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expectBaseline(res, 'asset');
    expect(policy(res).get('default-src')).toEqual(["'none'"]);
  });

  it('an uploaded image, sandboxed', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3182f6' } })
      .png()
      .toBuffer();
    const sent = await t.app.inject(
      multipartPost('/api/upload/image', [{ field: 'file', filename: 'a.png', type: 'image/png', bytes: png }], {
        headers: member.headers,
      }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await get((sent.json() as { result: { fileUrl: string } }).result.fileUrl);
    expect(res.statusCode).toBe(200);
    expectBaseline(res, 'upload');
    // Its route's own policy: nothing runs, and the image is sandboxed if opened as a document.
    expect(policy(res).get('default-src')).toEqual(["'none'"]);
    expect(policy(res).get('sandbox')).toEqual([]);
  });
});

/** Every inline script of `document` is allowed by its hash, every other by its origin; nothing else runs. */
function expectScriptsAllowedExactly(res: LightMyRequestResponse, origins: string[]) {
  const sources = policy(res).get('script-src') ?? [];
  const document = html(res);
  const inline = [...document.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  expect(inline.length).toBe(1);
  const hashes = inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  expect(sources.sort()).toEqual([...hashes, ...origins].sort());
  expect(sources).not.toContain("'unsafe-inline'");
}

describe('the identity pages', () => {
  it('the simulated provider: its one script and style by hash, calls and the form to us only', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/identity/requests', headers: member.headers });
    const res = await get((started.json() as { result: { url: string } }).result.url);
    expect(res.statusCode).toBe(200);
    expectBaseline(res, 'simulated identity page');
    expect(policy(res).get('frame-ancestors')).toEqual(["'none'"]);
    expectScriptsAllowedExactly(res, []);
    const csp = policy(res);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')?.[0]).toMatch(/^'sha256-/);
    expect(html(res)).not.toMatch(/ style="/);
    // It answers through window.opener, whatever the page that opened it.
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });

  it("PortOne's hand-off page: PortOne's SDK and its one script, nothing else runs", async () => {
    const portone = await secondInstance(t, {
      config: {
        ...t.buildOptions.config,
        identity: { provider: 'portone', apiSecret: 'x', storeId: 'store-1', channelKey: 'channel-1', apiBase: 'http://127.0.0.1:9' },
      },
    });
    try {
      const started = await portone.app.inject({ method: 'POST', url: '/api/identity/requests', headers: member.headers });
      const res = await get((started.json() as { result: { url: string } }).result.url, {}, portone.app);
      expect(res.statusCode).toBe(200);
      expectBaseline(res, 'PortOne identity page');
      expect(policy(res).get('frame-ancestors')).toEqual(["'none'"]);
      expect(html(res)).toContain(`<script src="${PORTONE_SDK_URL}">`);
      expectScriptsAllowedExactly(res, [new URL(PORTONE_SDK_URL).origin]);
      expect(policy(res).get('object-src')).toEqual(["'none'"]);
      expect(policy(res).get('base-uri')).toEqual(["'none'"]);
      expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    } finally {
      await portone.close();
    }
  });
});

describe('HSTS', () => {
  it('only when the site is served over https', async () => {
    expect((await get('/api/v2/stock/list')).headers['strict-transport-security']).toBeUndefined();
    const https = await secondInstance(t, { config: { ...t.buildOptions.config, publicUrl: 'https://beesang.example' }, web: true });
    try {
      for (const url of ['/api/v2/stock/list', '/?h=https']) {
        const res = await get(url, {}, https.app);
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      expect(policy(await get('/?h=https', {}, https.app)).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await https.close();
    }
  });
});
