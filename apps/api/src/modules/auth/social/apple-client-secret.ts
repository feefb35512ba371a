import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

/** Apple refuses client secrets that live longer than six months; ours live 30 days. */
export const APPLE_SECRET_TTL_S = 30 * 86_400;
/** A new secret is made when the current one has less than this left. */
const RENEW_BEFORE_S = 86_400;
export const APPLE_AUDIENCE = 'https://appleid.apple.com';

export interface AppleKeyConfig {
  teamId: string;
  keyId: string;
  /** The .p8 key Apple issues (PKCS#8 PEM, EC P-256); `\n` escapes from an env file are allowed. */
  privateKey: string;
  /** The Services ID: OAUTH_APPLE_CLIENT_ID. */
  clientId: string;
}

/**
 * Sign in with Apple takes no fixed client secret: it is a JWT (ES256) the app signs with its Apple
 * key, naming the team, the Services ID and Apple as audience. This returns the current one (signed
 * by jose), making a new one a day before it expires. The key is read and checked at start-up
 * (synchronously, so a wrong key stops the start with the other configuration problems); jose signs
 * with the KeyObject. Apple's clock judges the secret, so the real time is used, not the app's clock.
 */
export function appleClientSecret(config: AppleKeyConfig, now: () => number = Date.now): () => Promise<string> {
  let key: KeyObject;
  try {
    key = createPrivateKey(config.privateKey.replace(/\\n/g, '\n'));
  } catch {
    throw new Error('OAUTH_APPLE_PRIVATE_KEY is not a readable PEM private key');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('OAUTH_APPLE_PRIVATE_KEY must be an EC P-256 key (Apple .p8)');
  }
  let current: { token: Promise<string>; exp: number } | undefined;
  return () => {
    const iat = Math.floor(now() / 1000);
    if (current && current.exp - iat > RENEW_BEFORE_S) return current.token;
    const exp = iat + APPLE_SECRET_TTL_S;
    const token = new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
      .setIssuer(config.teamId)
      .setSubject(config.clientId)
      .setAudience(APPLE_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
    const made = { token, exp };
    current = made;
    token.catch(() => {
      if (current === made) current = undefined;
    });
    return token;
  };
}
