import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface AccessEntry {
  staffUserId: number;
  targetUserId: number | null;
  action: string;
  detail: string;
  ip: string;
  at: Date;
}

async function insertAccess(exec: Db, entries: AccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await exec
    .insertInto('staff_access_log')
    .values(
      entries.map((e) => ({
        staff_user_id: e.staffUserId,
        target_user_id: e.targetUserId,
        action: e.action,
        detail: e.detail,
        ip: e.ip,
        at: e.at,
      })),
    )
    .execute();
}

export function createStaffRepository(db: Db) {
  return {
    /** What an operator may see of a member: no CI, no hashes, the phone masked as stored. */
    async member(id: number) {
      return db
        .selectFrom('users as u')
        .select([
          'u.id',
          'u.nickname',
          'u.real_name',
          'u.email',
          'u.phone_masked',
          'u.login_provider',
          'u.user_level',
          'u.expert_type',
          'u.sanction_state',
          'u.sanction_ends_at',
          'u.created_at',
          'u.deleted_at',
          sql<boolean>`u.ci_enc is not null`.as('identity_verified'),
          (eb) => eb.selectFrom('trades').select(sql<number>`count(*)::int`.as('n')).whereRef('trades.user_id', '=', 'u.id').as('listings'),
          (eb) =>
            eb
              .selectFrom('reports as r')
              .select(sql<number>`count(*)::int`.as('n'))
              .where((w) =>
                w.or([
                  w.and([
                    w('r.target_type', '=', 'trade'),
                    w('r.target_id', 'in', w.selectFrom('trades').select('id').whereRef('trades.user_id', '=', 'u.id')),
                  ]),
                  w.and([
                    w('r.target_type', '=', 'opinion'),
                    w('r.target_id', 'in', w.selectFrom('opinions').select('id').whereRef('opinions.user_id', '=', 'u.id')),
                  ]),
                ]),
              )
              .as('reports_received'),
        ])
        .where('u.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Members matching a console search: their number, a nickname part, the start of an email or
     * sign-in id, or the last four digits of a phone.
     */
    async searchMembers(query: string, page: number, size: number) {
      const q = query.trim().toLowerCase();
      const like = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
      const base = db.selectFrom('users as u').where((eb) => {
        const any = [
          eb(sql`lower(u.nickname)`, 'like', `%${like}%`),
          eb(sql`lower(u.email)`, 'like', `${like}%`),
          eb(sql`lower(u.login_id)`, 'like', `${like}%`),
        ];
        if (/^\d{4}$/.test(q)) any.push(eb(sql`right(u.phone_masked, 4)`, '=', q));
        if (/^\d{1,9}$/.test(q)) any.push(eb('u.id', '=', Number(q)));
        return eb.or(any);
      });
      const [rows, count] = await Promise.all([
        base
          .select([
            'u.id',
            'u.nickname',
            'u.email',
            'u.phone_masked',
            'u.user_level',
            'u.sanction_state',
            'u.sanction_ends_at',
            'u.staff_role',
            'u.created_at',
            'u.deleted_at',
          ])
          .orderBy('u.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async log(entry: AccessEntry): Promise<void> {
      await insertAccess(db, [entry]);
    },

    /** Access entries written in the caller's transaction: a look that is part of an audited unit of work. */
    logEach: (tx: Db, entries: AccessEntry[]) => insertAccess(tx, entries),

    async accessLog(page: number, size: number, targetUserId?: number) {
      let q = db.selectFrom('staff_access_log');
      if (targetUserId !== undefined) q = q.where('target_user_id', '=', targetUserId);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
