import type { StaffRole } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

export interface AuditEntry {
  /** The operator signed in to the console; null when the command line acted (then `actor` says who). */
  staffUserId: number | null;
  /** Who acted outside the console: 'cli:<os user>@<host>' (commandLineActor in db/staff.ts). */
  actor?: string | null;
  action: string;
  targetType: string;
  targetId: string | number;
  detail: string;
  ip: string;
  at: Date;
}

export interface AuditFilter {
  staffUserId?: number;
  targetType?: string;
  targetId?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

/** The audit log's only writer: one insert in the caller's transaction; nothing ever changes a row. */
export function createAuditRepository(db: Db) {
  const filtered = (f: AuditFilter) => {
    // A left join: an entry the command line wrote names no member.
    let q = db.selectFrom('audit_log as a').leftJoin('users as u', 'u.id', 'a.staff_user_id');
    if (f.staffUserId !== undefined) q = q.where('a.staff_user_id', '=', f.staffUserId);
    if (f.targetType !== undefined) q = q.where('a.target_type', '=', f.targetType);
    if (f.targetId !== undefined) q = q.where('a.target_id', '=', f.targetId);
    if (f.action !== undefined) q = q.where('a.action', '=', f.action);
    if (f.from !== undefined) q = q.where('a.at', '>=', f.from);
    if (f.to !== undefined) q = q.where('a.at', '<', f.to);
    return q;
  };
  return {
    async record(tx: Db, e: AuditEntry): Promise<void> {
      await tx
        .insertInto('audit_log')
        .values({
          staff_user_id: e.staffUserId,
          actor: e.actor ?? null,
          action: e.action,
          target_type: e.targetType,
          target_id: String(e.targetId),
          detail: e.detail,
          ip: e.ip,
          at: e.at,
        })
        .execute();
    },
    async list(f: AuditFilter, page: number, size: number) {
      const [rows, count] = await Promise.all([
        filtered(f)
          .select([
            'a.id',
            'a.staff_user_id',
            'u.nickname as staff_nickname',
            'a.actor',
            'a.action',
            'a.target_type',
            'a.target_id',
            'a.detail',
            'a.ip',
            'a.at',
          ])
          .orderBy('a.at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        filtered(f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** Who acts, with which role, from where: every change is written down with who and where. */
export interface Actor {
  id: number;
  role: StaffRole;
  ip: string;
}

/** Runs an operator's change and writes its audit entry in one transaction: both or neither. */
export function auditedChange(db: Db, audit: AuditRepository, now: () => Date) {
  type Entry = { action: string; targetType: string; targetId: number | string; detail: object };
  return async <T>(actor: Actor, entry: Entry | ((result: T) => Entry), work: (tx: Db) => Promise<T>) =>
    unitOfWork(db, async (tx) => {
      const result = await work(tx);
      const e = typeof entry === 'function' ? entry(result) : entry;
      await audit.record(tx, { staffUserId: actor.id, ...e, detail: JSON.stringify(e.detail), ip: actor.ip, at: now() });
      return result;
    });
}
