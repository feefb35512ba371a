import type { TokenAnswer, TokenPair } from '@beesang/contract';
import type { FastifyReply } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../../plugins/auth.ts';
import { TICKET_COOKIE } from '../../sms/sms.routes.ts';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_MS } from '../auth.service.ts';

/**
 * Says "a refresh token was issued to this browser" to page requests, which never carry the refresh
 * cookie itself (it is scoped to /api/auth): a page whose access token has lapsed then resumes the
 * session from the browser instead of showing a visitor. It holds no secret.
 */
export const SESSION_HINT_COOKIE = 'BEESANG_SESSION';

/** Every session cookie's attributes, on setting and on deleting alike (a deletion must match them). */
const attributes = (secure: boolean) => ({ httpOnly: true, secure, sameSite: 'lax' }) as const;
const REFRESH_MAX_AGE_S = REFRESH_TTL_MS / 1000;

/** The web's session cookies: HttpOnly, SameSite=Lax, Secure behind https; never cached. */
export function setSessionCookies(reply: FastifyReply, pair: TokenPair, secure: boolean) {
  const same = attributes(secure);
  reply.header('cache-control', 'no-store');
  reply.setCookie(ACCESS_COOKIE, pair.accessToken, { path: '/', ...same, maxAge: ACCESS_TTL_SECONDS });
  reply.setCookie(REFRESH_COOKIE, pair.refreshToken, { path: '/api/auth', ...same, maxAge: REFRESH_MAX_AGE_S });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', ...same, maxAge: REFRESH_MAX_AGE_S });
  reply.clearCookie(TICKET_COOKIE, { path: '/api', ...same });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  const same = attributes(secure);
  reply.header('cache-control', 'no-store');
  reply.clearCookie(ACCESS_COOKIE, { path: '/', ...same });
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth', ...same });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', ...same });
}

/**
 * Sets the web's cookies and says what the body carries: the refresh token only for the apps
 * (deviceType 1 or 2, or a refresh that came in the body). The web (deviceType 3) keeps it only in
 * its HttpOnly cookie, out of reach of any script on the page.
 */
export function sessionAnswer(
  reply: FastifyReply,
  pair: TokenPair,
  secure: boolean,
  toApp: boolean,
  extra: Partial<TokenAnswer> = {},
): TokenAnswer {
  setSessionCookies(reply, pair, secure);
  return toApp ? { ...pair, ...extra } : { accessToken: pair.accessToken, ...extra };
}

/** deviceType 1 (Android) and 2 (iOS) are the apps; 3, or none, is the web. */
export const isAppDevice = (deviceType: number | undefined) => deviceType === 1 || deviceType === 2;
