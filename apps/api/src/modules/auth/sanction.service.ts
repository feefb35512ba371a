import { SanctionState, type StaffRole } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TokensRepository } from './session/tokens.repository.ts';
import type { UsersRepository } from './users.repository.ts';

export interface SanctionInput {
  userId: number;
  state: number;
  reason: string;
  /** When the sanction lifts by itself; null for one that lasts until an operator lifts it. */
  endsAt: Date | null;
  /** The operator who decided it (null for the system). */
  by: number | null;
}

/**
 * Sanctions (issue 10 §3): the member's sanction in force changes at once, the history keeps every
 * decision, and a suspension ends every session: refresh tokens are revoked here and access tokens
 * stop working on the next request because every request loads the member's current state.
 */
export function createSanctionService(deps: { db: Db; users: UsersRepository; tokens: TokensRepository; clock: Clock }) {
  const { db, users, tokens, clock } = deps;
  return {
    async apply(input: SanctionInput, tx?: Db): Promise<void> {
      const run = async (t: Db) => {
        const at = clock.now();
        if (!(await users.setSanction(t, { ...input, at }))) throw new NotFoundError('memberNotFound');
        if (input.state === SanctionState.SUSPEND) await tokens.revokeUser(input.userId, at, t);
      };
      if (tx) await run(tx);
      else await db.transaction().execute(run);
    },
    history: (userId: number) => users.sanctionHistory(userId),

    /** Ends every session now: refresh tokens revoked, access tokens issued before this second refused. */
    async revokeSessions(userId: number, tx: Db): Promise<void> {
      const at = clock.now();
      if (!(await users.revokeSessions(tx, userId, at))) throw new NotFoundError('memberNotFound');
      await tokens.revokeUser(userId, at, tx);
    },

    /** Gives or takes a staff role (the console's admins decide; the first one is made by `staff:grant`). */
    async setRole(userId: number, role: StaffRole | null, tx: Db): Promise<void> {
      if (!(await users.setRole(tx, userId, role))) throw new NotFoundError('memberNotFound');
      // What a session may do changed: it ends, and the member signs in again under the new role.
      await tokens.revokeUser(userId, clock.now(), tx);
    },
  };
}
export type SanctionService = ReturnType<typeof createSanctionService>;
