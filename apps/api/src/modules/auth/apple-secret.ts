import { createPrivateKey, type KeyObject, sign } from 'node:crypto';

/** Apple refuses client secrets that live longer than six months; ours live 30 days. */
export const APPLE_SECRET_TTL_S = 30 * 86_400;
/** A new secret is made when the current one has less than this left. */
const RENEW_BEFORE_S = 86_400;

export interface AppleKeyConfig {
  teamId: string;
  keyId: string;
  /** The .p8 key Apple issues (PKCS#8 PEM, EC P-256). */
  privateKey: string;
  /** The Services ID: OAUTH_APPLE_CLIENT_ID. */
  clientId: string;
  audience?: string;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * Sign in with Apple takes no fixed client secret: it is a JWT (ES256) the app signs with its Apple
 * key, naming the team, the Services ID and Apple as audience. This returns the current one, making
 * a new one a day before it expires. The key is checked once, at start-up.
 */
export function appleClientSecret(config: AppleKeyConfig, now: () => number = Date.now): () => string {
  let key: KeyObject;
  try {
    key = createPrivateKey(config.privateKey.replace(/\\n/g, '\n'));
  } catch {
    throw new Error('OAUTH_APPLE_PRIVATE_KEY is not a readable PEM private key');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('OAUTH_APPLE_PRIVATE_KEY must be an EC P-256 key (Apple .p8)');
  }
  let current: { token: string; exp: number } | undefined;
  return () => {
    const iat = Math.floor(now() / 1000);
    if (current && current.exp - iat > RENEW_BEFORE_S) return current.token;
    const exp = iat + APPLE_SECRET_TTL_S;
    const header = b64url(JSON.stringify({ alg: 'ES256', kid: config.keyId, typ: 'JWT' }));
    const payload = b64url(
      JSON.stringify({ iss: config.teamId, iat, exp, aud: config.audience ?? 'https://appleid.apple.com', sub: config.clientId }),
    );
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' });
    current = { token: `${header}.${payload}.${b64url(signature)}`, exp };
    return current.token;
  };
}
