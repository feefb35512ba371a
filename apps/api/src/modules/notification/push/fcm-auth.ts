import { JWT } from 'google-auth-library';
import type { FcmConfig } from '../../../config/push.ts';
import { RetryableError } from './channel.ts';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** Where google-auth-library sends a service account's JWT-bearer grant (not configurable in the library). */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** A token for FCM HTTP v1, or why there is none. */
export type FcmAccessToken = () => Promise<string>;

/** Thrown when the service account is refused (wrong key, disabled account): no retry helps until the settings change. */
export class FcmAuthError extends Error {}

/**
 * An OAuth 2.0 access token for FCM from the service account (google-auth-library signs the JWT
 * grant and caches the token until shortly before it expires). FCM_TOKEN_URI sends the grant to
 * another token endpoint (a local fake in tests): the library's transporter is told to rewrite
 * Google's address, the one thing the library does not let us set.
 */
export function fcmAccessToken(config: FcmConfig, timeoutMs: number): FcmAccessToken {
  const jwt = new JWT({
    email: config.clientEmail,
    key: config.privateKey,
    scopes: [FCM_SCOPE],
    transporterOptions: { timeout: timeoutMs },
  });
  const tokenUri = config.tokenUri;
  if (tokenUri) {
    jwt.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUri);
        return options;
      },
    });
  }
  return async () => {
    try {
      const { token } = await jwt.getAccessToken();
      if (!token) throw new FcmAuthError('FCM: the token endpoint answered no access token');
      return token;
    } catch (error) {
      if (error instanceof FcmAuthError) throw error;
      const status =
        (error as { status?: unknown; response?: { status?: unknown } }).response?.status ?? (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500 && status !== 429) {
        throw new FcmAuthError(`FCM: the service account was refused a token (HTTP ${status})`);
      }
      throw new RetryableError(`FCM: no access token (${typeof status === 'number' ? `HTTP ${status}` : 'network error'})`);
    }
  };
}
