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

/** The member, session and issue time of a valid access token; null for anything tampered, expired, of another kind or key. */
export async function verifyAccessClaims(ring: Keyring, token: string, nowMs: number): Promise<AccessClaims | null> {
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
    if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.iat !== 'number') return null;
    return { id, sid: payload.sid, iat: payload.iat };
  } catch {
    return null;
  }
}
