import { LoginProvider, SanctionState, type TokenPair } from '@beesang/contract';
import { calculatePKCECodeChallenge, randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import type { Clock } from '../../../lib/clock.ts';
import type { encrypt } from '../../../lib/crypto.ts';
import { AppError, isUniqueViolation } from '../../../lib/errors.ts';
import type { AuthService } from '../auth.service.ts';
import type { UsersRepository } from '../users.repository.ts';
import { appleName } from './apple-user.ts';
import type { IdClaims } from './id-token.ts';
import { createNaverProvider, type NaverConfig, type NaverProfile } from './naver.ts';
import { createOidcProvider, type OidcName, type OidcProvider, type OidcProviderConfig } from './oidc-provider.ts';
import { ProviderError } from './provider-error.ts';
import { createSealer } from './sealed.ts';

export type SocialName = 'google' | 'kakao' | 'naver' | 'apple';
export const SOCIAL_TYPES: Record<SocialName, number> = {
  google: LoginProvider.GOOGLE,
  kakao: LoginProvider.KAKAO,
  naver: LoginProvider.NAVER,
  apple: LoginProvider.APPLE,
};

export type SocialProviderConfig = OidcProviderConfig;
/** Naver is plain OAuth 2.0 with a profile API (social/naver.ts); the others are OpenID Connect. */
export type SocialProviders = Partial<Record<OidcName, OidcProviderConfig>> & { naver?: NaverConfig };

const FLOW_TTL_MS = 10 * 60_000;
/** Where Apple POSTs its answer (response_mode=form_post); the other providers come back to the web page. */
export const APPLE_CALLBACK_PATH = '/api/auth/social/apple/callback';

/** What sign-in and sign-up need from a provider, whichever kind it is. */
interface Person {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}
type SealedIdentity = Person & { provider: SocialName };
type Flow = { name: SocialName; state: string; verifier?: string; nonce?: string };

const fromClaims = (c: IdClaims): Person => ({
  sub: c.sub,
  email: c.email,
  // Apple says 'false' as a string; a provider that says nothing vouches for its own address.
  emailVerified: c.email_verified !== false && c.email_verified !== 'false',
  name: c.nickname ?? c.name,
});
const fromNaver = (p: NaverProfile): Person => ({ sub: p.sub, email: p.email, emailVerified: true, name: p.nickname ?? p.name });

function nicknameFrom(name: string | undefined): string {
  const letters = (name ?? '').replace(/[^가-힣a-zA-Z]/g, '').slice(0, 10);
  return letters.length >= 2 ? letters : '비상회원';
}

/**
 * Social sign-in (SECURITY.md 7; decision 0017). Kakao, Google and Apple through openid-client
 * (state + S256 PKCE + nonce on the web flow) with ID tokens verified by jose against the provider's
 * keys; Naver (OAuth 2.0 only) with state and its profile API. Members are keyed on provider +
 * subject, never on email.
 *
 * The web flow ends in our own sealed identity (10 minutes), which the page sends as identityToken;
 * the mobile apps send the provider's ID token — or, for Naver, a Naver access token, checked by
 * asking Naver's profile API who owns it.
 */
export function createSocialService(deps: {
  providers: SocialProviders;
  users: UsersRepository;
  auth: AuthService;
  clock: Clock;
  secret: Parameters<typeof encrypt>[0];
  publicUrl: string;
}) {
  const { providers, users, auth, clock, publicUrl } = deps;
  const sealer = createSealer(deps.secret, clock);
  const typeToName = new Map(Object.entries(SOCIAL_TYPES).map(([name, type]) => [type, name as SocialName]));
  const oidcProviders = new Map<OidcName, OidcProvider>();
  for (const name of ['kakao', 'google', 'apple'] as const) {
    const c = providers[name];
    if (c) oidcProviders.set(name, createOidcProvider(name, c, clock));
  }
  const naver = providers.naver ? createNaverProvider(providers.naver) : undefined;

  const notConfigured = () => new AppError(404, 'notFound', 'PROVIDER_NOT_CONFIGURED');
  function oidc(name: OidcName): OidcProvider {
    const provider = oidcProviders.get(name);
    if (!provider) throw notConfigured();
    return provider;
  }
  function naverProvider() {
    if (!naver) throw notConfigured();
    return naver;
  }
  const redirectUri = (name: SocialName) =>
    name === 'apple' ? `${publicUrl}${APPLE_CALLBACK_PATH}` : `${publicUrl}/auth/callback/${name}`;
  const invalidState = () => new AppError(400, 'invalidInput', 'INVALID_STATE');
  const invalidToken = () => new AppError(401, 'sessionExpired', 'INVALID_IDENTITY_TOKEN');
  const down = () => new AppError(502, 'socialProviderDown', 'PROVIDER_ERROR');

  /** identityToken → the person: our sealed identity from the web flow, else the provider's own token. */
  async function personOf(socialType: number, identityToken: string): Promise<Person> {
    const name = typeToName.get(socialType);
    if (!name) throw new AppError(400, 'invalidInput', 'BAD_REQUEST');
    const opened = sealer.open<SealedIdentity>('social-identity', identityToken);
    if (opened.ok) {
      if (opened.value.provider !== name) throw invalidToken();
      return opened.value;
    }
    // Ours but expired or of another kind: refused here, never shown to a provider.
    if (opened.ours) throw invalidToken();
    try {
      return name === 'naver'
        ? fromNaver(await naverProvider().profile(identityToken))
        : fromClaims(await oidc(name).verify(identityToken));
    } catch (error) {
      if (error instanceof ProviderError) throw error.kind === 'unreachable' ? down() : invalidToken();
      throw error;
    }
  }

  return {
    configured: (): SocialName[] => (Object.keys(providers) as SocialName[]).filter((n) => providers[n]),

    /** Where to send the browser, and the sealed flow to keep in an HttpOnly cookie. */
    async authorize(name: SocialName): Promise<{ url: string; flow: string }> {
      const state = randomState();
      if (name === 'naver') {
        // Naver supports no PKCE and no nonce: the state in the sealed cookie is the whole guard.
        const url = naverProvider().authorizationUrl(redirectUri(name), state);
        return { url, flow: sealer.seal('social-flow', { name, state } satisfies Flow, FLOW_TTL_MS) };
      }
      const verifier = randomPKCECodeVerifier();
      const nonce = randomNonce();
      let url: string;
      try {
        url = await oidc(name).authorizationUrl(redirectUri(name), {
          state,
          nonce,
          codeChallenge: await calculatePKCECodeChallenge(verifier),
        });
      } catch (error) {
        if (error instanceof ProviderError) throw down();
        throw error;
      }
      return { url, flow: sealer.seal('social-flow', { name, state, verifier, nonce } satisfies Flow, FLOW_TTL_MS) };
    },

    /**
     * Apple's form POST, which no cookie of ours reaches (a cross-site POST carries no SameSite=Lax
     * cookie): what Apple sent is sealed for the page, and the page's same-site call to `exchange`
     * then checks it against the flow cookie as for every provider. Returns where to send the browser.
     */
    appleFormPost(form: { code?: string; state?: string; user?: string; error?: string }): string {
      const back = new URL(`${publicUrl}/auth/callback/apple`);
      if (form.error || !form.code || !form.state) {
        back.searchParams.set('error', form.error ? form.error.replace(/[^\w-]/g, '').slice(0, 60) : 'invalid_request');
        return back.href;
      }
      const handle = { code: form.code, state: form.state, name: appleName(form.user) };
      back.searchParams.set('code', sealer.seal('apple-form-post', handle, FLOW_TTL_MS));
      back.searchParams.set('state', form.state);
      return back.href;
    },

    /** The callback: the state must match the sealed flow; the code is exchanged (with the PKCE verifier). Returns our sealed identity. */
    async exchange(
      name: SocialName,
      response: { code: string; state: string; iss?: string },
      flowCookie: string | undefined,
    ): Promise<string> {
      if (name === 'naver') naverProvider();
      else oidc(name); // 404 first when the provider is off
      const opened = sealer.open<Flow>('social-flow', flowCookie);
      if (!opened.ok || opened.value.name !== name || opened.value.state !== response.state) throw invalidState();
      const flow = opened.value;
      let code = response.code;
      let nameFromApple: string | undefined;
      if (name === 'apple') {
        const posted = sealer.open<{ code: string; state: string; name?: string }>('apple-form-post', response.code);
        if (!posted.ok || posted.value.state !== flow.state) throw invalidState();
        code = posted.value.code;
        nameFromApple = posted.value.name;
      }
      let person: Person;
      try {
        if (name === 'naver')
          person = fromNaver(await naverProvider().exchange(redirectUri(name), { code, state: response.state }, flow.state));
        else {
          const pkce = { state: flow.state, verifier: flow.verifier ?? '', nonce: flow.nonce ?? '' };
          person = fromClaims(await oidc(name).exchange(redirectUri(name), { ...response, code }, pkce));
        }
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.kind === 'unreachable') throw down();
        throw new AppError(400, 'socialLoginFailed', error.kind === 'refused' ? 'PROVIDER_REFUSED' : 'INVALID_IDENTITY_TOKEN');
      }
      // Apple names a person on the first sign-in only, in the form post, never in the ID token.
      if (nameFromApple) person.name = nameFromApple;
      return sealer.seal('social-identity', { ...person, provider: name } satisfies SealedIdentity, FLOW_TTL_MS);
    },

    async signIn(socialType: number, identityToken: string): Promise<TokenPair> {
      const person = await personOf(socialType, identityToken);
      const user = await users.findBySocial(socialType, person.sub);
      if (!user) throw new AppError(404, 'notMember', 'FAIL_NOT_FOUND');
      if (user.sanction_state === SanctionState.SUSPEND) throw new AppError(403, 'suspended', 'SUSPENDED');
      return auth.issueFor(user.id);
    },

    async signUp(socialType: number, identityToken: string, flags: { marketing: boolean; nighttime: boolean }): Promise<TokenPair> {
      const person = await personOf(socialType, identityToken);
      if (await users.findBySocial(socialType, person.sub)) throw new AppError(409, 'alreadyMember', 'FAIL_HAS_SNS_USER');
      const email = person.email && person.emailVerified && !(await users.emailTaken(person.email)) ? person.email : null;
      const member = { provider: socialType, socialSubject: person.sub, nickname: nicknameFrom(person.name), ...flags, at: clock.now() };
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
