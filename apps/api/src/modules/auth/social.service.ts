import { createHash } from 'node:crypto';
import { LoginProvider, SanctionState, type TokenPair } from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import { decrypt, encrypt, randomToken } from '../../lib/crypto.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';
import { type NaverConfig, NaverError, type NaverProfile, naverAccessToken, naverAuthorizeUrl, naverProfile } from './naver.ts';
import { discover, OidcError, verifyIdToken } from './oidc.ts';
import type { UsersRepository } from './users.repository.ts';

export type SocialName = 'google' | 'kakao' | 'naver' | 'apple';
export const SOCIAL_TYPES: Record<SocialName, number> = {
  google: LoginProvider.GOOGLE,
  kakao: LoginProvider.KAKAO,
  naver: LoginProvider.NAVER,
  apple: LoginProvider.APPLE,
};

/** An OpenID Connect provider (Kakao, Google, Apple). */
export interface SocialProviderConfig {
  issuer: string;
  clientId: string;
  /** A fixed secret, or one made per use (Apple's signed client secret). */
  clientSecret: string | (() => string);
}
/** Naver is plain OAuth 2.0 with a profile API (naver.ts); the others are OpenID Connect. */
export type SocialProviders = Partial<Record<Exclude<SocialName, 'naver'>, SocialProviderConfig>> & { naver?: NaverConfig };

const FLOW_TTL_MS = 10 * 60_000;
/** Marks our sealed Naver assertion, so no other sealed value (the flow cookie, say) passes for one. */
const NAVER_ASSERTION = 'naver-identity';

/** What sign-in and sign-up need from a provider, whichever kind it is. */
interface Person {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  nickname?: string;
}

function nicknameFrom(claims: { name?: string; nickname?: string }): string {
  const letters = (claims.nickname ?? claims.name ?? '').replace(/[^가-힣a-zA-Z]/g, '').slice(0, 10);
  return letters.length >= 2 ? letters : '비상회원';
}

/**
 * Social sign-in (SECURITY.md 7): OpenID Connect with state + PKCE + nonce on the web flow and ID
 * tokens verified against the provider's keys; Naver (OAuth 2.0 only) with state and its profile
 * API. Members are keyed on provider + subject, never on email.
 *
 * The `identityToken` for Naver is either the sealed assertion our web flow hands out (the browser
 * never holds a Naver access token) or, from the mobile apps, a Naver access token, which is checked
 * by asking Naver's profile API who owns it.
 */
export function createSocialService(deps: {
  providers: SocialProviders;
  users: UsersRepository;
  auth: AuthService;
  clock: Clock;
  secret: string;
  publicUrl: string;
}) {
  const { providers, users, auth, clock, secret, publicUrl } = deps;
  const typeToName = new Map(Object.entries(SOCIAL_TYPES).map(([name, type]) => [type, name as SocialName]));

  function config<N extends SocialName>(name: N): NonNullable<SocialProviders[N]> {
    const c = providers[name];
    if (!c) throw new AppError(404, 'notFound', 'PROVIDER_NOT_CONFIGURED');
    return c as NonNullable<SocialProviders[N]>;
  }
  const redirectUri = (name: SocialName) => `${publicUrl}/auth/callback/${name}`;
  const invalidToken = () => new AppError(401, 'sessionExpired', 'INVALID_IDENTITY_TOKEN');
  const naverDown = () => new AppError(502, 'socialProviderDown', 'PROVIDER_ERROR');

  /** A Naver identityToken: our sealed assertion, else a Naver access token the profile API vouches for. */
  async function naverPerson(token: string): Promise<Person> {
    const c = config('naver');
    let sealed: (NaverProfile & { kind?: string; exp?: number }) | undefined;
    try {
      sealed = JSON.parse(decrypt(secret, token));
    } catch {
      sealed = undefined;
    }
    if (sealed) {
      if (sealed.kind !== NAVER_ASSERTION || typeof sealed.exp !== 'number' || sealed.exp <= clock.now().getTime()) throw invalidToken();
      return { sub: sealed.sub, name: sealed.name, nickname: sealed.nickname, email: sealed.email };
    }
    try {
      return await naverProfile(c, token);
    } catch (error) {
      if (error instanceof NaverError) throw error.kind === 'refused' ? invalidToken() : naverDown();
      throw error;
    }
  }

  async function claimsOf(socialType: number, identityToken: string, nonce?: string): Promise<Person> {
    const name = typeToName.get(socialType);
    if (!name) throw new AppError(400, 'invalidInput', 'BAD_REQUEST');
    if (name === 'naver') return naverPerson(identityToken);
    const c = config(name);
    try {
      return await verifyIdToken(identityToken, { issuer: c.issuer, audience: c.clientId, nonce, nowMs: clock.now().getTime() });
    } catch (error) {
      if (error instanceof OidcError) throw invalidToken();
      throw error;
    }
  }

  return {
    configured: (): SocialName[] => (Object.keys(providers) as SocialName[]).filter((n) => providers[n]),

    /** Where to send the browser, and the sealed flow state to keep in an HttpOnly cookie. */
    async authorize(name: SocialName): Promise<{ url: string; flow: string }> {
      const exp = clock.now().getTime() + FLOW_TTL_MS;
      if (name === 'naver') {
        // Naver supports no PKCE and no nonce: the state in the sealed cookie is the whole guard.
        const state = randomToken();
        return {
          url: naverAuthorizeUrl(config('naver'), redirectUri(name), state),
          flow: encrypt(secret, JSON.stringify({ name, state, exp })),
        };
      }
      const c = config(name);
      const meta = await discover(c.issuer);
      const state = randomToken();
      const verifier = randomToken();
      const nonce = randomToken();
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const url = new URL(meta.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: c.clientId,
        redirect_uri: redirectUri(name),
        scope: 'openid profile email',
        state,
        nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      const flow = encrypt(secret, JSON.stringify({ name, state, verifier, nonce, exp }));
      return { url: url.toString(), flow };
    },

    /** The callback: the state must match the sealed flow; the code is exchanged with the PKCE verifier. */
    async exchange(name: SocialName, code: string, state: string, flowCookie: string | undefined): Promise<string> {
      config(name); // 404 first when the provider is off
      let flow: { name: string; state: string; verifier?: string; nonce?: string; exp: number };
      try {
        flow = JSON.parse(decrypt(secret, flowCookie ?? ''));
      } catch {
        throw new AppError(400, 'invalidInput', 'INVALID_STATE');
      }
      if (flow.name !== name || flow.state !== state || flow.exp <= clock.now().getTime())
        throw new AppError(400, 'invalidInput', 'INVALID_STATE');
      if (name === 'naver') {
        let person: NaverProfile;
        try {
          person = await naverProfile(config('naver'), await naverAccessToken(config('naver'), code, flow.state));
        } catch (error) {
          if (error instanceof NaverError) {
            throw error.kind === 'refused' ? new AppError(400, 'socialLoginFailed', 'PROVIDER_REFUSED') : naverDown();
          }
          throw error;
        }
        return encrypt(secret, JSON.stringify({ kind: NAVER_ASSERTION, ...person, exp: clock.now().getTime() + FLOW_TTL_MS }));
      }
      const c = config(name);
      const meta = await discover(c.issuer);
      const res = await fetch(meta.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri(name),
          client_id: c.clientId,
          client_secret: typeof c.clientSecret === 'function' ? c.clientSecret() : c.clientSecret,
          code_verifier: flow.verifier ?? '',
        }),
        signal: AbortSignal.timeout(5000),
      }).catch(() => null);
      const body = res?.ok ? ((await res.json()) as { id_token?: string }) : null;
      if (!body?.id_token) throw new AppError(502, 'genericError', 'PROVIDER_ERROR');
      await claimsOf(SOCIAL_TYPES[name], body.id_token, flow.nonce);
      return body.id_token;
    },

    async signIn(socialType: number, identityToken: string): Promise<TokenPair> {
      const claims = await claimsOf(socialType, identityToken);
      const user = await users.findBySocial(socialType, claims.sub);
      if (!user) throw new AppError(404, 'notMember', 'FAIL_NOT_FOUND');
      if (user.sanction_state === SanctionState.SUSPEND) throw new AppError(403, 'suspended', 'SUSPENDED');
      return auth.issueFor(user.id);
    },

    async signUp(socialType: number, identityToken: string, flags: { marketing: boolean; nighttime: boolean }): Promise<TokenPair> {
      const claims = await claimsOf(socialType, identityToken);
      if (await users.findBySocial(socialType, claims.sub)) throw new AppError(409, 'alreadyMember', 'FAIL_HAS_SNS_USER');
      const email = claims.email && claims.email_verified !== false && !(await users.emailTaken(claims.email)) ? claims.email : null;
      const member = { provider: socialType, socialSubject: claims.sub, nickname: nicknameFrom(claims), ...flags, at: clock.now() };
      // The provider's email is a convenience: if another sign-up took it meanwhile, join without it.
      const id = await users.insert({ ...member, email }).catch((error: unknown) => {
        if (email && isUniqueViolation(error, 'users_email_live_idx')) return users.insert({ ...member, email: null });
        throw error;
      });
      return auth.issueFor(id);
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
