import { describe, expect, it } from 'vitest';
import { hasCookie } from './server-context';

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
