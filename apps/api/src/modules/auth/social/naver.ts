import * as oidc from 'openid-client';
import { isLoopbackHttp } from './oidc-provider.ts';
import { fromOpenIdClient, ProviderError } from './provider-error.ts';

/**
 * Naver Login (네이버 로그인): plain OAuth 2.0, not OpenID Connect — no ID token, no discovery, no
 * PKCE. openid-client builds the authorization URL and makes the code grant (checking `state`); the
 * person is whoever Naver's profile API says owns the access token. Naver's `id` is unique per
 * application, so a token another Naver app obtained names a different `id` and reaches none of ours.
 */
export interface NaverConfig {
  clientId: string;
  clientSecret: string;
  /** https://nid.naver.com (authorize and token endpoints). */
  authBase: string;
  /** https://openapi.naver.com (profile API). */
  apiBase: string;
}

export const NAVER_AUTH_BASE = 'https://nid.naver.com';
export const NAVER_API_BASE = 'https://openapi.naver.com';

export interface NaverProfile {
  sub: string;
  name?: string;
  nickname?: string;
  email?: string;
}

const TIMEOUT_MS = 5_000;

/**
 * Naver answers a refused code with HTTP 200 and an `error` field; OAuth 2.0 says 400. This turns
 * such an answer into the 400 it means, so openid-client reports it as the refusal it is.
 */
const naverFetch: oidc.CustomFetch = async (url, options) => {
  const res = await fetch(url, options);
  if (res.status !== 200) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  if (!body?.error) return res;
  return new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
};

export function createNaverProvider(c: NaverConfig) {
  const client = new oidc.Configuration(
    { issuer: c.authBase, authorization_endpoint: `${c.authBase}/oauth2.0/authorize`, token_endpoint: `${c.authBase}/oauth2.0/token` },
    c.clientId,
    c.clientSecret,
  );
  if (isLoopbackHttp(c.authBase)) oidc.allowInsecureRequests(client);
  client.timeout = TIMEOUT_MS / 1000;
  client[oidc.customFetch] = naverFetch;

  /** Access token → the person (`resultcode` '00' only); any other answer refuses the token. */
  async function profile(accessToken: string): Promise<NaverProfile> {
    // Not a token Naver could have issued, and not something to put in a header.
    if (!/^[\x21-\x7e]+$/.test(accessToken)) throw new ProviderError('invalid-token', 'profile: malformed access token');
    let body: Record<string, unknown>;
    try {
      const res = await fetch(`${c.apiBase}/v1/nid/me`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const parsed = (await res.json().catch(() => null)) as unknown;
      if (res.status >= 500 || !parsed || typeof parsed !== 'object') throw new Error(`profile answered ${res.status}`);
      body = parsed as Record<string, unknown>;
    } catch (error) {
      throw new ProviderError('unreachable', 'profile API unreachable', { cause: error });
    }
    const r = (body.response ?? {}) as Record<string, unknown>;
    if (body.resultcode !== '00' || typeof r.id !== 'string' || !r.id) {
      throw new ProviderError('invalid-token', `profile: resultcode ${String(body.resultcode).slice(0, 10)}`);
    }
    const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return { sub: r.id, name: text(r.name), nickname: text(r.nickname), email: text(r.email) };
  }

  return {
    authorizationUrl: (redirectUri: string, state: string): string =>
      oidc.buildAuthorizationUrl(client, { redirect_uri: redirectUri, state }).href,

    /** The callback's code → Naver's access token (Naver wants the state again) → the person. */
    async exchange(redirectUri: string, response: { code: string; state: string }, expectedState: string): Promise<NaverProfile> {
      const current = new URL(redirectUri);
      current.searchParams.set('code', response.code);
      current.searchParams.set('state', response.state);
      let accessToken: string;
      try {
        const tokens = await oidc.authorizationCodeGrant(client, current, { expectedState }, { state: expectedState });
        accessToken = tokens.access_token;
      } catch (error) {
        throw fromOpenIdClient(error);
      }
      return profile(accessToken);
    },

    profile,
  };
}
export type NaverProvider = ReturnType<typeof createNaverProvider>;
