import { describe, expect, it } from 'vitest';
import { createLoadContext, hasCookie, memberRead, pageRead } from './server-context';
import type { SsrReads } from './ssr-reads';

// A browser-like test environment drops `cookie` from a Request; the server's requests keep it.
const withCookie = (cookie: string) => ({ headers: new Headers({ cookie }) });

describe('hasCookie', () => {
  it('finds a cookie by name, anywhere in the header, and by exact value when asked', () => {
    const request = withCookie('theme=dark; ACCESS_TOKEN=abc.def; BEESANG_SESSION=1');
    expect(hasCookie(request, 'ACCESS_TOKEN')).toBe(true);
    expect(hasCookie(request, 'BEESANG_SESSION', '1')).toBe(true);
    expect(hasCookie(request, 'BEESANG_SESSION', '0')).toBe(false);
    expect(hasCookie(request, 'theme')).toBe(true);
  });

  it('does not match a longer name, a value prefix, or a request without cookies', () => {
    expect(hasCookie(withCookie('MY_ACCESS_TOKEN=x'), 'ACCESS_TOKEN')).toBe(false);
    expect(hasCookie(withCookie('BEESANG_SESSION=10'), 'BEESANG_SESSION', '1')).toBe(false);
    expect(hasCookie({ headers: new Headers() }, 'ACCESS_TOKEN')).toBe(false);
  });
});

describe('reads from loaders', () => {
  const failure = (statusCode: number) => Object.assign(new Error('refused'), { statusCode, code: 'X' });
  function contextWith(me: () => Promise<unknown>) {
    const logged: string[] = [];
    const log = {
      error: (_e: unknown, m: string) => logged.push(`error ${m}`),
      warn: (_e: unknown, m: string) => logged.push(`warn ${m}`),
    };
    const context = createLoadContext({
      reads: { me } as unknown as SsrReads,
      log,
      demoData: () => false,
      publicUrl: 'http://localhost',
      nonce: '',
    });
    return { context, logged };
  }
  const statusOf = (thrown: unknown) => (thrown instanceof Response ? thrown.status : 'not a response');

  it("a page's read: missing or malformed is the 404 page, another refusal the error page, a fault thrown as it is", async () => {
    for (const [status, page] of [
      [404, 404],
      [400, 404],
      [401, 500],
      [403, 500],
    ] as const) {
      const { context } = contextWith(() => Promise.reject(failure(status)));
      expect(statusOf(await pageRead(context, (r) => r.me()).catch((e: unknown) => e))).toBe(page);
    }
    const fault = new Error('database down');
    const { context } = contextWith(() => Promise.reject(fault));
    await expect(pageRead(context, (r) => r.me())).rejects.toBe(fault);
  });

  it("a member's read: none without an access token, null when refused, null and a warning on a fault", async () => {
    let calls = 0;
    const visitor = contextWith(async () => {
      calls++;
      return 'me';
    });
    const request = (cookie: string) => ({ headers: new Headers({ cookie }) }) as Request;
    expect(await memberRead(visitor.context, request('BSV=1'), (r) => r.me(), 'the member')).toBeNull();
    expect(calls).toBe(0);
    expect(await memberRead(visitor.context, request('ACCESS_TOKEN=t'), (r) => r.me(), 'the member')).toBe('me');

    const refused = contextWith(() => Promise.reject(failure(401)));
    expect(await memberRead(refused.context, request('ACCESS_TOKEN=t'), (r) => r.me(), 'the member')).toBeNull();
    expect(refused.logged).toEqual([]);
    const broken = contextWith(() => Promise.reject(new Error('database down')));
    expect(await memberRead(broken.context, request('ACCESS_TOKEN=t'), (r) => r.me(), 'the member')).toBeNull();
    expect(broken.logged).toEqual(['warn the member could not be read for the page; it loads in the browser']);
  });
});
