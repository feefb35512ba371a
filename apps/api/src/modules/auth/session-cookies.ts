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

/** The web's session cookies: HttpOnly, SameSite=Lax, Secure behind https; never cached. */
export function setSessionCookies(reply: FastifyReply, pair: TokenPair, secure: boolean) {
  reply.header('cache-control', 'no-store');
  reply.setCookie(ACCESS_COOKIE, pair.accessToken, { path: '/', httpOnly: true, secure, sameSite: 'lax', maxAge: ACCESS_TTL_SECONDS });
  reply.setCookie(REFRESH_COOKIE, pair.refreshToken, {
    path: '/api/auth',
    httpOnly: true,
    secure,
    sameSite: 'lax',
    maxAge: REFRESH_TTL_MS / 1000,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', httpOnly: true, secure, sameSite: 'lax', maxAge: REFRESH_TTL_MS / 1000 });
  reply.clearCookie(TICKET_COOKIE, { path: '/api', httpOnly: true, secure, sameSite: 'lax' });
}

export function clearSessionCookies(reply: FastifyReply, secure = false) {
  // The same attributes as when set, so that no browser keeps a copy the deletion did not match.
  const same = { httpOnly: true, secure, sameSite: 'lax' } as const;
  reply.header('cache-control', 'no-store');
  reply.clearCookie(ACCESS_COOKIE, { path: '/', ...same });
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth', ...same });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', ...same });
}
