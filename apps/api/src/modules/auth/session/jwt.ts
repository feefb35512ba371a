import { errors, jwtVerify, SignJWT } from 'jose';
import type { Keyring } from '../../../lib/keyring.ts';

/**
 * Access tokens: HS256 JWTs signed and verified with `jose` (decision 0017). The header names the
 * key (`kid`) from the ring that signed it, so a new key can sign while the old ones still verify;
 * HS256 is the only algorithm accepted. Audience, type and expiry are checked on every read, and
 * the `sid` claim ties the token to its session (the refresh-token family), which the server checks
 * against the database on every request: a session that ended stops its access tokens at once.
 */
export const AUDIENCE = 'beesang';
const encoder = new TextEncoder();
/** A session id is the refresh-token family's UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keyCache = new WeakMap<Keyring, Map<string, Uint8Array>>();

function keyOf(ring: Keyring, kid: string): Uint8Array | undefined {
  let keys = keyCache.get(ring);
  if (!keys) {
    keys = new Map();
    keyCache.set(ring, keys);
  }
  let key = keys.get(kid);
  if (!key) {
    const secret = ring.byKid(kid);
    if (!secret) return undefined;
    key = encoder.encode(secret);
    keys.set(kid, key);
  }
  return key;
}

export interface AccessClaims {
  /** the member */
  id: number;
  /** the session (refresh-token family) */
  sid: string;
  /** issued at, seconds */
  iat: number;
}

export async function signAccessToken(ring: Keyring, claims: { userId: number; sid: string }, nowMs: number, ttlSeconds: number) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ typ: 'access', sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: ring.current.kid })
    .setSubject(String(claims.userId))
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyOf(ring, ring.current.kid) as Uint8Array);
}

/**
 * Tokens already verified, per ring: a member's every request carries the same token for 15 minutes,
 * and checking its signature again (WebCrypto's HMAC, a third of a member's cached API call, issue 24)
 * would learn nothing new. The exact string that verified is kept with its claims and expiry, which is
 * checked on every use; what the token stands for (its session) is still checked by the caller. At
 * most VERIFIED_MAX tokens, the oldest out first; a failed verification is never kept.
 */
const VERIFIED_MAX = 20_000;
const verified = new WeakMap<Keyring, Map<string, { claims: AccessClaims; expMs: number }>>();

/** The member, session and issue time of a valid access token; null for anything tampered, expired, of another kind or key. */
export async function verifyAccessClaims(ring: Keyring, token: string, nowMs: number): Promise<AccessClaims | null> {
  let known = verified.get(ring);
  if (!known) {
    known = new Map();
    verified.set(ring, known);
  }
  const hit = known.get(token);
  if (hit) {
    if (nowMs < hit.expMs) return hit.claims;
    known.delete(token);
  }
  const claims = await verifySigned(ring, token, nowMs);
  if (claims) {
    known.set(token, claims);
    if (known.size > VERIFIED_MAX) known.delete(known.keys().next().value as string);
  }
  return claims?.claims ?? null;
}

async function verifySigned(ring: Keyring, token: string, nowMs: number): Promise<{ claims: AccessClaims; expMs: number } | null> {
  try {
    const { payload } = await jwtVerify(
      token,
      (header) => {
        const key = header.kid ? keyOf(ring, header.kid) : undefined;
        if (!key) throw new errors.JWKSNoMatchingKey();
        return key;
      },
      { algorithms: ['HS256'], audience: AUDIENCE, currentDate: new Date(nowMs), typ: 'JWT', requiredClaims: ['sub', 'iat', 'exp'] },
    );
    const id = Number(payload.sub);
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
    if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
    return { claims: { id, sid: payload.sid, iat: payload.iat }, expMs: payload.exp * 1000 };
  } catch {
    return null;
  }
}
