import { SanctionState, type StaffRole } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TokensRepository } from './session/tokens.repository.ts';
import { assertOutranks, type Operator } from './staff-rank.ts';
import type { UsersRepository } from './users.repository.ts';

export interface SanctionInput {
  userId: number;
  state: number;
  reason: string;
  /** When the sanction lifts by itself; null for one that lasts until an operator lifts it. */
  endsAt: Date | null;
  /** The operator who decided it, who must outrank the member (null for the system). */
  by: Operator | null;
}

/**
 * Sanctions (issue 10 §3): the member's sanction in force changes at once, the history keeps every
 * decision, and a suspension ends every session: refresh tokens are revoked here and access tokens
 * stop working on the next request because every request loads the member's current state.
 */
export function createSanctionService(deps: {
  db: Db;
  users: UsersRepository;
  tokens: TokensRepository;
  clock: Clock;
  events: DomainEventBus;
}) {
  const { db, users, tokens, clock } = deps;
  return {
    async apply(input: SanctionInput, tx?: Db): Promise<void> {
      const run = async (t: Db) => {
        const at = clock.now();
        if (input.by) await assertOutranks(users, t, input.by, input.userId);
        if (!(await users.setSanction(t, { ...input, by: input.by?.id ?? null, at }))) throw new NotFoundError('memberNotFound');
        if (input.state === SanctionState.SUSPEND) await tokens.revokeUser(input.userId, at, t);
        await deps.events.emit(t, 'sanction.applied', {
          userId: input.userId,
          state: input.state,
          endsAt: input.endsAt,
          reason: input.reason,
        });
      };
      if (tx) await run(tx);
      else await unitOfWork(db, run);
    },
    history: (userId: number) => users.sanctionHistory(userId),

    /** Ends every session now: refresh tokens revoked, access tokens issued before this second refused. */
    async revokeSessions(operator: Operator, userId: number, tx: Db): Promise<void> {
      await assertOutranks(users, tx, operator, userId);
      const at = clock.now();
      if (!(await users.revokeSessions(tx, userId, at))) throw new NotFoundError('memberNotFound');
      await tokens.revokeUser(userId, at, tx);
    },

    /** Gives or takes a staff role (the console's admins decide; the first one is made by `staff:grant`). */
    async setRole(operator: Operator, userId: number, role: StaffRole | null, tx: Db): Promise<void> {
      await assertOutranks(users, tx, operator, userId);
      if (!(await users.setRole(tx, userId, role))) throw new NotFoundError('memberNotFound');
      // What a session may do changed: it ends, and the member signs in again under the new role.
      await tokens.revokeUser(userId, clock.now(), tx);
    },
  };
}
export type SanctionService = ReturnType<typeof createSanctionService>;
