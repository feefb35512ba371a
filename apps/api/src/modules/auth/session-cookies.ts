import type { TokenPair } from '@beesang/contract';
import type { FastifyReply } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../plugins/auth.ts';
import { TICKET_COOKIE } from '../sms/sms.routes.ts';
import { ACCESS_TTL_SECONDS, REFRESH_TTL_MS } from './auth.service.ts';

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
