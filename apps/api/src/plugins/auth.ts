import { createHash } from 'node:crypto';
import { SanctionState } from '@beesang/contract';
import cookie from '@fastify/cookie';
import { requestContext, fastifyRequestContext as requestContextPlugin } from '@fastify/request-context';
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

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** Worked out when a sign-in asks (hashing the user agent on every request cost a cached call about 2 %). */
    signInDevice: () => SignInDevice;
  }
}

export interface SignInDevice {
  /** Stable for one app install (its userDeviceId) or one browser (its user agent), hashed. */
  key: string;
  /** As a member reads it: 'Android 앱', 'iOS 앱', '모바일 브라우저', '웹 브라우저'. */
  name: string;
}

/** The device behind a request: the app's deviceType and userDeviceId when sent (spec §3), else the browser's user agent. */
export function signInDeviceOf(req: FastifyRequest): SignInDevice {
  const body = (req.body ?? {}) as { deviceType?: unknown; userDeviceId?: unknown };
  const agent = String(req.headers['user-agent'] ?? '');
  const type = Number(body.deviceType);
  const app = type === 1 || type === 2;
  const id = app && typeof body.userDeviceId === 'string' && body.userDeviceId ? `app:${body.userDeviceId}` : `ua:${agent}`;
  const name = type === 1 ? 'Android 앱' : type === 2 ? 'iOS 앱' : /Mobile|Android|iPhone/i.test(agent) ? '모바일 브라우저' : '웹 브라우저';
  return { key: createHash('sha256').update(id).digest('base64url').slice(0, 32), name };
}

/** The device of the request being answered, if any (read by the session that a sign-in starts). */
export const currentSignInDevice = (): SignInDevice | undefined => requestContext.get('signInDevice')?.();

/**
 * In `scope` (the routes that start sessions, and only those), what device a sign-in comes from, for
 * the session it starts: a sign-in from a new device is told (issue 23). Scoped because the request
 * context is an AsyncLocalStorage entered on every request it covers, which every other call, a
 * member's cached read included, would pay for nothing. A session started elsewhere has no device
 * and is not told.
 */
export async function registerSignInDevice(scope: FastifyInstance) {
  await scope.register(requestContextPlugin, { hook: 'preValidation', defaultStoreValues: (req) => ({ signInDevice: lazyDevice(req) }) });
}

/** The request's device, worked out on first use and kept. */
function lazyDevice(req: FastifyRequest): () => SignInDevice {
  let device: SignInDevice | undefined;
  return () => {
    device ??= signInDeviceOf(req);
    return device;
  };
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
 * requests (SECURITY.md 10; issue 21): a browser sends Origin on every such write and
 * Sec-Fetch-Site with it, so one that names no origin, another origin, or a site other than our
 * own is refused. Bearer-token clients (the apps) send no cookies and are not affected.
 */
export async function registerAuth(app: FastifyInstance, options: { auth: AuthService; publicOrigin: string }) {
  await app.register(cookie);
  app.decorateRequest('member', null);
  app.addHook('onRoute', (route) => {
    const pre = [route.preHandler ?? []].flat();
    if (pre.some(isGuard)) throw new Error(`${route.method} ${route.url}: a guard belongs in onRequest, before validation (issue 21)`);
  });

  app.addHook('onRequest', (req, _reply, done) => {
    if (!UNSAFE.has(req.method) || req.headers.authorization) return done();
    // Only our session cookies make a request act as the member: any other cookie (a load
    // balancer's, say, or none at all as on Apple's cross-site form post) is no reason to refuse.
    const cookies = req.cookies ?? {};
    const hasSessionCookie = SESSION_COOKIES.some((name) => cookies[name] !== undefined);
    if (!hasSessionCookie) return done();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const sameOrigin = origin === options.publicOrigin || origin === `${req.protocol}://${req.headers.host}`;
    // Sec-Fetch-Site came to browsers after Origin did: an older browser may send Origin alone.
    const sameSite = site === undefined || site === 'same-origin';
    done(!sameOrigin || !sameSite ? new AppError(403, 'forbiddenOrigin', 'FORBIDDEN_ORIGIN') : undefined);
  });
}

/**
 * Marks a guard that decides who may call a route: it runs as the route's `onRequest` hook, before
 * the body is parsed and validated, so that a caller without the right gets 401 or 403 whatever
 * they sent (issue 21). registerAuth refuses, at start-up, a guard placed among a route's preHandlers.
 */
export const GUARD = Symbol('route guard');
export function guard<F extends (req: FastifyRequest, reply: FastifyReply) => Promise<void>>(fn: F): F {
  return Object.assign(fn, { [GUARD]: true });
}
export const isGuard = (fn: unknown): boolean => typeof fn === 'function' && (fn as unknown as Record<symbol, unknown>)[GUARD] === true;

/**
 * onRequest guard of member-only routes: 401 with the spec's session message without a valid token, and
 * 403 SUSPENDED for a suspended member's token, from the first request after the suspension on.
 */
export function requireMember(auth: AuthService) {
  return guard(async (req: FastifyRequest, _reply: FastifyReply) => {
    req.member = admitMember(await auth.holderOf(accessTokenOf(req)));
  });
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
