import { hostname, userInfo } from 'node:os';
import { isStaffRole, type StaffRole } from '@beesang/contract';
import { createAuditRepository } from '../modules/staff/audit.repository.ts';
import type { Db } from './database.ts';

/** Who ran a command on a server: the operating-system user and the host, as the audit log names them. */
export interface CommandLineActor {
  osUser: string;
  host: string;
}

/**
 * The operating-system user running this process, and the host. A container may run under a uid
 * with no name in /etc/passwd, where `userInfo()` throws: then USER or LOGNAME, as the shell knows it.
 */
export function commandLineActor(env: NodeJS.ProcessEnv = process.env): CommandLineActor {
  let osUser = '';
  try {
    osUser = userInfo().username;
  } catch {
    // no passwd entry for this uid
  }
  return { osUser: osUser || env.USER || env.LOGNAME || `uid ${process.getuid?.() ?? '?'}`, host: hostname() };
}

/**
 * Gives the member `who` (their number, sign-in id or email) a staff role, or takes it away with
 * null. Returns the member's id, or null when no live member matches. The first operator is made
 * this way (`npm run staff:grant`); after that admins grant roles in the console.
 *
 * The change and its audit entry are one transaction (issue 21): the entry names no member but the
 * operating-system user and host that ran the command (`by`), since whoever holds a shell on a
 * server and the database's address could otherwise make an operator without a trace.
 */
export async function setStaffRole(
  db: Db,
  who: string,
  role: StaffRole | null,
  by: CommandLineActor = commandLineActor(),
  at: Date = new Date(),
): Promise<number | null> {
  const audit = createAuditRepository(db);
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
    if (!row) return null;
    // A role change ends the member's sessions (issue 13 §2): they sign in again under the new role.
    await tx.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', row.id).where('revoked_at', 'is', null).execute();
    await audit.record(tx, {
      staffUserId: null,
      actor: `cli:${by.osUser}@${by.host}`,
      action: 'member.role',
      targetType: 'USER',
      targetId: row.id,
      detail: JSON.stringify({ role, via: 'staff:grant', osUser: by.osUser }),
      ip: '',
      at,
    });
    return row.id;
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
