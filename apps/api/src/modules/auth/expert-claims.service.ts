import type { Db } from '../../db/database.ts';
import type { UsersRepository } from './users.repository.ts';

/**
 * The members' expert claims as stored on their rows (decision 0016): the auth module owns the
 * users table, so the expert module's rules write through here. The rules themselves (who may
 * send a proof, what a decision needs, the audit) live in modules/expert.
 */
export function createExpertClaimsService(deps: { users: UsersRepository }) {
  const { users } = deps;
  return {
    claim: (userId: number) => users.expertClaim(userId),
    submitProof: (userId: number, proofUrl: string, at: Date) => users.submitExpertProof(userId, proofUrl, at),
    decide: (tx: Db, d: Parameters<UsersRepository['decideExpert']>[1]) => users.decideExpert(tx, d),
    queue: (page: number, size: number) => users.expertQueue(page, size),
  };
}
export type ExpertClaimsService = ReturnType<typeof createExpertClaimsService>;
