import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages, UserLevel } from '@beesang/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { decrypt } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { expectError } from '../../test/http.ts';
import { newPhone, verifiedTicket } from '../../test/phone.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PORTONE_SDK_URL } from './portone-page.ts';
import { createPortOneProvider, portOneVerificationId } from './portone-provider.ts';

const API_SECRET = 'portone-v2-secret-that-must-never-leak';
const STORE_ID = 'store-00000000-0000-0000-0000-000000000001';
const CHANNEL_KEY = 'channel-key-00000000-0000-0000-0000-000000000001';
const AUTH_SECRET = 'a-test-auth-secret-of-at-least-32-characters';

/** A local stand-in for api.portone.io: the answer for each verification id, or a raw reply. */
type Answer = { status: string; verifiedCustomer?: Record<string, unknown>; id?: string } | ((res: ServerResponse) => void);
const answers = new Map<string, Answer>();
const received: Array<{ url: string; authorization: string; accepted: boolean }> = [];
let server: Server;
let apiBase: string;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function fakePortOne(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fake');
  const authorization = String(req.headers.authorization ?? '');
  // The fake accepts exactly one secret, as PortOne does.
  const accepted = authorization === `PortOne ${API_SECRET}`;
  received.push({ url: req.url ?? '', authorization, accepted });
  if (!accepted) return json(res, 401, { type: 'UNAUTHORIZED', message: 'Invalid API secret' });
  if (url.searchParams.get('storeId') !== STORE_ID) return json(res, 403, { type: 'FORBIDDEN', message: 'store' });
  const id = decodeURIComponent(/^\/identity-verifications\/([^/]+)$/.exec(url.pathname)?.[1] ?? '');
  const answer = answers.get(id);
  if (!answer) return json(res, 404, { type: 'IDENTITY_VERIFICATION_NOT_FOUND', message: 'not found' });
  if (typeof answer === 'function') return answer(res);
  json(res, 200, { id, requestedAt: '2026-11-20T04:59:00Z', updatedAt: '2026-11-20T05:00:00Z', ...answer });
}

const person = (ci: string, name = '김본인') => ({
  status: 'VERIFIED',
  verifiedCustomer: { name, birthDate: '1990-01-01', phoneNumber: '01012345678', ci, di: `DI-${ci}`, gender: 'MALE' },
});

beforeAll(async () => {
  server = createServer(fakePortOne);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  answers.clear();
  received.length = 0;
});

const portone = (extra: { apiSecret?: string } = {}) => ({
  provider: 'portone' as const,
  apiSecret: API_SECRET,
  storeId: STORE_ID,
  channelKey: CHANNEL_KEY,
  apiBase,
  ...extra,
});

describe('PortOne provider on its own', () => {
  const provider = (extra: Partial<Parameters<typeof createPortOneProvider>[0]> = {}) =>
    createPortOneProvider({ apiSecret: API_SECRET, storeId: STORE_ID, channelKey: CHANNEL_KEY, apiBase, ...extra });

  it('asks GET /identity-verifications/{id} with the PortOne secret and returns the verified person', async () => {
    const token = 'r'.repeat(43);
    answers.set(portOneVerificationId(token), person('CI-unit-1', '이확인'));
    expect(await provider().fetchResult?.(token)).toEqual({ name: '이확인', ci: 'CI-unit-1' });
    expect(received).toEqual([
      {
        url: `/identity-verifications/${portOneVerificationId(token)}?storeId=${encodeURIComponent(STORE_ID)}`,
        authorization: `PortOne ${API_SECRET}`,
        accepted: true,
      },
    ]);
    // The id PortOne sees is not the token that finishes our request.
    expect(portOneVerificationId(token)).not.toContain(token);
  });

  it('gives up after the timeout with a 502, logging neither the secret nor the CI', async () => {
    const token = 's'.repeat(43);
    let timer: NodeJS.Timeout | undefined;
    answers.set(portOneVerificationId(token), (res) => {
      timer = setTimeout(() => json(res, 200, { id: portOneVerificationId(token), ...person('CI-late') }), 2_000);
    });
    const lines: string[] = [];
    const started = Date.now();
    const error = await provider({ timeoutMs: 200, log: (m) => lines.push(m) })
      .fetchResult?.(token)
      .catch((e: unknown) => e);
    clearTimeout(timer);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 502, code: 'IDENTITY_PROVIDER_ERROR', message: messages.identityProviderDown });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(lines.join('\n')).toMatch(/timeout/);
    for (const secret of [API_SECRET, 'CI-late', token]) expect(lines.join('\n')).not.toContain(secret);
  });

  it('answers 502 when nothing listens at the API address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(provider({ apiBase: `http://127.0.0.1:${port}` }).fetchResult?.('t'.repeat(43))).rejects.toMatchObject({
      statusCode: 502,
    });
  });
});

describe('PortOne 본인확인 through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { authSecret: AUTH_SECRET, identity: portone() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function member() {
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/sign-up',
      payload: { userId: `${phone}@example.com`, userName: '포트원회원', phoneNumber: phone },
      headers: { 'x-verification-ticket': ticket },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { result11: { accessToken: string } } }).result.result11;
  }
  async function start(accessToken?: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/identity/requests', headers: accessToken ? bearer(accessToken) : {} });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { requestId: string; url: string } }).result;
  }
  const verify = (accessToken: string, requestId: string) =>
    ({ method: 'POST', url: '/api/identity/verify', payload: { requestId }, headers: bearer(accessToken) }) as const;
  async function level(accessToken: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: bearer(accessToken) });
    return (res.json() as { result: { userLevel: number } }).result.userLevel;
  }

  it('serves our hand-off page for PortOne’s window, and no simulated provider', async () => {
    const { requestId, url } = await start();
    expect(url).toBe(`/identity/portone?request=${encodeURIComponent(requestId)}`);
    const page = await t.app.inject(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.body).toContain(`<script src="${PORTONE_SDK_URL}">`);
    expect(page.body).toContain('requestIdentityVerification');
    expect(page.body).toContain(`"identityVerificationId":"${portOneVerificationId(requestId)}"`);
    expect(page.body).toContain(`"storeId":"${STORE_ID}"`);
    expect(page.body).toContain(`"channelKey":"${CHANNEL_KEY}"`);
    expect(page.body).toContain("kind: 'authCI'");
    expect(page.body).not.toContain(API_SECRET);
    expect(page.body).not.toContain('테스트 모드');
    // PortOne's redirect comes back without our token; a token cannot break out of the script.
    expect((await t.app.inject('/identity/portone?identityVerificationId=x&code=FAILURE')).statusCode).toBe(200);
    const hostile = await t.app.inject(`/identity/portone?request=${encodeURIComponent('</script><script>alert(1)</script>')}`);
    expect(hostile.body).not.toContain('<script>alert(1)');
    expect((await t.app.inject(`/identity/simulated?request=${'x'.repeat(43)}`)).statusCode).toBe(404);
    const sim = { request: requestId, name: '김가짜', birth: '19900101', phone: '01012345678' };
    expect((await t.app.inject({ method: 'POST', url: '/api/identity/simulated/complete', payload: sim })).statusCode).toBe(404);
  });

  it('a VERIFIED answer from PortOne makes the member REGULAR; the CI is kept only encrypted', async () => {
    const m = await member();
    expect(await level(m.accessToken)).toBe(UserLevel.COMMON);
    const { requestId } = await start(m.accessToken);
    // The browser says "done" before PortOne knows the person: nothing happens.
    await expectError(t.app, verify(m.accessToken, requestId), 409, messages.identityNotFinished);

    const ci = 'CI-REAL-0000000000000000000000000000000000000000000000000000000000000000000001==';
    answers.set(portOneVerificationId(requestId), person(ci, '박포트'));
    const res = await t.app.inject(verify(m.accessToken, requestId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: { userLevel: UserLevel.REGULAR, userName: '박포트' } });
    expect(received.at(-1)).toMatchObject({ authorization: `PortOne ${API_SECRET}`, accepted: true });

    const row = await t.db.selectFrom('users').select(['ci_enc', 'di_hash']).where('real_name', '=', '박포트').executeTakeFirstOrThrow();
    expect(decrypt(AUTH_SECRET, row.ci_enc ?? '')).toBe(ci);
    const everything = await sql<{ row: string }>`
      select row_to_json(u)::text as row from users u
      union all select row_to_json(r)::text from identity_requests r`.execute(t.db);
    for (const r of everything.rows) {
      expect(r.row).not.toContain(ci);
      expect(r.row).not.toContain(`DI-${ci}`);
    }
    // Used once.
    await expectError(t.app, verify(m.accessToken, requestId), 410);
  });

  it('refuses a FAILED or unfinished verification; the member stays COMMON', async () => {
    const m = await member();
    const failed = await start(m.accessToken);
    answers.set(portOneVerificationId(failed.requestId), { status: 'FAILED', failure: { reason: '인증 실패' } } as never);
    const error = await expectError(t.app, verify(m.accessToken, failed.requestId), 400, messages.identityFailed);
    expect(error.code).toBe('IDENTITY_FAILED');
    const ready = await start(m.accessToken);
    answers.set(portOneVerificationId(ready.requestId), { status: 'READY' });
    await expectError(t.app, verify(m.accessToken, ready.requestId), 409, messages.identityNotFinished);
    expect(await level(m.accessToken)).toBe(UserLevel.COMMON);
  });

  it('PortOne down, erring or answering oddly: a Korean 502, never a pass; the request still works afterwards', async () => {
    const m = await member();
    const { requestId } = await start(m.accessToken);
    const id = portOneVerificationId(requestId);
    for (const answer of [
      (res: ServerResponse) => res.socket?.destroy(),
      (res: ServerResponse) => json(res, 503, { type: 'INTERNAL_SERVER_ERROR' }),
      (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>점검 중</html>'),
      { status: 'VERIFIED', verifiedCustomer: { name: '최씨아이' } },
      { ...person('CI-someone-else'), id: 'beesang-another-verification' },
      { status: 'CANCELLED' },
    ] satisfies Answer[]) {
      answers.set(id, answer);
      const error = await expectError(t.app, verify(m.accessToken, requestId), 502, messages.identityProviderDown);
      expect(error.code).toBe('IDENTITY_PROVIDER_ERROR');
      expect(await level(m.accessToken)).toBe(UserLevel.COMMON);
    }
    // A long (foreign) name is kept to the 20 characters users.real_name holds.
    answers.set(id, person('CI-after-outage', 'JEONG BOKGU ALEXANDER MAXIMILIAN'));
    const recovered = await t.app.inject(verify(m.accessToken, requestId));
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toMatchObject({ result: { userLevel: UserLevel.REGULAR, userName: 'JEONG BOKGU ALEXANDE' } });
  });

  it('the same CI on a second account is a duplicate; find-id finds the first account', async () => {
    const ci = 'CI-DUPLICATE-PERSON';
    const first = await member();
    const a = await start(first.accessToken);
    answers.set(portOneVerificationId(a.requestId), person(ci, '이중복'));
    expect((await t.app.inject(verify(first.accessToken, a.requestId))).statusCode).toBe(200);

    const second = await member();
    const b = await start(second.accessToken);
    answers.set(portOneVerificationId(b.requestId), person(ci, '이중복'));
    const dup = await expectError(t.app, verify(second.accessToken, b.requestId), 409, messages.identityDuplicate);
    expect(dup.code).toBe('DUPLICATE_IDENTITY');
    expect(await level(second.accessToken)).toBe(UserLevel.COMMON);

    const c = await start();
    answers.set(portOneVerificationId(c.requestId), person(ci, '이중복'));
    const found = await t.app.inject({ method: 'POST', url: '/api/user/find-id', payload: { userCi: c.requestId } });
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as { result: { userId: string } }).result.userId).toMatch(/^01\*+@example\.com$/);
  });

  it('does not ask PortOne about another member’s request', async () => {
    const owner = await member();
    const other = await member();
    const { requestId } = await start(owner.accessToken);
    answers.set(portOneVerificationId(requestId), person('CI-owner'));
    await expectError(t.app, verify(other.accessToken, requestId), 404);
    expect(received).toHaveLength(0);
    expect(await level(other.accessToken)).toBe(UserLevel.COMMON);
  });
});

describe('PortOne with a wrong API secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { identity: portone({ apiSecret: 'not-the-portone-secret' }) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused by PortOne, and the member stays COMMON', async () => {
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/sign-up',
      payload: { userId: `${phone}@example.com`, userName: '비밀틀림', phoneNumber: phone },
      headers: { 'x-verification-ticket': ticket },
    });
    const { accessToken } = (joined.json() as { result: { result11: { accessToken: string } } }).result.result11;
    const headers = { authorization: `Bearer ${accessToken}` };
    const started = await t.app.inject({ method: 'POST', url: '/api/identity/requests', headers });
    const { requestId } = (started.json() as { result: { requestId: string } }).result;
    answers.set(portOneVerificationId(requestId), person('CI-wrong-secret'));

    await expectError(
      t.app,
      { method: 'POST', url: '/api/identity/verify', payload: { requestId }, headers },
      502,
      messages.identityProviderDown,
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ authorization: 'PortOne not-the-portone-secret', accepted: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers });
    expect(me.json()).toMatchObject({ result: { userLevel: UserLevel.COMMON } });
  });
});

describe('IDENTITY_PROVIDER configuration', () => {
  const base = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;
  const keys = { PORTONE_API_SECRET: API_SECRET, PORTONE_STORE_ID: STORE_ID, PORTONE_CHANNEL_KEY: CHANNEL_KEY };

  it('defaults to the simulated provider', () => {
    expect(loadConfig(base).identity).toEqual({ provider: 'simulated' });
    expect(loadConfig({ ...base, IDENTITY_PROVIDER: 'simulated', ...keys }).identity).toEqual({ provider: 'simulated' });
  });

  it('reads the PortOne keys, with https://api.portone.io by default', () => {
    expect(loadConfig({ ...base, IDENTITY_PROVIDER: 'portone', ...keys }).identity).toEqual({
      provider: 'portone',
      apiSecret: API_SECRET,
      storeId: STORE_ID,
      channelKey: CHANNEL_KEY,
      apiBase: 'https://api.portone.io',
    });
    expect(loadConfig({ ...base, IDENTITY_PROVIDER: 'portone', ...keys, PORTONE_API_BASE: 'http://127.0.0.1:9/' }).identity).toMatchObject({
      apiBase: 'http://127.0.0.1:9',
    });
  });

  it.each([
    ['a partial set', { IDENTITY_PROVIDER: 'portone', PORTONE_API_SECRET: API_SECRET }, ['PORTONE_STORE_ID', 'PORTONE_CHANNEL_KEY']],
    ['keys without IDENTITY_PROVIDER', keys, ['IDENTITY_PROVIDER=portone']],
    ['an unknown provider', { IDENTITY_PROVIDER: 'nice' }, ['IDENTITY_PROVIDER']],
  ])('stops start-up on %s with a Korean and English error that shows no secret', (_label, env, named) => {
    let error: unknown;
    try {
      loadConfig({ ...base, ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(/환경 변수가 올바르지 않습니다 \(invalid environment\)/);
    for (const name of named) expect(text).toContain(name);
    expect(text).not.toContain(API_SECRET);
  });
});
