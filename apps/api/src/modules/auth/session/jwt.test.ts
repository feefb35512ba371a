import { describe, expect, it } from 'vitest';
import { createKeyring } from '../../../lib/keyring.ts';
import { signAccessToken, verifyAccessClaims } from './jwt.ts';

const SID = '0b6f1c7e-52d4-4a57-9c1e-3f1d2a9b8c7d';
const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const ring = () => createKeyring([{ kid: 'k1', secret: 'a-test-secret-of-thirty-two-chars!!' }]);

describe('access tokens verified once (issue 24)', () => {
  it('a token read again gives the same claims until it expires, and not after, however often it was read', async () => {
    const keys = ring();
    const token = await signAccessToken(keys, { userId: 7, sid: SID }, T0, 900);
    for (let i = 0; i < 3; i++) expect(await verifyAccessClaims(keys, token, T0 + i * 1000)).toEqual({ id: 7, sid: SID, iat: T0 / 1000 });
    expect(await verifyAccessClaims(keys, token, T0 + 899_999)).not.toBeNull();
    expect(await verifyAccessClaims(keys, token, T0 + 900_000)).toBeNull();
    // Expired stays expired: a clock moved back does not bring the kept token back by itself.
    expect(await verifyAccessClaims(keys, token, T0 + 901_000)).toBeNull();
  });

  it('a token that differs by one character from one already verified is refused', async () => {
    const keys = ring();
    const token = await signAccessToken(keys, { userId: 7, sid: SID }, T0, 900);
    expect(await verifyAccessClaims(keys, token, T0)).not.toBeNull();
    const [head, body, sig] = token.split('.') as [string, string, string];
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    expect(await verifyAccessClaims(keys, `${head}.${body}.${flipped}`, T0)).toBeNull();
  });

  it('what one ring verified another ring does not accept', async () => {
    const keys = ring();
    const token = await signAccessToken(keys, { userId: 7, sid: SID }, T0, 900);
    expect(await verifyAccessClaims(keys, token, T0)).not.toBeNull();
    const other = createKeyring([{ kid: 'k1', secret: 'another-secret-of-thirty-two-chars!' }]);
    expect(await verifyAccessClaims(other, token, T0)).toBeNull();
  });
});
