import { LoginProvider, messages } from '@beesang/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OidcMock, startOidcMock } from '../../../../../../scripts/testing/oidc-mock.ts';
import { expectError } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Kakao and Google through openid-client against local fakes that behave like them (discovery,
 * JWKS, PKCE, nonce, redirects), and ID tokens from the apps verified by jose. Apple: social/apple.test.ts;
 * Naver: social/naver.test.ts.
 */
let t: TestApp;
let google: OidcMock;
let kakao: OidcMock;
const forged = { tried: 0, accepted: 0 };
/** Kakao's keys may be fetched again this soon after a fetch (the production default is 30 s). */
const KAKAO_COOLDOWN_MS = 300;

beforeAll(async () => {
  google = await startOidcMock({ flavour: 'google', clientId: 'google-web' });
  kakao = await startOidcMock({ flavour: 'kakao', clientId: 'kakao-rest-key', clientSecret: 'kakao-secret' });
  t = await createTestApp({
    seed: false,
    socialProviders: {
      kakao: { issuer: kakao.issuer, clientId: kakao.clientId, clientSecret: kakao.clientSecret, jwks: { cooldownMs: KAKAO_COOLDOWN_MS } },
      google: { issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret, appAudiences: ['kr.beesang.ios'] },
    },
  });
});
afterAll(async () => {
  console.log(`forged social identity tokens tried / accepted: ${forged.tried} / ${forged.accepted}`);
  await t?.close();
  await google?.close();
  await kakao?.close();
});
beforeEach(() => {
  google.tokenAnswer = undefined;
  kakao.tokenAnswer = undefined;
});

const GOOGLE = LoginProvider.GOOGLE;
const KAKAO = LoginProvider.KAKAO;
const post = (url: string, payload: object, cookies?: Record<string, string>) => t.app.inject({ method: 'POST', url, payload, cookies });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The browser's part of the dance: our authorize → provider → back to our callback page with code and state. */
async function webFlow(name: 'google' | 'kakao') {
  const start = await t.app.inject(`/api/auth/social/${name}/authorize`);
  expect(start.statusCode, start.body).toBe(302);
  const location = new URL(String(start.headers.location));
  const cookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((c) => c.startsWith('SOCIAL_FLOW='));
  expect(cookie).toMatch(/HttpOnly/i);
  const atProvider = await fetch(location, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(String(atProvider.headers.get('location')));
  const flow = (cookie as string).split(';')[0]!.slice('SOCIAL_FLOW='.length);
  return { location, back, flow, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function identityTokenVia(name: 'google' | 'kakao'): Promise<string> {
  const { code, state, flow } = await webFlow(name);
  const res = await post(`/api/auth/social/${name}/token`, { code, state }, { SOCIAL_FLOW: flow });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { identityToken: string } }).result.identityToken;
}

/** A sign-up with a token that must be refused with 401; counted for the suite's figure. */
async function refused(socialType: number, identityToken: string) {
  forged.tried++;
  const res = await post('/api/auth/social/sign-up', { socialType, identityToken });
  if (res.statusCode === 200) forged.accepted++;
  expect(res.statusCode, res.body).toBe(401);
  expect((res.json() as { code: string }).code).toBe('INVALID_IDENTITY_TOKEN');
}

describe('the web flow (openid-client: state, S256 PKCE, nonce)', () => {
  it('sends state, an S256 challenge and a nonce; Google gets the standard scopes, Kakao its app’s consent items', async () => {
    const g = (await webFlow('google')).location;
    expect(g.origin).toBe(google.issuer);
    expect(g.searchParams.get('code_challenge_method')).toBe('S256');
    expect(g.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(g.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(g.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(g.searchParams.get('scope')).toBe('openid profile email');
    expect(g.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback/google');
    const k = (await webFlow('kakao')).location;
    expect(k.searchParams.has('scope')).toBe(false);
    expect(k.searchParams.get('code_challenge_method')).toBe('S256');
    expect(k.searchParams.get('nonce')).not.toBe(g.searchParams.get('nonce'));
    expect((await t.app.inject('/api/auth/social/providers')).json()).toEqual({ result: ['kakao', 'google'] });
    expect((await t.app.inject('/api/auth/social/apple/authorize')).statusCode).toBe(404);
  });

  it.each([
    ['google', GOOGLE, { sub: 'google-new-1', email: 'new.google@example.com', name: '박구글' }, '박구글'],
    ['kakao', KAKAO, { sub: '4000000001', email: 'new.kakao@example.com', name: '카카오짱' }, '카카오짱'],
  ] as const)('%s: a new person — NotFoundException, sign-up, sign-in; the token call carried the PKCE verifier', async (name, type, person, nickname) => {
    const idp = name === 'google' ? google : kakao;
    idp.nextUser = person;
    const identityToken = await identityTokenVia(name);
    const call = idp.tokenRequests.at(-1);
    expect(call).toMatchObject({ grant_type: 'authorization_code', client_id: idp.clientId, client_secret: idp.clientSecret });
    expect(call?.code_verifier).toMatch(/^[\w-]{43,128}$/);
    // The page holds our sealed identity, not the provider's ID token (a JWT, whose first part is JSON).
    expect(() => JSON.parse(Buffer.from(identityToken.split('.')[0] ?? '', 'base64url').toString())).toThrow();

    const missing = await post('/api/auth/social/sign-in', { socialType: type, identityToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ name: 'NotFoundException', code: 'FAIL_NOT_FOUND' });
    const joined = await post('/api/auth/social/sign-up', {
      socialType: type,
      identityToken,
      marketingFlag: true,
      nighttimeAlarmFlag: true,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const again = await post('/api/auth/social/sign-in', { socialType: type, identityToken });
    expect(again.statusCode).toBe(200);
    const { accessToken } = (again.json() as { result: { accessToken: string } }).result;
    const me = await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json()).toMatchObject({ result: { userNickname: nickname, userEmail: person.email } });
    const row = await t.db
      .selectFrom('users')
      .select(['login_provider', 'marketing_flag'])
      .where('social_subject', '=', person.sub)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ login_provider: type, marketing_flag: true });
    // The web's refresh token lives in its HttpOnly cookie only; an app (deviceType 1 or 2) gets it in the body.
    expect(Object.keys((again.json() as { result: object }).result)).toEqual(['accessToken']);
    expect(again.cookies.map((c) => c.name)).toContain('REFRESH_TOKEN');
    const fromApp = await post('/api/auth/social/sign-in', { socialType: type, identityToken, deviceType: 2 });
    expect(Object.keys((fromApp.json() as { result: object }).result).sort()).toEqual(['accessToken', 'refreshToken']);
    expect((await post('/api/auth/social/sign-up', { socialType: type, identityToken })).json()).toMatchObject({
      code: 'FAIL_HAS_SNS_USER',
    });
    // Our identity names its provider: Google's is no Kakao sign-in.
    await refused(type === GOOGLE ? KAKAO : GOOGLE, identityToken);
  });

  it('refuses a callback whose state does not match or that has no flow cookie, before asking the provider', async () => {
    const calls = google.tokenRequests.length;
    const { code, flow } = await webFlow('google');
    const url = '/api/auth/social/google/token';
    const wrong = await expectError(
      t.app,
      { method: 'POST', url, payload: { code, state: 'forged-state' }, cookies: { SOCIAL_FLOW: flow } },
      400,
    );
    expect(wrong.code).toBe('INVALID_STATE');
    const second = await webFlow('google');
    expect((await expectError(t.app, { method: 'POST', url, payload: { code: second.code, state: second.state } }, 400)).code).toBe(
      'INVALID_STATE',
    );
    // A Kakao flow cookie does not open a Google callback.
    const kakaoFlow = await webFlow('kakao');
    const crossProvider = { code: second.code, state: kakaoFlow.state };
    expect(
      (await expectError(t.app, { method: 'POST', url, payload: crossProvider, cookies: { SOCIAL_FLOW: kakaoFlow.flow } }, 400)).code,
    ).toBe('INVALID_STATE');
    expect(google.tokenRequests).toHaveLength(calls);
  });

  it('another attempt’s code carries another PKCE challenge: the provider refuses it (400, not a sign-in)', async () => {
    const third = await webFlow('google');
    const fourth = await webFlow('google');
    const crossed = await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/social/google/token',
        payload: { code: third.code, state: fourth.state },
        cookies: { SOCIAL_FLOW: fourth.flow },
      },
      400,
      messages.socialLoginFailed,
    );
    expect(crossed.code).toBe('PROVIDER_REFUSED');
  });

  it('an ID token with another nonce (a replayed answer) is refused; a provider down is a 502, never a pass', async () => {
    const answer = (idToken: string) => (res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'at', token_type: 'Bearer', id_token: idToken }));
    };
    const exchange = async (status: number, message: string) => {
      const { code, state, flow } = await webFlow('google');
      return expectError(
        t.app,
        { method: 'POST', url: '/api/auth/social/google/token', payload: { code, state }, cookies: { SOCIAL_FLOW: flow } },
        status,
        message,
      );
    };
    google.tokenAnswer = answer(google.mint({ sub: 'google-replay', nonce: 'someone-elses-nonce' }));
    expect((await exchange(400, messages.socialLoginFailed)).code).toBe('INVALID_IDENTITY_TOKEN');
    google.tokenAnswer = answer(google.mint({ sub: 'google-no-nonce' }));
    expect((await exchange(400, messages.socialLoginFailed)).code).toBe('INVALID_IDENTITY_TOKEN');
    google.tokenAnswer = (res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"server_error"}');
    expect((await exchange(502, messages.socialProviderDown)).code).toBe('PROVIDER_ERROR');
    google.tokenAnswer = (res) => res.socket?.destroy();
    await exchange(502, messages.socialProviderDown);
    google.tokenAnswer = (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>점검</html>');
    await exchange(502, messages.socialProviderDown);
  });

  it('our identity lives 10 minutes', async () => {
    google.nextUser = { sub: 'google-slow', name: '느린사람' };
    const identityToken = await identityTokenVia('google');
    t.clock.advance(11 * 60_000);
    await refused(GOOGLE, identityToken);
  });
});

describe('ID tokens from the mobile apps (jose: signature, issuer, audience, expiry, algorithms)', () => {
  it('accepts the web client’s and the apps’ own client ids; refuses forged, expired, foreign and unsigned tokens', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const fromIos = google.mint({ sub: 'google-ios-1', aud: 'kr.beesang.ios', iat: now, exp: now + 600 });
    expect((await post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken: fromIos })).statusCode).toBe(200);

    const good = google.mint({ sub: 'google-x', iat: now, exp: now + 600 });
    const [h, p, s] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    for (const token of [
      google.mint({ sub: 'google-x', aud: 'someone-else', iat: now, exp: now + 600 }),
      google.mint({ sub: 'google-x', iat: now - 700, exp: now - 10 }),
      google.mint({ sub: 'google-x', iss: 'https://evil.example', iat: now, exp: now + 600 }),
      kakao.mint({ sub: 'google-x', aud: google.clientId, iss: google.issuer, iat: now, exp: now + 600 }), // another provider's key
      `${enc({ alg: 'none', typ: 'JWT' })}.${p}.`,
      `${h}.${enc({ ...claims, sub: 'someone-else' })}.${s}`,
      google.mint({ sub: 'google-x', iat: now, exp: now + 600 }, { header: { alg: 'HS256' } }),
      google.mint({ iat: now, exp: now + 600 }),
      'not-a-jwt-at-all.nor-this',
    ]) {
      await refused(GOOGLE, token);
    }
    // The same token is no Kakao identity.
    await refused(KAKAO, good);
    expect((await post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken: good })).statusCode).toBe(200);
  });

  it('keys members on provider + subject, never on email', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const mint = (sub: string, name: string) =>
      google.mint({ sub, email: 'shared@example.com', email_verified: true, name, iat: now, exp: now + 600 });
    expect((await post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken: mint('google-same-a', 'Alpha') })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken: mint('google-same-b', 'Beta') })).statusCode).toBe(
      200,
    );
    const rows = await t.db
      .selectFrom('users')
      .select(['social_subject', 'email'])
      .where('social_subject', 'in', ['google-same-a', 'google-same-b'])
      .orderBy('social_subject')
      .execute();
    expect(rows).toEqual([
      { social_subject: 'google-same-a', email: 'shared@example.com' },
      { social_subject: 'google-same-b', email: null },
    ]);
  });
});

describe('provider key rotation (jose refetches the JWKS on an unknown key id, rate-limited)', () => {
  it('a token signed with a freshly rotated key verifies without a restart; one signed with a removed key fails', async () => {
    const now = () => Math.floor(t.clock.now().getTime() / 1000);
    const token = (sub: string, kid?: string) => kakao.mint({ sub, iat: now(), exp: now() + 600 }, { kid });
    const oldKid = kakao.currentKid;
    expect((await post('/api/auth/social/sign-up', { socialType: KAKAO, identityToken: token('kakao-rot-1') })).statusCode).toBe(200);
    const fetched = kakao.jwksFetches;

    await sleep(KAKAO_COOLDOWN_MS + 50);
    const newKid = kakao.rotateKey({ dropOld: true });
    const signedNew = token('kakao-rot-1', newKid);
    expect((await post('/api/auth/social/sign-in', { socialType: KAKAO, identityToken: signedNew })).statusCode).toBe(200);
    expect(kakao.jwksFetches).toBe(fetched + 1);
    // The web flow too: its ID token comes signed with the new key.
    kakao.nextUser = { sub: 'kakao-rot-2', name: '회전' };
    expect(await identityTokenVia('kakao')).toBeTruthy();

    await sleep(KAKAO_COOLDOWN_MS + 50);
    await refused(KAKAO, token('kakao-rot-3', oldKid));
  });

  it('a flood of tokens naming unknown key ids fetches the JWKS at most once per cooldown', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    // The keys are cached by a good token first, as on a running server.
    expect(
      (
        await post('/api/auth/social/sign-up', {
          socialType: GOOGLE,
          identityToken: google.mint({ sub: 'google-flood-ok', iat: now, exp: now + 600 }),
        })
      ).statusCode,
    ).toBe(200);
    const before = google.jwksFetches;
    const flood = Array.from({ length: 40 }, (_, i) =>
      google.mint({ sub: `google-flood-${i}`, iat: now, exp: now + 600 }, { header: { kid: `made-up-${i}` } }),
    );
    const answers = await Promise.all(
      flood.map((identityToken) => post('/api/auth/social/sign-in', { socialType: GOOGLE, identityToken })),
    );
    forged.tried += flood.length;
    forged.accepted += answers.filter((r) => r.statusCode === 200).length;
    expect(answers.map((r) => r.statusCode)).toEqual(flood.map(() => 401));
    expect(google.jwksFetches - before).toBeLessThanOrEqual(1);
  });
});
