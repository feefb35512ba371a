import type { Clock } from '../../lib/clock.ts';
import { encrypt, keyedHash, randomToken, tokenHash } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { IdentityRepository } from './identity.repository.ts';

const REQUEST_TTL_MS = 10 * 60_000;

/** Where a verification happens. The simulated provider is ours; a real one (e.g. PortOne) plugs in here. */
export interface IdentityProvider {
  name: string;
  startUrl(requestToken: string): string;
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
 * encrypted and never logged; the DI (a keyed hash of it) finds duplicate accounts.
 */
export function createIdentityService(deps: { repo: IdentityRepository; clock: Clock; secret: string; provider?: IdentityProvider }) {
  const { repo, clock, secret } = deps;
  const provider = deps.provider ?? simulatedProvider;

  async function completedRequest(token: string) {
    const row = await repo.find(tokenHash(token));
    const now = clock.now();
    if (!row) throw new AppError(404, 'identityNotFinished', 'IDENTITY_NOT_FOUND');
    if (row.used_at || row.expires_at.getTime() <= now.getTime()) throw new AppError(410, 'identityExpired', 'IDENTITY_EXPIRED');
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
      const ok = await repo.complete(tokenHash(token), {
        ciEnc: encrypt(secret, ci),
        diHash: keyedHash(secret, 'di', ci),
        name: person.name,
        at: clock.now(),
      });
      if (!ok) throw new AppError(410, 'identityExpired', 'IDENTITY_EXPIRED');
    },

    /** Makes the member REGULAR with the verified identity; one identity, one account. */
    async verify(userId: number, token: string): Promise<void> {
      const row = await completedRequest(token);
      if (row.user_id !== userId) throw new AppError(404, 'identityNotFinished', 'IDENTITY_NOT_FOUND');
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
