import type { Db } from '../../db/database.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { assertOutranks, type Operator } from './staff-rank.ts';
import type { UsersRepository } from './users.repository.ts';

/**
 * The members' expert claims as stored on their rows (decision 0016): the auth module owns the
 * users table, so the expert module's rules write through here. The rules themselves (who may
 * send a proof, what a decision needs, the audit) live in modules/expert.
 */
export function createExpertClaimsService(deps: { users: UsersRepository; events: DomainEventBus }) {
  const { users } = deps;
  return {
    claim: (userId: number) => users.expertClaim(userId),
    submitProof: (userId: number, proofUrl: string, at: Date) => users.submitExpertProof(userId, proofUrl, at),
    /** An operator's decision on the claim: only on a member they outrank (issue 21). */
    async decide(tx: Db, operator: Operator, d: Parameters<UsersRepository['decideExpert']>[1]) {
      await assertOutranks(users, tx, operator, d.userId);
      const decided = await users.decideExpert(tx, d);
      if (decided)
        await deps.events.emit(tx, 'expert.decided', { userId: d.userId, approved: d.status === 'APPROVED', reason: d.reason ?? '' });
      return decided;
    },
    queue: (page: number, size: number) => users.expertQueue(page, size),
  };
}
export type ExpertClaimsService = ReturnType<typeof createExpertClaimsService>;
