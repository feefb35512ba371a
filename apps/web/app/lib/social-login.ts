import { messages, type TokenPair } from '@beesang/contract';
import { ApiError, apiFetch } from './api-client';

export const SOCIAL_NAMES = { kakao: '카카오', naver: '네이버', google: 'Google', apple: 'Apple' } as const;
export type SocialName = keyof typeof SOCIAL_NAMES;
const SOCIAL_TYPE: Record<SocialName, number> = { google: 2, kakao: 3, naver: 4, apple: 5 };

const device = { deviceType: 3, fcmDeviceToken: '', userDeviceId: '' };

/**
 * Finishes the provider's redirect: exchange the code (our server holds the PKCE verifier), sign in,
 * and — spec §4 — on NotFoundException sign the person up (marketing and night-time flags true) and
 * retry the sign-in once.
 */
export async function finishSocialLogin(provider: SocialName, response: { code: string; state: string; iss?: string }): Promise<void> {
  const { identityToken } = await apiFetch<{ identityToken: string }>(`/api/auth/social/${provider}/token`, {
    method: 'POST',
    body: JSON.stringify(response),
    ignoreUnauthorized: true,
  });
  const payload = { socialType: SOCIAL_TYPE[provider], identityToken, ...device };
  const signIn = () =>
    apiFetch<TokenPair>('/api/auth/social/sign-in', { method: 'POST', body: JSON.stringify(payload), ignoreUnauthorized: true });
  try {
    await signIn();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await apiFetch('/api/auth/social/sign-up', {
      method: 'POST',
      body: JSON.stringify({ ...payload, marketingFlag: true, nighttimeAlarmFlag: true }),
      ignoreUnauthorized: true,
    });
    await signIn();
  }
}

export function socialErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.genericError;
}
