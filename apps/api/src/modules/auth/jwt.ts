import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

/**
 * Minimal HS256 JWTs. The header must be exactly HS256/JWT (an allow-list of one: `none` and
 * every other algorithm are refused); audience, type and expiry are checked on every read.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
export const AUDIENCE = 'beesang';

export interface AccessClaims {
  sub: string;
  typ: 'access';
  aud: string;
  iat: number;
  exp: number;
}

function sign(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signAccessToken(secret: string, userId: number, nowMs: number, ttlSeconds: number): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: AccessClaims = { sub: String(userId), typ: 'access', aud: AUDIENCE, iat, exp: iat + ttlSeconds };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${HEADER}.${body}.${sign(secret, `${HEADER}.${body}`)}`;
}

/** The user id of a valid access token, or null for anything tampered, expired or of another kind. */
export function verifyAccessToken(secret: string, token: string, nowMs: number): number | null {
  return verifyAccessClaims(secret, token, nowMs)?.id ?? null;
}

/** The user id and issue time (seconds) of a valid access token, or null. */
export function verifyAccessClaims(secret: string, token: string, nowMs: number): { id: number; iat: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  if (!safeEqual(signature, sign(secret, `${header}.${body}`))) return null;
  let claims: Partial<AccessClaims>;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<AccessClaims>;
  } catch {
    return null;
  }
  if (claims.typ !== 'access' || claims.aud !== AUDIENCE) return null;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return null;
  const id = Number(claims.sub);
  return Number.isSafeInteger(id) && id > 0 && typeof claims.iat === 'number' ? { id, iat: claims.iat } : null;
}
