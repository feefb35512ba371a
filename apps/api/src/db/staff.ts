import { isStaffRole, type StaffRole } from '@beesang/contract';
import type { Db } from './database.ts';

/**
 * Gives the member `who` (their number, sign-in id or email) a staff role, or takes it away with
 * null. Returns the member's id, or null when no live member matches. The first operator is made
 * this way (`npm run staff:grant`); after that admins grant roles in the console.
 */
export async function setStaffRole(db: Db, who: string, role: StaffRole | null): Promise<number | null> {
  const needle = who.trim().toLowerCase();
  const id = /^\d{1,9}$/.test(needle) ? Number(needle) : null;
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('users')
      .set({ staff_role: role })
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          ...(id !== null ? [eb('id', '=', id)] : []),
          eb(eb.fn('lower', ['login_id']), '=', needle),
          eb(eb.fn('lower', ['email']), '=', needle),
        ]),
      )
      .returning('id')
      .executeTakeFirst();
    // A role change ends the member's sessions (issue 13 §2): they sign in again under the new role.
    if (row)
      await tx
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', row.id)
        .where('revoked_at', 'is', null)
        .execute();
    return row?.id ?? null;
  });
}

/**
 * The arguments of `npm run staff:grant -- <who> [--role ROLE] [--revoke]`, in any order: ADMIN
 * unless --role names another; null when they do not make sense (no member, an unknown role).
 */
export function parseStaffGrantArgs(args: readonly string[]): { who: string; role: StaffRole | null } | null {
  const revoke = args.includes('--revoke');
  const roleAt = args.indexOf('--role');
  const role = roleAt >= 0 ? args[roleAt + 1]?.toUpperCase() : 'ADMIN';
  const rest = args.filter((a, i) => !a.startsWith('--') && !(roleAt >= 0 && i === roleAt + 1));
  const [who] = rest;
  if (rest.length !== 1 || !who || !isStaffRole(role)) return null;
  return { who, role: revoke ? null : role };
}
