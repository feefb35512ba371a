import { LoginProvider, messages } from '@beesang/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, type NaverMock, type NaverUser, startNaverMock } from '../../../../../../scripts/testing/naver-mock.ts';
import { loadSocialProviders } from '../../../config/social.ts';
import { expectError } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const NAVER = LoginProvider.NAVER;

let fake: NaverMock;
let t: TestApp;
const forged = { tried: 0, accepted: 0 };

beforeAll(async () => {
  fake = await startNaverMock();
  const providers = loadSocialProviders({
    OAUTH_NAVER_CLIENT_ID: fake.clientId,
    OAUTH_NAVER_CLIENT_SECRET: fake.clientSecret,
    OAUTH_NAVER_AUTH_BASE: fake.authBase,
    OAUTH_NAVER_API_BASE: `${fake.apiBase}/`,
  });
  t = await createTestApp({ seed: false, socialProviders: providers });
});
afterAll(async () => {
  console.log(`forged Naver identity tokens tried / accepted: ${forged.tried} / ${forged.accepted}`);
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.tokenAnswer = undefined;
  fake.profileAnswer = undefined;
  fake.tokenCalls.length = 0;
});

const post = (url: string, payload: object, cookies?: Record<string, string>) => t.app.inject({ method: 'POST', url, payload, cookies });

/** The browser's part: our authorize → Naver → back to our callback with code and state. */
async function webFlow() {
  const start = await t.app.inject('/api/auth/social/naver/authorize');
  expect(start.statusCode).toBe(302);
  const location = new URL(String(start.headers.location));
  const cookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((c) => c.startsWith('SOCIAL_FLOW='));
  expect(cookie).toMatch(/HttpOnly/i);
  const atNaver = await fetch(location, { redirect: 'manual' });
  const back = new URL(String(atNaver.headers.get('location')));
  const flow = (cookie as string).split(';')[0]!.slice('SOCIAL_FLOW='.length);
  return { location, back, flow, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function identityTokenFor(user: NaverUser): Promise<string> {
  fake.nextUser = user;
  const { code, state, flow } = await webFlow();
  const res = await post('/api/auth/social/naver/token', { code, state }, { SOCIAL_FLOW: flow });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { identityToken: string } }).result.identityToken;
}

describe('Naver Login (OAuth 2.0, state, profile API)', () => {
  it('sends the person to Naver’s authorize endpoint with code, client, callback and state (no PKCE)', async () => {
    const { location, back } = await webFlow();
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.authBase}/oauth2.0/authorize`);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('client_id')).toBe(fake.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback/naver');
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(location.searchParams.has('code_challenge')).toBe(false);
    expect(location.toString()).not.toContain(fake.clientSecret);
    expect(back.searchParams.get('state')).toBe(location.searchParams.get('state'));
    expect((await t.app.inject('/api/auth/social/providers')).json()).toEqual({ result: ['naver'] });
  });

  it('a new person: NotFoundException, sign-up, then sign-in — keyed on provider 4 + Naver id', async () => {
    const identityToken = await identityTokenFor({ id: 'naver-new-1', nickname: '네이버짱', email: 'naver.new@example.com' });
    const call = fake.tokenCalls.at(-1);
    expect(call).toMatchObject({ grant_type: 'authorization_code', client_id: fake.clientId, client_secret: fake.clientSecret });
    expect(call?.state).toBeTruthy();
    // The browser gets our sealed assertion, not Naver's access token.
    for (const naverToken of fake.issued()) expect(identityToken).not.toContain(naverToken);

    const missing = await post('/api/auth/social/sign-in', { socialType: NAVER, identityToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ name: 'NotFoundException', code: 'FAIL_NOT_FOUND' });
    const joined = await post('/api/auth/social/sign-up', { socialType: NAVER, identityToken, marketingFlag: false });
    expect(joined.statusCode, joined.body).toBe(200);
    const again = await post('/api/auth/social/sign-in', { socialType: NAVER, identityToken });
    expect(again.statusCode).toBe(200);
    const { accessToken } = (again.json() as { result: { accessToken: string } }).result;
    const me = await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json()).toMatchObject({ result: { userNickname: '네이버짱', userEmail: 'naver.new@example.com' } });
    const row = await t.db
      .selectFrom('users')
      .select(['login_provider', 'social_subject'])
      .where('social_subject', '=', 'naver-new-1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ login_provider: NAVER, social_subject: 'naver-new-1' });

    // A returning person signs in through the same web flow with a fresh assertion.
    const next = await identityTokenFor({ id: 'naver-new-1', nickname: '바뀐별명' });
    expect((await post('/api/auth/social/sign-in', { socialType: NAVER, identityToken: next })).statusCode).toBe(200);
    expect((await post('/api/auth/social/sign-up', { socialType: NAVER, identityToken: next })).json()).toMatchObject({
      code: 'FAIL_HAS_SNS_USER',
    });
  });

  it('refuses a callback whose state does not match or that has no flow cookie, without asking Naver', async () => {
    const { code, flow } = await webFlow();
    const forgedState = await expectError(
      t.app,
      { method: 'POST', url: '/api/auth/social/naver/token', payload: { code, state: 'forged-state' }, cookies: { SOCIAL_FLOW: flow } },
      400,
    );
    expect(forgedState.code).toBe('INVALID_STATE');
    const second = await webFlow();
    const noCookie = await expectError(
      t.app,
      { method: 'POST', url: '/api/auth/social/naver/token', payload: { code: second.code, state: second.state } },
      400,
    );
    expect(noCookie.code).toBe('INVALID_STATE');
    expect(fake.tokenCalls).toHaveLength(0);
    // Another attempt's state and cookie with this code: Naver refuses the code (issued for another state).
    const third = await webFlow();
    const fourth = await webFlow();
    const crossed = await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/social/naver/token',
        payload: { code: third.code, state: fourth.state },
        cookies: { SOCIAL_FLOW: fourth.flow },
      },
      400,
      messages.socialLoginFailed,
    );
    expect(crossed.code).toBe('PROVIDER_REFUSED');
  });

  it('token endpoint refusing or failing: a clear Korean error', async () => {
    const exchange = async (status: number, message: string) => {
      const { code, state, flow } = await webFlow();
      return expectError(
        t.app,
        { method: 'POST', url: '/api/auth/social/naver/token', payload: { code, state }, cookies: { SOCIAL_FLOW: flow } },
        status,
        message,
      );
    };
    fake.tokenAnswer = (res) => json(res, 200, { error: 'invalid_client', error_description: 'client authentication failed' });
    expect((await exchange(400, messages.socialLoginFailed)).code).toBe('PROVIDER_REFUSED');
    fake.tokenAnswer = (res) => json(res, 500, { error: 'server_error' });
    expect((await exchange(502, messages.socialProviderDown)).code).toBe('PROVIDER_ERROR');
    fake.tokenAnswer = (res) => res.socket?.destroy();
    await exchange(502, messages.socialProviderDown);
    fake.tokenAnswer = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>점검</html>');
    await exchange(502, messages.socialProviderDown);
  });

  it('a profile answer other than resultcode 00 is refused', async () => {
    fake.profileAnswer = (res) => json(res, 200, { resultcode: '028', message: 'Not Exist Authentication Header' });
    const { code, state, flow } = await webFlow();
    await expectError(
      t.app,
      { method: 'POST', url: '/api/auth/social/naver/token', payload: { code, state }, cookies: { SOCIAL_FLOW: flow } },
      400,
      messages.socialLoginFailed,
    );
    // The same answer to an app's access token.
    const token = fake.issue({ id: 'naver-028' });
    forged.tried++;
    const res = await post('/api/auth/social/sign-up', { socialType: NAVER, identityToken: token });
    if (res.statusCode === 200) forged.accepted++;
    expect(res.statusCode).toBe(401);
    fake.profileAnswer = (res) => json(res, 200, { resultcode: '00', message: 'success', response: { nickname: 'no id' } });
    expect((await post('/api/auth/social/sign-up', { socialType: NAVER, identityToken: token })).statusCode).toBe(401);
  });
});

describe('Naver from the mobile apps: identityToken is a Naver access token', () => {
  it('signs up and in with an access token the profile API vouches for', async () => {
    const token = fake.issue({ id: 'naver-app-1', nickname: '앱회원' });
    const missing = await post('/api/auth/social/sign-in', { socialType: NAVER, identityToken: token });
    expect(missing.statusCode).toBe(404);
    expect((await post('/api/auth/social/sign-up', { socialType: NAVER, identityToken: token })).statusCode).toBe(200);
    const signedIn = await post('/api/auth/social/sign-in', { socialType: NAVER, identityToken: token });
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses unknown, malformed and expired tokens with 401; an unreachable Naver is a 502, never a pass', async () => {
    const { flow } = await webFlow();
    const stale = await identityTokenFor({ id: 'naver-stale' });
    t.clock.advance(11 * 60_000);
    for (const token of [
      'AAAANnot-a-token-naver-knows',
      'AAAAN with\nnew line',
      stale, // our sealed assertion, after its 10 minutes
      flow, // another sealed value of ours, not an assertion
    ]) {
      forged.tried++;
      const res = await post('/api/auth/social/sign-up', { socialType: NAVER, identityToken: token });
      if (res.statusCode === 200) forged.accepted++;
      expect(res.statusCode, res.body).toBe(401);
      expect((res.json() as { code: string }).code).toBe('INVALID_IDENTITY_TOKEN');
    }
    const token = fake.issue({ id: 'naver-down' });
    fake.profileAnswer = (res) => res.socket?.destroy();
    await expectError(
      t.app,
      { method: 'POST', url: '/api/auth/social/sign-in', payload: { socialType: NAVER, identityToken: token } },
      502,
      messages.socialProviderDown,
    );
  });

  it('keys members on the Naver id, never on email', async () => {
    const a = fake.issue({ id: 'naver-same-email-a', email: 'shared.naver@example.com', nickname: '에이' });
    const b = fake.issue({ id: 'naver-same-email-b', email: 'shared.naver@example.com', nickname: '비이' });
    expect((await post('/api/auth/social/sign-up', { socialType: NAVER, identityToken: a })).statusCode).toBe(200);
    expect((await post('/api/auth/social/sign-up', { socialType: NAVER, identityToken: b })).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('users')
      .select(['social_subject', 'email'])
      .where('social_subject', 'in', ['naver-same-email-a', 'naver-same-email-b'])
      .orderBy('social_subject')
      .execute();
    expect(rows).toEqual([
      { social_subject: 'naver-same-email-a', email: 'shared.naver@example.com' },
      { social_subject: 'naver-same-email-b', email: null },
    ]);
  });
});
