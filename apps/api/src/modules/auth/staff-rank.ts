import { outranks, type StaffRole } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { UsersRepository } from './users.repository.ts';

/** An operator acting on a member: who, and the role they act with. */
export interface Operator {
  id: number;
  role: StaffRole;
}

/**
 * The staff hierarchy, checked in the transaction of the change (issue 21): the target's role is
 * read and locked, so a role given meanwhile cannot slip past. 403 unless the operator outranks the
 * member; a member who does not exist is left to the change itself, which answers 404.
 */
export async function assertOutranks(users: UsersRepository, tx: Db, operator: Operator, targetId: number): Promise<void> {
  const target = await users.staffRoleForUpdate(tx, targetId);
  if (target && !outranks(operator.role, target.staff_role)) throw new AppError(403, 'staffOutranked', 'STAFF_OUTRANKED');
}
