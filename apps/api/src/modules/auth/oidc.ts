import { createPublicKey, createVerify } from 'node:crypto';

type Jwk = Record<string, unknown> & { kid?: string };

/** Just enough OpenID Connect: discovery, JWKS, and ID-token checks (RS256/ES256 only). */
export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export class OidcError extends Error {}

const cache = new Map<string, { at: number; value: unknown }>();
const TTL_MS = 10 * 60_000;

async function getJson<T>(url: string): Promise<T> {
  const hit = cache.get(url);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new OidcError(`${url} answered ${res.status}`);
  const value = (await res.json()) as T;
  cache.set(url, { at: Date.now(), value });
  return value;
}

export function discover(issuer: string): Promise<OidcMetadata> {
  return getJson<OidcMetadata>(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
}

const ALGORITHMS: Record<string, string> = { RS256: 'RSA-SHA256', ES256: 'SHA256' };

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat?: number;
  nonce?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  nickname?: string;
}

/** Verifies signature (key from the issuer's JWKS), issuer, audience, expiry and, when given, nonce. */
export async function verifyIdToken(
  token: string,
  expected: { issuer: string; audience: string; nonce?: string; nowMs: number },
): Promise<IdTokenClaims> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new OidcError('malformed token');
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: string; kid?: string };
  let claims: IdTokenClaims;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString());
    claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  } catch {
    throw new OidcError('malformed token');
  }
  const algorithm = header.alg ? ALGORITHMS[header.alg] : undefined;
  if (!algorithm) throw new OidcError('algorithm not allowed');
  const meta = await discover(expected.issuer);
  const { keys } = await getJson<{ keys: Jwk[] }>(meta.jwks_uri);
  const jwk = keys.find((k) => k.kid === header.kid) ?? (keys.length === 1 ? keys[0] : undefined);
  if (!jwk) throw new OidcError('unknown key');
  const key = createPublicKey({ key: jwk as never, format: 'jwk' });
  const ok = createVerify(algorithm)
    .update(`${h}.${p}`)
    .verify(header.alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key, Buffer.from(s, 'base64url'));
  if (!ok) throw new OidcError('bad signature');
  if (claims.iss !== meta.issuer) throw new OidcError('wrong issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.audience)) throw new OidcError('wrong audience');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= expected.nowMs) throw new OidcError('expired');
  if (expected.nonce !== undefined && claims.nonce !== expected.nonce) throw new OidcError('nonce mismatch');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new OidcError('no subject');
  return claims;
}
