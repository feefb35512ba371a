import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { loadSocialProviders } from './social.ts';

const NAVER_SECRET = 'naver-client-secret-never-leaves-the-server';
const PEM = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const APPLE = {
  OAUTH_APPLE_ISSUER: 'https://appleid.apple.com',
  OAUTH_APPLE_CLIENT_ID: 'kr.beesang.web',
  OAUTH_APPLE_TEAM_ID: 'TEAM123456',
  OAUTH_APPLE_KEY_ID: 'KEY1234567',
  OAUTH_APPLE_PRIVATE_KEY: PEM,
};

/** The start-up error for `env`, checked to be a ConfigError in Korean and English. */
function problem(env: NodeJS.ProcessEnv): string {
  try {
    loadSocialProviders(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/환경 변수가 올바르지 않습니다 \(invalid environment\)/);
    return (error as Error).message;
  }
  throw new Error('no configuration error');
}

describe('social sign-in configuration', () => {
  it('Naver needs only its client id and secret; OpenID Connect providers their issuer, client and secret', () => {
    expect(loadSocialProviders({})).toEqual({});
    expect(loadSocialProviders({ OAUTH_NAVER_CLIENT_ID: 'id', OAUTH_NAVER_CLIENT_SECRET: 'secret' })).toEqual({
      naver: { clientId: 'id', clientSecret: 'secret', authBase: 'https://nid.naver.com', apiBase: 'https://openapi.naver.com' },
    });
    expect(
      loadSocialProviders({ OAUTH_KAKAO_ISSUER: 'https://kauth.kakao.com', OAUTH_KAKAO_CLIENT_ID: 'k', OAUTH_KAKAO_CLIENT_SECRET: 's' }),
    ).toEqual({ kakao: { issuer: 'https://kauth.kakao.com', clientId: 'k', clientSecret: 's' } });
  });

  it('takes the apps’ own client ids and the JWKS cooldown', () => {
    const google = loadSocialProviders({
      OAUTH_GOOGLE_ISSUER: 'https://accounts.google.com',
      OAUTH_GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com',
      OAUTH_GOOGLE_CLIENT_SECRET: 's',
      OAUTH_GOOGLE_APP_CLIENT_IDS: 'ios.apps.googleusercontent.com, android.apps.googleusercontent.com',
      OAUTH_JWKS_COOLDOWN_SECONDS: '5',
    }).google;
    expect(google).toMatchObject({
      appAudiences: ['ios.apps.googleusercontent.com', 'android.apps.googleusercontent.com'],
      jwks: { cooldownMs: 5_000 },
    });
  });

  it('Apple by its key: the client secret is made from it', async () => {
    const apple = loadSocialProviders(APPLE).apple;
    expect(apple?.issuer).toBe('https://appleid.apple.com');
    expect(typeof apple?.clientSecret).toBe('function');
    const secret = await (apple?.clientSecret as () => Promise<string>)();
    expect(JSON.parse(Buffer.from(secret.split('.')[1] as string, 'base64url').toString())).toMatchObject({ sub: 'kr.beesang.web' });
  });

  it.each([
    ['a Naver client id alone', { OAUTH_NAVER_CLIENT_ID: 'id' }, 'OAUTH_NAVER_CLIENT_SECRET'],
    ['a Naver base alone', { OAUTH_NAVER_API_BASE: 'http://127.0.0.1:9' }, 'OAUTH_NAVER_CLIENT_ID'],
    [
      'a Naver base that is not a URL',
      { OAUTH_NAVER_CLIENT_ID: 'id', OAUTH_NAVER_CLIENT_SECRET: 's', OAUTH_NAVER_AUTH_BASE: 'nid' },
      'URL',
    ],
    [
      'a Naver OpenID Connect issuer',
      { OAUTH_NAVER_ISSUER: 'https://nid.naver.com', OAUTH_NAVER_CLIENT_ID: 'id', OAUTH_NAVER_CLIENT_SECRET: NAVER_SECRET },
      'OAUTH_NAVER_ISSUER',
    ],
    [
      'an issuer without its secret',
      { OAUTH_KAKAO_ISSUER: 'https://kauth.kakao.com', OAUTH_KAKAO_CLIENT_ID: 'k' },
      'OAUTH_KAKAO_CLIENT_SECRET',
    ],
    [
      'an issuer over plain http to another machine',
      { OAUTH_GOOGLE_ISSUER: 'http://accounts.example.com', OAUTH_GOOGLE_CLIENT_ID: 'g', OAUTH_GOOGLE_CLIENT_SECRET: NAVER_SECRET },
      'https',
    ],
    ['a JWKS cooldown that is not whole seconds', { OAUTH_JWKS_COOLDOWN_SECONDS: 'soon' }, 'OAUTH_JWKS_COOLDOWN_SECONDS'],
    ['an Apple key without its id', { ...APPLE, OAUTH_APPLE_KEY_ID: '' }, 'OAUTH_APPLE_KEY_ID'],
    ['an Apple key and a fixed secret', { ...APPLE, OAUTH_APPLE_CLIENT_SECRET: NAVER_SECRET }, 'OAUTH_APPLE_CLIENT_SECRET'],
  ])('stops start-up on %s, saying what, never a secret', (_label, env, named) => {
    const text = problem(env);
    expect(text).toContain(named);
    expect(text).not.toContain(NAVER_SECRET);
  });

  it('an unreadable Apple key stops start-up without printing it', () => {
    const text = problem({ ...APPLE, OAUTH_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' });
    expect(text).toContain('OAUTH_APPLE_PRIVATE_KEY');
    expect(text).not.toContain('AAAA');
  });
});
