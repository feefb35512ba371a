import { type Mock, vi } from 'vitest';

/** One request the app made, as the fake API saw it. */
export interface Call {
  method: string;
  /** The path exactly as the app asked for it, query string included. */
  path: string;
  /** 'METHOD /path?query', the key routes are looked up by. */
  key: string;
  headers: Headers;
  body: unknown;
}

export type Handler = (call: Call) => Response | Promise<Response>;
/** Handlers keyed 'METHOD /path?query'. */
export type Routes = Record<string, Handler>;
export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The API's success envelope. */
export const ok = (result: unknown) => json({ result });

/**
 * Stubs fetch with the API the test describes: `routes` first, then `fallback` (patterns, a
 * feature's default answers). Any other call fails the test. Only the network is replaced: the
 * components, hooks and the api-client itself are the real ones.
 */
export function fakeApi(routes: Routes = {}, fallback?: (call: Call) => Response | Promise<Response> | undefined) {
  const calls: Call[] = [];
  const failures = new Map<string, { status: number; message: string }>();
  const mock: FetchMock = vi.fn(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const call: Call = {
      method,
      path,
      key: `${method} ${path}`,
      headers: new Headers(init?.headers),
      // Multipart bodies stay FormData, for tests to read their files.
      body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const failure = failures.get(call.key);
    if (failure) {
      failures.delete(call.key);
      return json({ message: failure.message, code: 'FAIL' }, failure.status);
    }
    const answer = routes[call.key]?.(call) ?? fallback?.(call);
    if (!answer) throw new Error(`unexpected call ${call.key}`);
    return answer;
  });
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    /** Every request, in order. */
    calls,
    /** The requests as 'METHOD /path?query', in order. */
    keys: () => calls.map((c) => c.key),
    last: (key: string) => calls.filter((c) => c.key === key).at(-1),
    /** The next call to `key` answers this error instead. */
    failNext: (key: string, status: number, message: string) => failures.set(key, { status, message }),
  };
}
