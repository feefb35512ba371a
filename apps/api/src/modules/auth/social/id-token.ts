import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { fromJose, ProviderError } from './provider-error.ts';

/** The ID-token claims sign-in reads. Apple sends `email_verified` as the string 'true' or 'false'. */
export interface IdClaims extends JWTPayload {
  sub: string;
  nonce?: string;
  email?: string;
  email_verified?: boolean | 'true' | 'false';
  name?: string;
  nickname?: string;
}

/** Kakao, Google and Apple sign with RS256; ES256 is allowed for a provider that moves to it. Never `none`, never HMAC. */
const ALGORITHMS = ['RS256', 'ES256'];

/** How long a JWKS is trusted, and how soon an unknown key id may fetch it again (jose's cooldown). */
export interface JwksTiming {
  cooldownMs: number;
  cacheMaxAgeMs: number;
  timeoutMs: number;
}
export const DEFAULT_JWKS_TIMING: JwksTiming = { cooldownMs: 30_000, cacheMaxAgeMs: 10 * 60_000, timeoutMs: 5_000 };

/**
 * Verifies a provider's ID tokens with jose: signature by a key from the provider's JWKS, issuer,
 * audience, expiry (by our clock) and the algorithm allow-list; the nonce when the web flow sent one.
 * A token naming a key id the cached JWKS lacks makes jose fetch the JWKS again (a provider rotated
 * its keys) — at most once per cooldown, so a flood of made-up key ids cannot hammer the provider.
 */
export function createIdTokenVerifier(timing: JwksTiming = DEFAULT_JWKS_TIMING) {
  const sets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keysAt = (jwksUri: string) => {
    let set = sets.get(jwksUri);
    if (!set) {
      set = createRemoteJWKSet(new URL(jwksUri), {
        cooldownDuration: timing.cooldownMs,
        cacheMaxAge: timing.cacheMaxAgeMs,
        timeoutDuration: timing.timeoutMs,
      });
      sets.set(jwksUri, set);
    }
    return set;
  };

  return async function verify(
    token: string,
    expected: { jwksUri: string; issuers: string[]; audiences: string[]; now: Date; nonce?: string },
  ): Promise<IdClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keysAt(expected.jwksUri), {
        issuer: expected.issuers,
        audience: expected.audiences,
        algorithms: ALGORITHMS,
        currentDate: expected.now,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      throw fromJose(error);
    }
    if (typeof payload.sub !== 'string' || !payload.sub) throw new ProviderError('invalid-token', 'no subject');
    if (expected.nonce !== undefined && payload.nonce !== expected.nonce) throw new ProviderError('invalid-token', 'nonce mismatch');
    return payload as IdClaims;
  };
}
export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>;
