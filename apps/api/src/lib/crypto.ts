import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Keyring } from './keyring.ts';

/** Keyed hash for values we must find again but never store in the clear (phones, codes). */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}

/** SHA-256 of a high-entropy random token (tickets, refresh tokens). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** ≥ 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six digits from a CSPRNG, leading zeros kept. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const TAG_BYTES = 16;
const aesKey = (secret: string) => createHash('sha256').update(`enc:${secret}`).digest();

/**
 * AES-256-GCM for personal data the law wants encrypted at rest (the identity CI) and for values
 * the browser carries sealed (the social sign-in flow). The key is derived from a secret kept
 * outside the database (AUTH_SECRETS in production). With a key ring, a sealed value names the key
 * that sealed it (`kid.iv.tag.body`), so it still opens after a new key is put in front; the tag is
 * 16 bytes, pinned on both sides (a shortened tag is refused, not accepted with fewer bits).
 */
export function encrypt(keys: string | Keyring, plain: string): string {
  const [kid, secret] = typeof keys === 'string' ? [undefined, keys] : [keys.current.kid, keys.current.secret];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(secret), iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const sealed = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  return kid ? `${kid}.${sealed}` : sealed;
}

function open(secret: string, iv: Buffer, tag: Buffer, body: Buffer): string {
  if (iv.length !== 12 || tag.length !== TAG_BYTES) throw new Error('sealed value malformed');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(secret), iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** Opens what `encrypt` sealed, with the key it names (values sealed before key ids: every key is tried). Throws otherwise. */
export function decrypt(keys: string | Keyring, sealed: string): string {
  const parts = sealed.split('.');
  const [iv, tag, body] = parts.slice(-3).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
  if (parts.length === 4) {
    const secret = typeof keys === 'string' ? keys : keys.byKid(parts[0] as string);
    if (!secret) throw new Error('sealed with an unknown key');
    return open(secret, iv, tag, body);
  }
  if (parts.length !== 3) throw new Error('sealed value malformed');
  const secrets = typeof keys === 'string' ? [keys] : keys.all.map((k) => k.secret);
  for (const secret of secrets) {
    try {
      return open(secret, iv, tag, body);
    } catch {}
  }
  throw new Error('sealed value does not open');
}
