import { generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcMock, startOidcMock } from '../../../../../scripts/testing/oidc-mock.ts';
import { ConfigError } from '../../config/config.ts';
import { loadSocialProviders } from '../../config/social.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { APPLE_SECRET_TTL_S, appleClientSecret } from './apple-secret.ts';

const TEAM = 'TEAM123456';
const KEY_ID = 'KEY1234567';
const CLIENT = 'kr.beesang.web';
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const PEM = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/** What Apple checks of a client secret: an ES256 signature by the registered key, and its claims. */
function readSecret(token: string, key: KeyObject = publicKey) {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss: string; sub: string; aud: string; iat: number; exp: number },
  };
}

describe('Apple client secret', () => {
  it('is an ES256 JWT by the team’s key, for the Services ID and Apple, living 30 days', () => {
    const now = Date.parse('2026-11-20T05:00:00Z');
    const secret = appleClientSecret({ teamId: TEAM, keyId: KEY_ID, privateKey: PEM, clientId: CLIENT }, () => now)();
    const { valid, header, claims } = readSecret(secret);
    expect(valid).toBe(true);
    expect(header).toEqual({ alg: 'ES256', kid: KEY_ID, typ: 'JWT' });
    expect(claims).toEqual({
      iss: TEAM,
      sub: CLIENT,
      aud: 'https://appleid.apple.com',
      iat: now / 1000,
      exp: now / 1000 + APPLE_SECRET_TTL_S,
    });
    // Apple's limit is six months.
    expect(claims.exp - claims.iat).toBeLessThan(183 * 86_400);
    // Another key's public half does not verify it.
    expect(readSecret(secret, generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey).valid).toBe(false);
  });

  it('is reused while it has more than a day left, then made anew', () => {
    let now = Date.parse('2026-11-20T05:00:00Z');
    const secret = appleClientSecret({ teamId: TEAM, keyId: KEY_ID, privateKey: PEM, clientId: CLIENT }, () => now);
    const first = secret();
    now += 28 * 86_400_000;
    expect(secret()).toBe(first);
    now += 1.5 * 86_400_000;
    const second = secret();
    expect(second).not.toBe(first);
    expect(readSecret(second).claims.iat).toBe(Math.floor(now / 1000));
  });

  it('refuses keys that are not Apple’s kind, and PEM with escaped line breaks from an env file works', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const config = { teamId: TEAM, keyId: KEY_ID, clientId: CLIENT };
    expect(() => appleClientSecret({ ...config, privateKey: rsa })).toThrow(/P-256/);
    expect(() => appleClientSecret({ ...config, privateKey: 'not a key' })).toThrow(/PEM/);
    const oneLine = PEM.trim().replace(/\n/g, '\\n');
    expect(readSecret(appleClientSecret({ ...config, privateKey: oneLine })()).valid).toBe(true);
  });
});

describe('Apple configured by its key', () => {
  const env = {
    OAUTH_APPLE_ISSUER: 'https://appleid.apple.com',
    OAUTH_APPLE_CLIENT_ID: CLIENT,
    OAUTH_APPLE_TEAM_ID: TEAM,
    OAUTH_APPLE_KEY_ID: KEY_ID,
    OAUTH_APPLE_PRIVATE_KEY: PEM,
  };

  it('makes the client secret from the key', () => {
    const apple = loadSocialProviders(env).apple;
    expect(apple?.issuer).toBe('https://appleid.apple.com');
    expect(typeof apple?.clientSecret).toBe('function');
    expect(readSecret((apple?.clientSecret as () => string)()).claims.sub).toBe(CLIENT);
  });

  it('stops start-up on a partial or contradictory set, without printing the key', () => {
    const problem = (e: NodeJS.ProcessEnv) => {
      try {
        loadSocialProviders(e);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return '';
    };
    expect(problem({ ...env, OAUTH_APPLE_KEY_ID: '' })).toContain('OAUTH_APPLE_KEY_ID');
    expect(problem({ ...env, OAUTH_APPLE_CLIENT_SECRET: 'fixed' })).toContain('OAUTH_APPLE_CLIENT_SECRET');
    const bad = problem({ ...env, OAUTH_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' });
    expect(bad).toContain('OAUTH_APPLE_PRIVATE_KEY');
    expect(bad).not.toContain('AAAA');
  });
});

describe('Sign in with Apple end to end, against a provider that checks the signed secret', () => {
  let t: TestApp;
  let idp: OidcMock;
  const seen: string[] = [];
  beforeAll(async () => {
    idp = await startOidcMock(CLIENT, (sent) => {
      seen.push(sent);
      const { valid, claims } = readSecret(sent);
      return valid && claims.iss === TEAM && claims.sub === CLIENT && claims.aud === 'https://appleid.apple.com';
    });
    const apple = loadSocialProviders({
      OAUTH_APPLE_ISSUER: idp.issuer,
      OAUTH_APPLE_CLIENT_ID: CLIENT,
      OAUTH_APPLE_TEAM_ID: TEAM,
      OAUTH_APPLE_KEY_ID: KEY_ID,
      OAUTH_APPLE_PRIVATE_KEY: PEM,
    }).apple;
    t = await createTestApp({ seed: false, socialProviders: { apple } });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('exchanges the code with the signed secret and gets the identity token', async () => {
    idp.nextUser = { sub: 'apple-001', email: 'apple.user@example.com', name: '이애플' };
    const start = await t.app.inject('/api/auth/social/apple/authorize');
    expect(start.statusCode).toBe(302);
    const flow = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((c) => c.startsWith('SOCIAL_FLOW=')) as string;
    const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(String(atProvider.headers.get('location')));
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/apple/token',
      payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      cookies: { SOCIAL_FLOW: flow.split(';')[0]?.slice('SOCIAL_FLOW='.length) ?? '' },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(seen).toHaveLength(1);
    expect(readSecret(seen[0] as string).valid).toBe(true);
  });
});
