import { generateKeyPairSync } from 'node:crypto';
import { LoginProvider } from '@beesang/contract';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcMock, startOidcMock } from '../../../../../../scripts/testing/oidc-mock.ts';
import { loadSocialProviders } from '../../../config/social.ts';
import { expectError } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { APPLE_AUDIENCE, APPLE_SECRET_TTL_S, appleClientSecret } from './apple-client-secret.ts';

const TEAM = 'TEAM123456';
const KEY_ID = 'KEY1234567';
const CLIENT = 'kr.beesang.web';
const APPLE = LoginProvider.APPLE;
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const PEM = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/** What Apple checks of a client secret: an ES256 signature by the registered key, and its claims. */
async function appleAccepts(secret: string): Promise<boolean> {
  try {
    await jwtVerify(secret, publicKey, { algorithms: ['ES256'], issuer: TEAM, subject: CLIENT, audience: APPLE_AUDIENCE });
    return decodeProtectedHeader(secret).kid === KEY_ID;
  } catch {
    return false;
  }
}

describe('Apple client secret (jose SignJWT)', () => {
  it('is an ES256 JWT by the team’s key, for the Services ID and Apple, living 30 days; reused, then made anew a day before it ends', async () => {
    let now = Date.parse('2026-11-20T05:00:00Z');
    const secret = appleClientSecret({ teamId: TEAM, keyId: KEY_ID, privateKey: PEM, clientId: CLIENT }, () => now);
    const first = await secret();
    expect(await appleAccepts(first)).toBe(true);
    const { payload } = await jwtVerify(first, publicKey, { currentDate: new Date(now) });
    expect(payload).toEqual({ iss: TEAM, sub: CLIENT, aud: APPLE_AUDIENCE, iat: now / 1000, exp: now / 1000 + APPLE_SECRET_TTL_S });
    expect(APPLE_SECRET_TTL_S).toBeLessThan(183 * 86_400); // Apple's limit is six months
    now += 28 * 86_400_000;
    expect(await secret()).toBe(first);
    now += 1.5 * 86_400_000;
    const second = await secret();
    expect(second).not.toBe(first);
    expect((await jwtVerify(second, publicKey, { currentDate: new Date(now) })).payload.iat).toBe(Math.floor(now / 1000));
  });

  it('refuses keys that are not Apple’s kind; PEM with escaped line breaks from an env file works', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const config = { teamId: TEAM, keyId: KEY_ID, clientId: CLIENT };
    expect(() => appleClientSecret({ ...config, privateKey: rsa })).toThrow(/P-256/);
    expect(() => appleClientSecret({ ...config, privateKey: 'not a key' })).toThrow(/PEM/);
    const oneLine = PEM.trim().replace(/\n/g, '\\n');
    expect(await appleAccepts(await appleClientSecret({ ...config, privateKey: oneLine })())).toBe(true);
  });
});

describe('Sign in with Apple on the web: form post, name on the first sign-in only', () => {
  let t: TestApp;
  let apple: OidcMock;
  const secretsSeen: boolean[] = [];

  beforeAll(async () => {
    apple = await startOidcMock({
      flavour: 'apple',
      clientId: CLIENT,
      clientSecret: async (sent) => {
        const ok = await appleAccepts(sent);
        secretsSeen.push(ok);
        return ok;
      },
    });
    const providers = loadSocialProviders({
      OAUTH_APPLE_ISSUER: apple.issuer,
      OAUTH_APPLE_CLIENT_ID: CLIENT,
      OAUTH_APPLE_TEAM_ID: TEAM,
      OAUTH_APPLE_KEY_ID: KEY_ID,
      OAUTH_APPLE_PRIVATE_KEY: PEM,
      OAUTH_APPLE_APP_CLIENT_IDS: 'kr.beesang.ios',
    });
    t = await createTestApp({ seed: false, socialProviders: providers });
  });
  afterAll(async () => {
    await t?.close();
    await apple?.close();
  });

  const post = (url: string, payload: object, cookies?: Record<string, string>) => t.app.inject({ method: 'POST', url, payload, cookies });

  /** Our authorize → Apple's page, whose form the browser would POST to us: its fields. */
  async function atApple() {
    const start = await t.app.inject('/api/auth/social/apple/authorize');
    expect(start.statusCode, start.body).toBe(302);
    const location = new URL(String(start.headers.location));
    const cookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((c) => c.startsWith('SOCIAL_FLOW='));
    const flow = (cookie as string).split(';')[0]!.slice('SOCIAL_FLOW='.length);
    const page = await fetch(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const fields: Record<string, string> = {};
    for (const [, name, value] of html.matchAll(/name="(\w+)" value="([^"]*)"/g)) {
      fields[name as string] = (value as string).replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
    }
    return { location, flow, action, fields };
  }

  /** The browser's cross-site POST of Apple's form: it carries none of our (SameSite=Lax) cookies. */
  const formPost = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/social/apple/callback',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: apple.issuer, 'sec-fetch-site': 'cross-site' },
    });

  /** Apple's page → our POST callback → 303 to the web page → the page's /token call → our identity. */
  async function signInWithApple() {
    const { flow, fields } = await atApple();
    const posted = await formPost(fields);
    expect(posted.statusCode, posted.body).toBe(303);
    const back = new URL(String(posted.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/auth/callback/apple');
    const code = back.searchParams.get('code') ?? '';
    const state = back.searchParams.get('state') ?? '';
    const res = await post('/api/auth/social/apple/token', { code, state }, { SOCIAL_FLOW: flow });
    expect(res.statusCode, res.body).toBe(200);
    return { fields, back, identityToken: (res.json() as { result: { identityToken: string } }).result.identityToken };
  }

  it('asks for name and email by form post, with state, nonce and S256 PKCE, back to our POST callback', async () => {
    const { location, action } = await atApple();
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    expect(location.searchParams.get('scope')).toBe('name email');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/social/apple/callback');
    expect(action).toBe('http://localhost:3000/api/auth/social/apple/callback');
  });

  it('first sign-in: the form post’s name becomes the nickname; the second sign-in (no name sent) finds the same member', async () => {
    apple.nextUser = { sub: '001234.apple.first', email: 'apple.first@privaterelay.appleid.com', firstName: '애플', lastName: '김' };
    const first = await signInWithApple();
    expect(first.fields.user).toContain('애플');
    // What crosses the URL is sealed: neither Apple's code nor the name is readable in it.
    expect(first.back.href).not.toContain(first.fields.code as string);
    expect(decodeURIComponent(first.back.href)).not.toContain('애플');
    expect(secretsSeen.at(-1)).toBe(true);

    expect((await post('/api/auth/social/sign-in', { socialType: APPLE, identityToken: first.identityToken })).statusCode).toBe(404);
    const joined = await post('/api/auth/social/sign-up', { socialType: APPLE, identityToken: first.identityToken });
    expect(joined.statusCode, joined.body).toBe(200);
    const { accessToken } = (joined.json() as { result: { result11: { accessToken: string } } }).result.result11;
    const me = await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json()).toMatchObject({ result: { userNickname: '김애플', userEmail: 'apple.first@privaterelay.appleid.com' } });

    const second = await signInWithApple();
    expect(second.fields.user).toBeUndefined();
    expect((await post('/api/auth/social/sign-in', { socialType: APPLE, identityToken: second.identityToken })).statusCode).toBe(200);
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('social_subject', '=', '001234.apple.first')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('a first sign-up without the name (Apple sent it to an attempt that never finished) still joins, with the default nickname', async () => {
    apple.nextUser = { sub: '001234.apple.lost', email: 'lost@privaterelay.appleid.com', firstName: 'John', lastName: 'Appleseed' };
    const abandoned = await atApple();
    expect(abandoned.fields.user).toContain('Appleseed');
    const { identityToken, fields } = await signInWithApple();
    expect(fields.user).toBeUndefined();
    const joined = await post('/api/auth/social/sign-up', { socialType: APPLE, identityToken });
    expect(joined.statusCode, joined.body).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('nickname')
      .where('social_subject', '=', '001234.apple.lost')
      .executeTakeFirstOrThrow();
    expect(row.nickname).toBe('비상회원');
  });

  it('keeps the state check: the sealed form post must match the browser’s own flow cookie, and opens only once in 10 minutes', async () => {
    const url = '/api/auth/social/apple/token';
    const mine = await atApple();
    const theirs = await atApple();
    const posted = new URL(String((await formPost(theirs.fields)).headers.location));
    const code = posted.searchParams.get('code') ?? '';
    const state = posted.searchParams.get('state') ?? '';
    // Someone else's Apple answer, replayed into this browser (login CSRF): its state is not this flow's.
    expect(
      (await expectError(t.app, { method: 'POST', url, payload: { code, state }, cookies: { SOCIAL_FLOW: mine.flow } }, 400)).code,
    ).toBe('INVALID_STATE');
    // Apple's raw code instead of our sealed form post.
    const raw = { code: theirs.fields.code as string, state };
    expect((await expectError(t.app, { method: 'POST', url, payload: raw, cookies: { SOCIAL_FLOW: theirs.flow } }, 400)).code).toBe(
      'INVALID_STATE',
    );
    const calls = apple.tokenRequests.length;
    t.clock.advance(11 * 60_000);
    expect(
      (await expectError(t.app, { method: 'POST', url, payload: { code, state }, cookies: { SOCIAL_FLOW: theirs.flow } }, 400)).code,
    ).toBe('INVALID_STATE');
    expect(apple.tokenRequests).toHaveLength(calls);
  });

  it('a cancelled sign-in comes back as an error to the web page; form bodies are taken by this route only', async () => {
    const { fields } = await atApple();
    const cancelled = await formPost({ error: 'user_cancelled_authorize', state: fields.state as string });
    expect(cancelled.statusCode).toBe(303);
    expect(String(cancelled.headers.location)).toBe('http://localhost:3000/auth/callback/apple?error=user_cancelled_authorize');
    const missing = await formPost({ state: 'x' });
    expect(String(missing.headers.location)).toBe('http://localhost:3000/auth/callback/apple?error=invalid_request');
    const formSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/sign-in',
      payload: 'socialType=5&identityToken=abcdefghijkl',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(formSignIn.statusCode).toBe(415);
  });

  it('the iOS app’s ID token (audience: the bundle id) signs in; an unverified email is not kept', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const identityToken = apple.mint({
      sub: '001234.apple.ios',
      aud: 'kr.beesang.ios',
      email: 'ios@example.com',
      email_verified: 'false',
      iat: now,
      exp: now + 600,
    });
    expect((await post('/api/auth/social/sign-up', { socialType: APPLE, identityToken })).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['email', 'nickname'])
      .where('social_subject', '=', '001234.apple.ios')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: null, nickname: '비상회원' });
  });
});
