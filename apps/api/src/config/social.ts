import { z } from 'zod';
import type { SocialName, SocialProviderConfig } from '../modules/auth/social.service.ts';
import { ConfigError } from './config.ts';

const NAMES: SocialName[] = ['kakao', 'naver', 'google', 'apple'];

/**
 * Social sign-in providers from OAUTH_<NAME>_ISSUER / _CLIENT_ID / _CLIENT_SECRET (OpenID Connect
 * issuers, e.g. https://kauth.kakao.com, https://accounts.google.com, https://appleid.apple.com).
 * A provider is on only when all three are set; a partial set is a configuration error.
 */
export function loadSocialProviders(env: NodeJS.ProcessEnv = process.env): Partial<Record<SocialName, SocialProviderConfig>> {
  const out: Partial<Record<SocialName, SocialProviderConfig>> = {};
  const problems: string[] = [];
  for (const name of NAMES) {
    const prefix = `OAUTH_${name.toUpperCase()}_`;
    const values = { issuer: env[`${prefix}ISSUER`], clientId: env[`${prefix}CLIENT_ID`], clientSecret: env[`${prefix}CLIENT_SECRET`] };
    const set = Object.values(values).filter(Boolean).length;
    if (set === 0) continue;
    const parsed = z.object({ issuer: z.url(), clientId: z.string().min(1), clientSecret: z.string().min(1) }).safeParse(values);
    if (set < 3 || !parsed.success)
      problems.push(`${prefix}ISSUER, ${prefix}CLIENT_ID, ${prefix}CLIENT_SECRET 를 모두 올바르게 설정해야 합니다 (set all three)`);
    else out[name] = parsed.data;
  }
  if (problems.length) throw new ConfigError(`환경 변수가 올바르지 않습니다 (invalid environment):\n  ${problems.join('\n  ')}`);
  return out;
}
