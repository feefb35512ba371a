import { errors as jose } from 'jose';
import { AuthorizationResponseError, ClientError, ResponseBodyError } from 'openid-client';

/**
 * What went wrong with a provider, in the three ways the API answers differently:
 * - `refused`: the provider said no (a bad or reused code, a wrong client) — 400, try again;
 * - `invalid-token`: an ID token or access token that fails our checks — never a sign-in;
 * - `unreachable`: network, timeout, 5xx or an answer we cannot read — 502, never a pass.
 */
export class ProviderError extends Error {
  readonly kind: 'refused' | 'invalid-token' | 'unreachable';
  constructor(kind: ProviderError['kind'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

/**
 * openid-client's codes for an answer that arrived, readable, but failed a check of ours: a nonce,
 * issuer, audience or expiry that does not match, or a claim missing (an ID token without our nonce).
 */
const TOKEN_CHECKS = new Set([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_INVALID_RESPONSE',
]);

/** An error from an openid-client call, sorted. */
export function fromOpenIdClient(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof ResponseBodyError) {
    const kind = error.status >= 500 ? 'unreachable' : 'refused';
    return new ProviderError(kind, `provider answered ${error.status} ${error.error}`, { cause: error });
  }
  if (error instanceof AuthorizationResponseError) return new ProviderError('refused', `authorization response: ${error.error}`);
  if (error instanceof ClientError && error.code && TOKEN_CHECKS.has(error.code)) {
    return new ProviderError('invalid-token', `${error.code}: ${error.message}`, { cause: error });
  }
  // TypeError (fetch failed), timeouts, 5xx without an OAuth body, HTML, malformed JSON.
  const code = error instanceof ClientError ? error.code : undefined;
  return new ProviderError('unreachable', `provider call failed${code ? ` (${code})` : ''}`, { cause: error });
}

/** jose's codes for a JWKS we could not fetch or read: the provider's fault, not the token's. */
const JWKS_TROUBLE = new Set([jose.JWKSTimeout.code, jose.JWKSInvalid.code, jose.JOSEError.code]);

/** An error from verifying a JWT against a provider's JWKS, sorted. */
export function fromJose(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof jose.JOSEError && !JWKS_TROUBLE.has(error.code)) {
    return new ProviderError('invalid-token', error.code, { cause: error });
  }
  return new ProviderError('unreachable', 'the provider’s keys could not be fetched', { cause: error });
}
