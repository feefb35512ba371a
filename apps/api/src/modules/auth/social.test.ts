import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcMock, startOidcMock } from '../../../../../scripts/testing/oidc-mock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let idp: OidcMock;
const forged = { tried: 0, accepted: 0 };

beforeAll(async () => {
  idp = await startOidcMock();
  t = await createTestApp({
    seed: false,
    socialProviders: { google: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
  });
});
afterAll(async () => {
  console.log(`forged social identity tokens tried / accepted: ${forged.tried} / ${forged.accepted}`);
  await t?.close();
  await idp?.close();
});

const GOOGLE = 2;
const post = (url: string, payload: object, cookies?: Record<string, string>) => t.app.inject({ method: 'POST', url, payload, cookies });

/** The browser's part of the dance: our authorize → provider → back to our callback with code and state. */
async function webFlow() {
  const start = await t.app.inject('/api/auth/social/google/authorize');
  expect(start.statusCode).toBe(302);
  const location = new URL(String(start.headers.location));
  const flow = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((c) => c.startsWith('SOCIAL_FLOW='));
  expect(flow).toMatch(/HttpOnly/i);
  const atProvider = await fetch(location, { redirect: 'manual' });
  const back = new URL(String(atProvider.headers.get('location')));
  return { location, back, flow: (flow as string).split(';')[0]!.slice('SOCIAL_FLOW='.length) };
}

describe('social sign-in (OpenID Connect with state, PKCE and nonce)', () => {
  it('sends state, an S256 PKCE challenge and a nonce; lists the configured providers', async () => {
    const { location } = await webFlow();
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback/google');
    expect((await t.app.inject('/api/auth/social/providers')).json()).toEqual({ result: ['google'] });
    expect((await t.app.inject('/api/auth/social/kakao/authorize')).statusCode).toBe(404);
  });

  it('a new person: NotFoundException, then automatic sign-up, then sign-in', async () => {
    idp.nextUser = { sub: 'google-new-1', email: 'new.social@example.com', name: '박소셜' };
    const { back, flow } = await webFlow();
    const exchanged = await post(
      '/api/auth/social/google/token',
      { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      { SOCIAL_FLOW: flow },
    );
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const { identityToken } = (exchanged.json() as { result: { identityToken: string } }).result;

    const missing = await post('/api/auth/social/sign-in', { socialType: GOOGLE, identityToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ name: 'NotFoundException', code: 'FAIL_NOT_FOUND' });

    const joined = await post('/api/auth/social/sign-up', {
      socialType: GOOGLE,
      identityToken,
      marketingFlag: true,
      nighttimeAlarmFlag: true,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const again = await post('/api/auth/social/sign-in', { socialType: GOOGLE, identityToken });
    expect(again.statusCode).toBe(200);
    const { accessToken } = (again.json() as { result: { accessToken: string } }).result;
    const me = await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json()).toMatchObject({ result: { userNickname: '박소셜', userEmail: 'new.social@example.com', userLevel: 1 } });
    const row = await t.db
      .selectFrom('users')
      .select(['marketing_flag', 'nighttime_alarm_flag', 'login_provider'])
      .where('social_subject', '=', 'google-new-1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ marketing_flag: true, nighttime_alarm_flag: true, login_provider: GOOGLE });
    expect((await post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken })).json()).toMatchObject({
      code: 'FAIL_HAS_SNS_USER',
    });
  });

  it('refuses a callback whose state does not match, or without the flow cookie', async () => {
    const { back, flow } = await webFlow();
    expect(
      (await post('/api/auth/social/google/token', { code: back.searchParams.get('code'), state: 'forged-state' }, { SOCIAL_FLOW: flow }))
        .statusCode,
    ).toBe(400);
    const second = await webFlow();
    expect(
      (
        await post('/api/auth/social/google/token', {
          code: second.back.searchParams.get('code'),
          state: second.back.searchParams.get('state'),
        })
      ).statusCode,
    ).toBe(400);
    // A flow cookie from another attempt carries another PKCE verifier: the provider refuses the code.
    const third = await webFlow();
    const fourth = await webFlow();
    const crossed = await post(
      '/api/auth/social/google/token',
      { code: third.back.searchParams.get('code'), state: fourth.back.searchParams.get('state') },
      { SOCIAL_FLOW: fourth.flow },
    );
    expect(crossed.statusCode).toBe(502);
  });

  it('refuses identity tokens that are forged, expired, for another client, or unsigned', async () => {
    // Expiry is judged by the app's clock, which tests fix.
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const good = idp.mint({ sub: 'google-x' });
    const [h, p] = good.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    for (const token of [
      idp.mint({ sub: 'google-x', aud: 'someone-else' }),
      idp.mint({ sub: 'google-x', exp: now - 10 }),
      idp.mint({ sub: 'google-x', iss: 'https://evil.example' }),
      `${enc({ alg: 'none', typ: 'JWT' })}.${p}.`,
      `${h}.${enc({ ...claims, sub: 'someone-else' })}.${good.split('.')[2]}`,
      idp.mint({ sub: 'google-x' }, { header: { alg: 'HS256' } }),
    ]) {
      forged.tried++;
      const res = await post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken: token });
      if (res.statusCode === 200) forged.accepted++;
      expect(res.statusCode).toBe(401);
    }
  });

  it('keys members on provider + subject, never on email', async () => {
    const a = idp.mint({ sub: 'google-same-email-a', email: 'shared@example.com', email_verified: true, name: 'Alpha' });
    const b = idp.mint({ sub: 'google-same-email-b', email: 'shared@example.com', email_verified: true, name: 'Beta' });
    expect((await post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken: a })).statusCode).toBe(200);
    expect((await post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken: b })).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('users')
      .select(['social_subject', 'email'])
      .where('social_subject', 'in', ['google-same-email-a', 'google-same-email-b'])
      .orderBy('social_subject')
      .execute();
    expect(rows).toEqual([
      { social_subject: 'google-same-email-a', email: 'shared@example.com' },
      { social_subject: 'google-same-email-b', email: null },
    ]);
  });
});
