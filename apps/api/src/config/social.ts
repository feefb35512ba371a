import { z } from 'zod';
import { NAVER_API_BASE, NAVER_AUTH_BASE } from '../modules/auth/naver.ts';
import type { SocialProviders } from '../modules/auth/social.service.ts';
import { ConfigError } from './config.ts';

const OIDC_NAMES = ['kakao', 'google', 'apple'] as const;
const base = (v: string) => v.replace(/\/$/, '');

/**
 * Social sign-in providers. OpenID Connect ones from OAUTH_<NAME>_ISSUER / _CLIENT_ID /
 * _CLIENT_SECRET (e.g. https://kauth.kakao.com, https://accounts.google.com,
 * https://appleid.apple.com), on only when all three are set. Naver is not OpenID Connect: it is on
 * with OAUTH_NAVER_CLIENT_ID / _CLIENT_SECRET (Naver's addresses by default; OAUTH_NAVER_AUTH_BASE /
 * _API_BASE point elsewhere, for a local fake). A partial set is a configuration error.
 */
export function loadSocialProviders(env: NodeJS.ProcessEnv = process.env): SocialProviders {
  const out: SocialProviders = {};
  const problems: string[] = [];
  for (const name of OIDC_NAMES) {
    const prefix = `OAUTH_${name.toUpperCase()}_`;
    const values = { issuer: env[`${prefix}ISSUER`], clientId: env[`${prefix}CLIENT_ID`], clientSecret: env[`${prefix}CLIENT_SECRET`] };
    const set = Object.values(values).filter(Boolean).length;
    if (set === 0) continue;
    const parsed = z.object({ issuer: z.url(), clientId: z.string().min(1), clientSecret: z.string().min(1) }).safeParse(values);
    if (set < 3 || !parsed.success)
      problems.push(`${prefix}ISSUER, ${prefix}CLIENT_ID, ${prefix}CLIENT_SECRET 를 모두 올바르게 설정해야 합니다 (set all three)`);
    else out[name] = parsed.data;
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
        authBase: z.url().default(NAVER_AUTH_BASE).transform(base),
        apiBase: z.url().default(NAVER_API_BASE).transform(base),
      })
      .safeParse(Object.fromEntries(Object.entries(naver).filter(([, v]) => v)));
    if (!parsed.success) {
      problems.push(
        'OAUTH_NAVER_CLIENT_ID, OAUTH_NAVER_CLIENT_SECRET 를 모두 설정하고 OAUTH_NAVER_AUTH_BASE / _API_BASE 는 URL이어야 합니다 (set both; bases must be URLs)',
      );
    } else out.naver = parsed.data;
  }
  if (problems.length) throw new ConfigError(`환경 변수가 올바르지 않습니다 (invalid environment):\n  ${problems.join('\n  ')}`);
  return out;
}
