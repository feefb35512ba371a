import { createHash } from 'node:crypto';

/**
 * The server's secrets as a ring (issue 13 §2): `AUTH_SECRETS=kid1:secret1,kid2:secret2`. The
 * first entry signs and seals; every entry verifies and opens, so a new key can be put in front
 * without signing anyone out, and an old one dropped once nothing it signed is still alive
 * (access tokens: 15 minutes; sealed flow cookies: 10 minutes; the identity CI at rest: never —
 * keep the key that sealed them, or re-seal).
 *
 * Keyed lookup hashes (phone numbers, codes, addresses) cannot be tried key by key: a phone is
 * found by its hash. They are keyed by the last (oldest) entry, the *pepper*, which therefore stays
 * at the end of the list for good; `pepperFingerprint` lets the server refuse to start when it
 * changed under existing members (db/secrets.ts).
 */
export interface Keyring {
  /** The key new tokens and sealed values carry. */
  readonly current: { kid: string; secret: string };
  /** A key by its id, for verifying and opening. */
  byKid(kid: string): string | undefined;
  /** Every key, newest first. */
  readonly all: ReadonlyArray<{ kid: string; secret: string }>;
  /** The secret keying lookup hashes: the oldest entry. */
  readonly pepper: string;
}

/** The id a lone AUTH_SECRET (or the generated secret of a local start) carries. */
export const DEFAULT_KID = 'default';
export const KID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export function createKeyring(entries: ReadonlyArray<{ kid: string; secret: string }>): Keyring {
  if (entries.length === 0) throw new Error('a key ring needs at least one key');
  const map = new Map<string, string>();
  for (const { kid, secret } of entries) {
    if (!KID_PATTERN.test(kid)) throw new Error(`key id "${kid}" must be 1–32 letters, digits, _ or -`);
    if (map.has(kid)) throw new Error(`key id "${kid}" appears twice`);
    map.set(kid, secret);
  }
  return {
    current: entries[0] as { kid: string; secret: string },
    byKid: (kid) => map.get(kid),
    all: entries,
    pepper: (entries.at(-1) as { secret: string }).secret,
  };
}

/** `kid1:secret1,kid2:secret2` → entries; a string naming what is wrong otherwise. */
export function parseAuthSecrets(value: string): Array<{ kid: string; secret: string }> | string {
  const entries: Array<{ kid: string; secret: string }> = [];
  for (const part of value.split(',')) {
    const at = part.indexOf(':');
    const kid = part.slice(0, at).trim();
    const secret = part.slice(at + 1).trim();
    if (at < 1 || !KID_PATTERN.test(kid))
      return `"${part.slice(0, 12)}…" 는 kid:secret 형식이 아닙니다 (each entry is kid:secret, kid of letters, digits, _ or -)`;
    if (secret.length < 32) return `키 ${kid} 의 비밀값은 32자 이상이어야 합니다 (at least 32 characters)`;
    if (entries.some((e) => e.kid === kid)) return `키 ${kid} 가 두 번 나옵니다 (duplicate key id)`;
    entries.push({ kid, secret });
  }
  return entries;
}

/** A one-way fingerprint of the pepper, safe to store beside the data it keys. */
export function pepperFingerprint(ring: Keyring): string {
  return createHash('sha256').update(`pepper-fingerprint:${ring.pepper}`).digest('base64url').slice(0, 22);
}

/** A ring from a lone secret (tests, the generated local secret). */
export const singleKeyring = (secret: string): Keyring => createKeyring([{ kid: DEFAULT_KID, secret }]);
