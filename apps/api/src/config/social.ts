import { z } from 'zod';
import { appleClientSecret } from '../modules/auth/social/apple-client-secret.ts';
import { NAVER_API_BASE, NAVER_AUTH_BASE } from '../modules/auth/social/naver.ts';
import { isLoopbackHttp, type OidcProviderConfig } from '../modules/auth/social/oidc-provider.ts';
import type { SocialProviders } from '../modules/auth/social/social.service.ts';
import { ConfigError } from './config.ts';

const OIDC_NAMES = ['kakao', 'google', 'apple'] as const;
const base = (v: string) => v.replace(/\/$/, '');
/** https, or plain http to this machine only (the local fakes the tests run). */
const providerUrl = z.url().refine((v) => v.startsWith('https://') || isLoopbackHttp(v));

/**
 * Social sign-in providers. OpenID Connect ones from OAUTH_<NAME>_ISSUER / _CLIENT_ID /
 * _CLIENT_SECRET (e.g. https://kauth.kakao.com, https://accounts.google.com,
 * https://appleid.apple.com), on only when all three are set; OAUTH_<NAME>_APP_CLIENT_IDS lists the
 * mobile apps' own client ids (an iOS bundle id, an Android client id), whose ID tokens are accepted
 * too. OAUTH_JWKS_COOLDOWN_SECONDS (default 30) is how soon a token naming an unknown key may fetch
 * a provider's keys again. Naver is not OpenID Connect: it is on with OAUTH_NAVER_CLIENT_ID /
 * _CLIENT_SECRET (Naver's addresses by default; OAUTH_NAVER_AUTH_BASE / _API_BASE point elsewhere,
 * for a local fake). A partial set is a configuration error.
 */
export function loadSocialProviders(env: NodeJS.ProcessEnv = process.env): SocialProviders {
  const out: SocialProviders = {};
  const problems: string[] = [];
  const cooldown = z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .optional()
    .safeParse(env.OAUTH_JWKS_COOLDOWN_SECONDS || undefined);
  if (!cooldown.success) problems.push('OAUTH_JWKS_COOLDOWN_SECONDS 는 0–3600 사이의 정수(초)여야 합니다 (whole seconds, 0–3600)');
  const jwks = cooldown.data === undefined ? {} : { jwks: { cooldownMs: cooldown.data * 1000 } };

  for (const name of OIDC_NAMES) {
    const prefix = `OAUTH_${name.toUpperCase()}_`;
    const appAudiences = (env[`${prefix}APP_CLIENT_IDS`] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const extra = { ...(appAudiences.length ? { appAudiences } : {}), ...jwks };
    if (name === 'apple' && (env.OAUTH_APPLE_TEAM_ID || env.OAUTH_APPLE_KEY_ID || env.OAUTH_APPLE_PRIVATE_KEY)) {
      const apple = loadAppleWithKey(env);
      if (typeof apple === 'string') problems.push(apple);
      else out.apple = { ...apple, ...extra };
      continue;
    }
    const values = { issuer: env[`${prefix}ISSUER`], clientId: env[`${prefix}CLIENT_ID`], clientSecret: env[`${prefix}CLIENT_SECRET`] };
    const set = Object.values(values).filter(Boolean).length;
    if (set === 0) continue;
    const parsed = z.object({ issuer: providerUrl, clientId: z.string().min(1), clientSecret: z.string().min(1) }).safeParse(values);
    if (set < 3 || !parsed.success)
      problems.push(
        `${prefix}ISSUER (https), ${prefix}CLIENT_ID, ${prefix}CLIENT_SECRET 를 모두 올바르게 설정해야 합니다 (set all three; the issuer over https)`,
      );
    else out[name] = { ...parsed.data, ...extra };
  }

  const naver = {
    clientId: env.OAUTH_NAVER_CLIENT_ID,
    clientSecret: env.OAUTH_NAVER_CLIENT_SECRET,
    authBase: env.OAUTH_NAVER_AUTH_BASE,
    apiBase: env.OAUTH_NAVER_API_BASE,
  };
  if (env.OAUTH_NAVER_ISSUER) {
    problems.push(
      'OAUTH_NAVER_ISSUER 는 쓰지 않습니다: 네이버 로그인은 OpenID Connect가 아닙니다 (remove it; Naver needs only OAUTH_NAVER_CLIENT_ID and OAUTH_NAVER_CLIENT_SECRET)',
    );
  }
  if (Object.values(naver).some(Boolean)) {
    const parsed = z
      .object({
        clientId: z.string().min(1),
        clientSecret: z.string().min(1),
        authBase: providerUrl.default(NAVER_AUTH_BASE).transform(base),
        apiBase: providerUrl.default(NAVER_API_BASE).transform(base),
      })
      .safeParse(Object.fromEntries(Object.entries(naver).filter(([, v]) => v)));
    if (!parsed.success) {
      problems.push(
        'OAUTH_NAVER_CLIENT_ID, OAUTH_NAVER_CLIENT_SECRET 를 모두 설정하고 OAUTH_NAVER_AUTH_BASE / _API_BASE 는 https URL이어야 합니다 (set both; bases must be https URLs)',
      );
    } else out.naver = parsed.data;
  }
  if (problems.length) throw new ConfigError(`환경 변수가 올바르지 않습니다 (invalid environment):\n  ${problems.join('\n  ')}`);
  return out;
}

/**
 * Sign in with Apple as Apple wants it: no fixed secret, but the team id, the key id and the .p8
 * key, from which a signed client secret is made (social/apple-client-secret.ts). A string is the problem found.
 */
function loadAppleWithKey(env: NodeJS.ProcessEnv): OidcProviderConfig | string {
  const names = ['OAUTH_APPLE_ISSUER', 'OAUTH_APPLE_CLIENT_ID', 'OAUTH_APPLE_TEAM_ID', 'OAUTH_APPLE_KEY_ID', 'OAUTH_APPLE_PRIVATE_KEY'];
  const missing = names.filter((n) => !env[n]);
  if (missing.length) return `Apple 로그인 설정이 일부 빠졌습니다 (missing): ${missing.join(', ')}`;
  if (env.OAUTH_APPLE_CLIENT_SECRET) {
    return 'OAUTH_APPLE_CLIENT_SECRET 와 OAUTH_APPLE_PRIVATE_KEY 는 함께 쓸 수 없습니다 (use one: a fixed secret, or the key that signs one)';
  }
  const issuer = providerUrl.safeParse(env.OAUTH_APPLE_ISSUER);
  if (!issuer.success) return 'OAUTH_APPLE_ISSUER 는 https URL이어야 합니다 (must be an https URL)';
  const clientId = env.OAUTH_APPLE_CLIENT_ID as string;
  try {
    const clientSecret = appleClientSecret({
      teamId: env.OAUTH_APPLE_TEAM_ID as string,
      keyId: env.OAUTH_APPLE_KEY_ID as string,
      privateKey: env.OAUTH_APPLE_PRIVATE_KEY as string,
      clientId,
    });
    return { issuer: issuer.data, clientId, clientSecret };
  } catch (error) {
    return `OAUTH_APPLE_PRIVATE_KEY 를 읽을 수 없습니다 (${(error as Error).message})`;
  }
}
