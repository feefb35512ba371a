import * as oidc from 'openid-client';
import type { Clock } from '../../../lib/clock.ts';
import { createIdTokenVerifier, DEFAULT_JWKS_TIMING, type IdClaims, type JwksTiming } from './id-token.ts';
import { fromOpenIdClient, ProviderError } from './provider-error.ts';

export type OidcName = 'kakao' | 'google' | 'apple';

/** An OpenID Connect provider (Kakao, Google, Apple). */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  /** A fixed secret, or one made per use (Apple's signed client secret). */
  clientSecret: string | (() => Promise<string>);
  /** Further client ids whose ID tokens the mobile apps send (an iOS bundle id, an Android client id). */
  appAudiences?: string[];
  jwks?: Partial<JwksTiming>;
}

/**
 * What each provider is asked for. Google: the standard scopes. Kakao names consent items (동의항목)
 * in `scope` and asks only for those when one is sent, so none is: the app's settings decide, and with
 * OpenID Connect on for the app Kakao issues the ID token anyway. Apple knows only `name` and
 * `email`, and answers a request for either with a form POST (response_mode=form_post).
 */
const AUTHORIZE_PARAMS: Record<OidcName, Record<string, string>> = {
  google: { scope: 'openid profile email' },
  kakao: {},
  apple: { scope: 'name email', response_mode: 'form_post' },
};

const TIMEOUT_S = 5;
/** Endpoints and key addresses change rarely; discovery is repeated daily, and at once after a failure. */
const DISCOVERY_TTL_MS = 24 * 3_600_000;

/** Plain http only for a provider on this machine (the local fakes of the tests); https everywhere else. */
export function isLoopbackHttp(address: string): boolean {
  const url = URL.parse(address);
  return url?.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The discovered metadata without openid-client's helper functions, so a Configuration can be made from it again. */
const plain = (metadata: oidc.ServerMetadata): oidc.ServerMetadata =>
  Object.fromEntries(Object.entries(metadata).filter(([, v]) => typeof v !== 'function')) as oidc.ServerMetadata;

/**
 * One OpenID Connect provider through openid-client: discovery, the authorization URL (state, nonce,
 * S256 PKCE), the code grant (openid-client checks state, the PKCE exchange, and the ID token's issuer,
 * audience, expiry and nonce), then our own verification of that ID token's signature (jose) — the
 * same check an ID token from the mobile apps gets.
 */
export function createOidcProvider(name: OidcName, c: OidcProviderConfig, clock: Clock) {
  const insecure = isLoopbackHttp(c.issuer);
  const verifyToken = createIdTokenVerifier({ ...DEFAULT_JWKS_TIMING, ...c.jwks });
  let discovered: { at: number; metadata: Promise<oidc.ServerMetadata> } | undefined;

  function metadata(): Promise<oidc.ServerMetadata> {
    const now = clock.now().getTime();
    if (!discovered || now - discovered.at > DISCOVERY_TTL_MS) {
      const found = oidc
        .discovery(new URL(c.issuer), c.clientId, undefined, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: TIMEOUT_S,
        })
        .then((config) => plain(config.serverMetadata()));
      const entry = { at: now, metadata: found };
      discovered = entry;
      found.catch(() => {
        if (discovered === entry) discovered = undefined;
      });
    }
    return discovered.metadata.catch((error: unknown) => {
      throw fromOpenIdClient(error);
    });
  }

  /** A client for one call; its time is our clock's (clockSkew), so expiry is judged as everywhere else. */
  function client(metadata: oidc.ServerMetadata, secret?: string): oidc.Configuration {
    const skew = Math.round((clock.now().getTime() - Date.now()) / 1000);
    const config = new oidc.Configuration(metadata, c.clientId, { client_secret: secret, [oidc.clockSkew]: skew });
    if (insecure) oidc.allowInsecureRequests(config);
    config.timeout = TIMEOUT_S;
    return config;
  }

  async function verify(token: string, audiences: string[], nonce?: string): Promise<IdClaims> {
    const meta = await metadata();
    if (!meta.jwks_uri) throw new ProviderError('unreachable', `${name} publishes no jwks_uri`);
    // Google's ID tokens may name their issuer without the scheme (Google's documentation says so).
    const issuers = meta.issuer === 'https://accounts.google.com' ? [meta.issuer, 'accounts.google.com'] : [meta.issuer];
    return verifyToken(token, { jwksUri: meta.jwks_uri, issuers, audiences, now: clock.now(), nonce });
  }

  return {
    async authorizationUrl(redirectUri: string, flow: { state: string; nonce: string; codeChallenge: string }): Promise<string> {
      const url = oidc.buildAuthorizationUrl(client(await metadata()), {
        redirect_uri: redirectUri,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: flow.codeChallenge,
        code_challenge_method: 'S256',
        ...AUTHORIZE_PARAMS[name],
      });
      return url.href;
    },

    /** The authorization response (code, state, and `iss` when the provider sends one) → the verified ID-token claims. */
    async exchange(
      redirectUri: string,
      response: { code: string; state: string; iss?: string },
      flow: { state: string; verifier: string; nonce: string },
    ): Promise<IdClaims> {
      const meta = await metadata();
      const secret = typeof c.clientSecret === 'function' ? await c.clientSecret() : c.clientSecret;
      const current = new URL(redirectUri);
      for (const [key, value] of Object.entries(response)) if (value) current.searchParams.set(key, value);
      let idToken: string | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(client(meta, secret), current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
        });
        idToken = tokens.id_token;
      } catch (error) {
        throw fromOpenIdClient(error);
      }
      if (!idToken) throw new ProviderError('invalid-token', 'no ID token');
      return verify(idToken, [c.clientId], flow.nonce);
    },

    /** An ID token the mobile apps send as identityToken: issued to the web client or one of the apps. */
    verify: (token: string) => verify(token, [c.clientId, ...(c.appAudiences ?? [])]),
  };
}
export type OidcProvider = ReturnType<typeof createOidcProvider>;
