import type { Clock } from '../../lib/clock.ts';
import { encrypt, keyedHash, randomToken, tokenHash } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { Keyring } from '../../lib/keyring.ts';
import type { IdentityRepository } from './identity.repository.ts';

const REQUEST_TTL_MS = 10 * 60_000;

/** Who a provider verified: the CI (kept only encrypted, never logged) and the real name. */
export interface VerifiedPerson {
  name: string;
  ci: string;
}

/**
 * Where a verification happens. The simulated provider is ours and is completed through its own
 * test route; a real one (PortOne, portone-provider.ts) answers our server directly.
 */
export interface IdentityProvider {
  name: string;
  /** Where the browser goes for a request (a page of ours that hands off to the provider). */
  startUrl(requestToken: string): string;
  /** Our page at startUrl, when the provider has one; without a token, the page a redirect returns to. */
  page?(requestToken?: string): string;
  /**
   * Server to server: asks the provider who was verified for this request. Throws an AppError
   * when the person has not finished, failed, or the provider cannot be asked.
   */
  fetchResult?(requestToken: string): Promise<VerifiedPerson>;
}

export const simulatedProvider: IdentityProvider = {
  name: 'simulated',
  startUrl: (token) => `/identity/simulated?request=${encodeURIComponent(token)}`,
};

function maskLogin(id: string): string {
  const [local, domain] = id.split('@') as [string, string | undefined];
  const shown = local.slice(0, Math.min(2, local.length));
  return `${shown}${'*'.repeat(Math.max(1, local.length - shown.length))}${domain ? `@${domain}` : ''}`;
}

/**
 * 본인확인: a request per attempt, completed by the provider, used once. The CI is stored
 * encrypted and never logged; the DI (a keyed hash of it) finds duplicate accounts. We key on the
 * CI rather than a provider's own DI: the CI is the same for every provider and channel (PortOne's
 * KG이니시스 channel sends no DI at all), so switching providers keeps duplicates detectable.
 */
export function createIdentityService(deps: {
  repo: IdentityRepository;
  clock: Clock;
  /** Keys lookup hashes (the DI). */
  secret: string;
  /** Seals the CI at rest with the current key (a lone secret: `secret`). */
  keys?: Keyring;
  provider?: IdentityProvider;
}) {
  const { repo, clock, secret } = deps;
  const provider = deps.provider ?? simulatedProvider;

  async function openRequest(token: string) {
    const row = await repo.find(tokenHash(token));
    const now = clock.now();
    if (!row) throw new AppError(404, 'identityNotFinished', 'IDENTITY_NOT_FOUND');
    if (row.used_at || row.expires_at.getTime() <= now.getTime()) throw new AppError(410, 'identityExpired', 'IDENTITY_EXPIRED');
    return row;
  }

  /**
   * Stores a verified identity on the request: the CI encrypted, the DI a keyed hash of the CI. The
   * name is for display (users.real_name holds 20 characters; long foreign names are cut there).
   */
  function store(token: string, person: VerifiedPerson) {
    return repo.complete(tokenHash(token), {
      ciEnc: encrypt(deps.keys ?? secret, person.ci),
      diHash: keyedHash(secret, 'di', person.ci),
      name: [...person.name].slice(0, 20).join(''),
      at: clock.now(),
    });
  }

  /** `owner`: the member who must have started the request (checked before asking the provider). */
  async function completedRequest(token: string, owner?: number) {
    let row = await openRequest(token);
    if (owner !== undefined && row.user_id !== owner) throw new AppError(404, 'identityNotFinished', 'IDENTITY_NOT_FOUND');
    if (!row.completed_at && provider.fetchResult) {
      // A concurrent call may complete it first; either way the row is read again.
      await store(token, await provider.fetchResult(token));
      row = await openRequest(token);
    }
    if (!row.completed_at || !row.ci_enc || !row.di_hash) throw new AppError(409, 'identityNotFinished', 'IDENTITY_NOT_FINISHED');
    return { ...row, ci_enc: row.ci_enc, di_hash: row.di_hash };
  }

  return {
    provider: provider.name,

    async start(userId: number | null) {
      const token = randomToken();
      const now = clock.now();
      await repo.create({ tokenHash: tokenHash(token), userId, at: now, expiresAt: new Date(now.getTime() + REQUEST_TTL_MS) });
      return { requestId: token, url: provider.startUrl(token) };
    },

    /** The simulated provider's answer: CI and DI derived from what the person typed (test mode only). */
    async completeSimulated(token: string, person: { name: string; birth: string; phone: string }) {
      const identity = `${person.name}|${person.birth}|${person.phone}`;
      const ci = keyedHash(secret, 'simulated-ci', identity);
      if (!(await store(token, { name: person.name, ci }))) throw new AppError(410, 'identityExpired', 'IDENTITY_EXPIRED');
    },

    /** The provider's page at startUrl (PortOne's hand-off page); 404 for providers without one. */
    page(token?: string): string {
      if (!provider.page) throw new AppError(404, 'notFound', 'NOT_FOUND');
      return provider.page(token);
    },

    /** Makes the member REGULAR with the verified identity; one identity, one account. */
    async verify(userId: number, token: string): Promise<void> {
      const row = await completedRequest(token, userId);
      const other = await repo.userWithDi(row.di_hash);
      if (other && other.id !== userId) throw new AppError(409, 'identityDuplicate', 'DUPLICATE_IDENTITY');
      if (!(await repo.use(tokenHash(token), clock.now()))) throw new AppError(410, 'identityExpired', 'IDENTITY_EXPIRED');
      await repo.markVerified(userId, { ciEnc: row.ci_enc, diHash: row.di_hash, name: row.verified_name ?? '', at: clock.now() });
    },

    /** Finds the account of a verified identity (spec: POST /api/user/find-id {userCi}). */
    async findId(token: string) {
      const row = await completedRequest(token);
      await repo.use(tokenHash(token), clock.now());
      const user = await repo.userWithDi(row.di_hash);
      if (!user) throw new AppError(404, 'identityNoAccount', 'NO_ACCOUNT');
      return {
        userId: user.login_id ? maskLogin(user.login_id) : user.email ? maskLogin(user.email) : '',
        phone: user.phone_masked,
        hasPassword: !!user.login_id,
      };
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
