import { SanctionState } from '@beesang/contract';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { AuthService, SessionHolder } from '../modules/auth/auth.service.ts';

export const ACCESS_COOKIE = 'ACCESS_TOKEN';
export const REFRESH_COOKIE = 'REFRESH_TOKEN';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of a member-only route, with the session their token belongs to. */
    member: SessionHolder | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The cookies that carry a session (session-cookies.ts); BEESANG_SESSION only hints at one. */
const SESSION_COOKIES = [ACCESS_COOKIE, REFRESH_COOKIE, 'BEESANG_SESSION'] as const;

/** Bearer token (apps) or the ACCESS_TOKEN cookie (web). */
export function accessTokenOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return req.cookies[ACCESS_COOKIE];
}

/**
 * Cookies, the member behind a request, and the cross-site check for cookie-authenticated unsafe
 * requests (SECURITY.md 10): a browser always sends Origin or Sec-Fetch-Site on those.
 */
export async function registerAuth(app: FastifyInstance, options: { auth: AuthService; publicOrigin: string }) {
  await app.register(cookie);
  app.decorateRequest('member', null);

  app.addHook('onRequest', async (req) => {
    if (!UNSAFE.has(req.method) || req.headers.authorization) return;
    // Only our session cookies make a request act as the member: any other cookie (a load
    // balancer's, say, or none at all as on Apple's cross-site form post) is no reason to refuse.
    const cookies = req.cookies ?? {};
    const hasSessionCookie = SESSION_COOKIES.some((name) => cookies[name] !== undefined);
    if (!hasSessionCookie) return;
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const sameOrigin = origin === undefined || origin === options.publicOrigin || origin === `${req.protocol}://${req.headers.host}`;
    const sameSite = site === undefined || site === 'same-origin' || site === 'none';
    if (!sameOrigin || !sameSite) throw new AppError(403, 'forbiddenOrigin', 'FORBIDDEN_ORIGIN');
  });
}

/**
 * preHandler for member-only routes: 401 with the spec's session message without a valid token, and
 * 403 SUSPENDED for a suspended member's token, from the first request after the suspension on.
 */
export function requireMember(auth: AuthService) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.member = admitMember(await auth.holderOf(accessTokenOf(req)));
  };
}

/** Whom a member-only read serves: the token's holder, or 401 (no valid token) / 403 SUSPENDED. */
export function admitMember<T extends { sanction_state: number }>(holder: T | null): T {
  if (!holder) throw new AppError(401, 'sessionExpired', 'UNAUTHORIZED');
  if (holder.sanction_state === SanctionState.SUSPEND) throw new AppError(403, 'suspended', 'SUSPENDED');
  return holder;
}

/**
 * The reader of a public route, if signed in: their id, or null. A missing, expired or forged token
 * reads as a visitor here; member-only routes answer 401 instead.
 */
export function optionalMemberId(auth: AuthService) {
  return async (req: FastifyRequest): Promise<number | null> => {
    const token = accessTokenOf(req);
    if (!token) return null;
    const member = await auth.memberFor(token);
    return member?.id ?? null;
  };
}
