import type { Db } from './database.ts';

/**
 * Grants or revokes the operator role of the member whose sign-in id or email is `who`. Returns
 * the member's id, or null when no live member has that id or email.
 */
export async function setStaffRole(db: Db, who: string, role: 'ADMIN' | null): Promise<number | null> {
  const needle = who.trim().toLowerCase();
  const row = await db
    .updateTable('users')
    .set({ staff_role: role })
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb(eb.fn('lower', ['login_id']), '=', needle), eb(eb.fn('lower', ['email']), '=', needle)]))
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
