import { describe, expect, it } from 'vitest';
import { accepts, acceptsGzip, storablePage } from './page-reply.ts';

const html = (init: ResponseInit & { headers?: Record<string, string> } = {}) =>
  new Response('<!DOCTYPE html><p>비상</p>', {
    status: 200,
    ...init,
    headers: { 'content-type': 'text/html; charset=utf-8', ...init.headers },
  });

describe('acceptsGzip', () => {
  it('is true when the client takes gzip or anything; q=0 refuses', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
  it('reads brotli the same way', () => {
    expect(accepts('br', 'br')).toBe(true);
    expect(accepts('gzip, br;q=0', 'br')).toBe(false);
    expect(accepts('gzip', 'br')).toBe(false);
    expect(accepts('*', 'br')).toBe(true);
  });
});

describe('storablePage', () => {
  it("keeps a visitor's 200 without the headers that belong to one response", async () => {
    const page = await storablePage(
      html({ headers: { 'x-frame-options': 'DENY', 'content-length': '30', vary: 'cookie' } }),
      new Set(['market']),
      '',
    );
    expect(page?.body.toString()).toBe('<!DOCTYPE html><p>비상</p>');
    expect(page?.headers).toEqual([
      ['content-type', 'text/html; charset=utf-8'],
      ['x-frame-options', 'DENY'],
    ]);
    expect([...(page?.tags ?? [])]).toEqual(['market']);
  });

  it('never keeps a response that sets a cookie, is private or no-store, or is not a 200', async () => {
    for (const response of [
      html({ headers: { 'set-cookie': 'BSV=abc; Path=/; HttpOnly' } }),
      html({ headers: { 'cache-control': 'private, no-store' } }),
      html({ headers: { 'cache-control': 'no-store' } }),
      html({ status: 404 }),
      html({ status: 500 }),
      new Response(null, { status: 200 }),
    ]) {
      expect(await storablePage(response, new Set(), '')).toBeNull();
      // Left unread, so that it can still be sent as it is.
      expect(response.bodyUsed).toBe(false);
    }
  });
});
