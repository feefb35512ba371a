import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, REFRESH_PATH, setUnauthorizedHandler } from './api-client';

const DETAIL = '/api/user/myPage/detail';
const EXPIRED = { message: '로그인이 만료되었습니다. 다시 로그인해주세요.', code: 'UNAUTHORIZED' };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch stub whose access token is expired until `/api/auth/refresh` succeeds (when `refreshOk`). */
function stubSession({ refreshOk, refreshDelayMs = 0 }: { refreshOk: boolean; refreshDelayMs?: number }) {
  let fresh = false;
  const mock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input);
    if (path === REFRESH_PATH) {
      await new Promise((r) => setTimeout(r, refreshDelayMs));
      fresh = refreshOk;
      return refreshOk ? json({ result: { accessToken: 'a2', refreshToken: 'r2' } }) : json({ message: '다시 로그인해주세요.' }, 401);
    }
    if (path === '/api/auth/logout') return json(EXPIRED, 401);
    return fresh ? json({ result: { path } }) : json(EXPIRED, 401);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
const paths = (mock: ReturnType<typeof stubSession>) => mock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

let unauthorized: ReturnType<typeof vi.fn<(message: string) => void>>;
beforeEach(() => {
  unauthorized = vi.fn<(message: string) => void>();
  setUnauthorizedHandler(unauthorized);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

describe('silent refresh', () => {
  it('an expired token is refreshed and the call retried: the caller just gets its answer', async () => {
    const api = stubSession({ refreshOk: true });
    await expect(apiFetch(DETAIL)).resolves.toEqual({ path: DETAIL });
    expect(paths(api)).toEqual([`GET ${DETAIL}`, `POST ${REFRESH_PATH}`, `GET ${DETAIL}`]);
    expect(api.mock.calls[1]?.[1]?.credentials).toBe('same-origin');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('a failed refresh runs the 401 path once, with the original message, and does not retry', async () => {
    const api = stubSession({ refreshOk: false });
    const error = await apiFetch(DETAIL).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(paths(api)).toEqual([`GET ${DETAIL}`, `POST ${REFRESH_PATH}`]);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(unauthorized).toHaveBeenCalledWith(EXPIRED.message);
  });

  it('two calls that expire together share one refresh and are both retried', async () => {
    const api = stubSession({ refreshOk: true, refreshDelayMs: 20 });
    const [a, b] = await Promise.all([apiFetch('/api/a'), apiFetch('/api/b')]);
    expect(a).toEqual({ path: '/api/a' });
    expect(b).toEqual({ path: '/api/b' });
    expect(paths(api).filter((p) => p === `POST ${REFRESH_PATH}`)).toHaveLength(1);
    expect(paths(api)).toHaveLength(5);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('two calls that expire together with a dead refresh token: one refresh, one 401 path', async () => {
    const api = stubSession({ refreshOk: false, refreshDelayMs: 20 });
    const results = await Promise.allSettled([apiFetch('/api/a'), apiFetch('/api/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(paths(api).filter((p) => p === `POST ${REFRESH_PATH}`)).toHaveLength(1);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('a retried call that still answers 401 ends the session without refreshing again', async () => {
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === REFRESH_PATH) {
          refreshes++;
          return json({ result: {} });
        }
        return json(EXPIRED, 401);
      }),
    );
    await expect(apiFetch(DETAIL)).rejects.toBeInstanceOf(ApiError);
    expect(refreshes).toBe(1);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls marked ignoreUnauthorized keep their 401: no refresh, no session handling', async () => {
    const api = stubSession({ refreshOk: true });
    await expect(apiFetch(DETAIL, { ignoreUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(paths(api)).toEqual([`GET ${DETAIL}`]);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('auth calls are never answered by a refresh', async () => {
    const api = stubSession({ refreshOk: true });
    await expect(apiFetch('/api/auth/logout', { method: 'POST', body: '{}' })).rejects.toMatchObject({ status: 401 });
    expect(paths(api)).toEqual(['POST /api/auth/logout']);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('a suspended member (issue 10 §3)', () => {
  it('a 403 SUSPENDED ends the session once with the reason, however many calls learn it together, and never refreshes', async () => {
    const SUSPENDED = { message: '이용이 정지된 계정입니다. 고객센터로 문의해주세요.', code: 'SUSPENDED' };
    const api = vi.fn(async (_input: RequestInfo | URL) => json(SUSPENDED, 403));
    vi.stubGlobal('fetch', api);
    const results = await Promise.allSettled([apiFetch('/api/a'), apiFetch('/api/b')]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 403, code: 'SUSPENDED', message: SUSPENDED.message });
    }
    expect(api.mock.calls.map(([input]) => String(input))).toEqual(['/api/a', '/api/b']);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(unauthorized).toHaveBeenCalledWith(SUSPENDED.message);
  });

  it("any other 403 is the call's own error and leaves the session alone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: '운영정책 위반으로 매물 등록과 수정이 제한된 계정입니다.', code: 'SANCTIONED' }, 403)),
    );
    await expect(apiFetch('/api/trade/sell', { method: 'POST', body: '{}' })).rejects.toMatchObject({ status: 403, code: 'SANCTIONED' });
    expect(unauthorized).not.toHaveBeenCalled();
  });
});
