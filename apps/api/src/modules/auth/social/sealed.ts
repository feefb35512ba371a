import type { Clock } from '../../../lib/clock.ts';
import { decrypt, encrypt } from '../../../lib/crypto.ts';

type Secret = Parameters<typeof encrypt>[0];

/**
 * What the browser carries for social sign-in, sealed (AES-GCM, lib/crypto): the flow (state, PKCE
 * verifier, nonce), Apple's form post between its POST and the page, and the identity the web flow
 * hands out. Each is marked with its kind and expiry, so that none passes for another.
 */
export type SealedKind = 'social-flow' | 'apple-form-post' | 'social-identity';

/** `ours`: it opened with our key but is of another kind, malformed or expired — never to be sent to a provider. */
export type Opened<T> = { ok: true; value: T } | { ok: false; ours: boolean };

export function createSealer(secret: Secret, clock: Clock) {
  return {
    seal(kind: SealedKind, value: object, ttlMs: number): string {
      return encrypt(secret, JSON.stringify({ ...value, kind, exp: clock.now().getTime() + ttlMs }));
    },
    open<T>(kind: SealedKind, text: string | undefined): Opened<T> {
      let plain: string;
      try {
        plain = decrypt(secret, text ?? '');
      } catch {
        return { ok: false, ours: false };
      }
      try {
        const value = JSON.parse(plain) as { kind?: unknown; exp?: unknown };
        if (value.kind !== kind || typeof value.exp !== 'number' || value.exp <= clock.now().getTime()) return { ok: false, ours: true };
        return { ok: true, value: value as T };
      } catch {
        return { ok: false, ours: true };
      }
    },
  };
}
