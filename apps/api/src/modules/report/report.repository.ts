import { ReportStatus } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type ReportKind = 'trade' | 'opinion';

export function createReportRepository(db: Db) {
  return {
    /** Which of `ids` the member has reported. */
    async reportedBy(userId: number, kind: ReportKind, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('reports')
        .select('target_id')
        .where('reporter_id', '=', userId)
        .where('target_type', '=', kind)
        .where('target_id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => Number(r.target_id)));
    },

    /** Per member: how many of their listings and opinions operators upheld a report against. */
    async upheldAgainst(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await sql<{ user_id: number; n: number }>`
        select owner as user_id, count(distinct (target_type, target_id))::int as n from (
          select r.target_type, r.target_id, t.user_id as owner from reports r
            join trades t on r.target_type = 'trade' and t.id = r.target_id
            where r.status = ${ReportStatus.UPHELD}
          union all
          select r.target_type, r.target_id, o.user_id as owner from reports r
            join opinions o on r.target_type = 'opinion' and o.id = r.target_id
            where r.status = ${ReportStatus.UPHELD}
        ) upheld
        where owner in (${sql.join(userIds)})
        group by owner`.execute(db);
      return new Map(rows.rows.map((r) => [Number(r.user_id), Number(r.n)]));
    },

    /** One report per member and target; undefined when this member already reported it. */
    async insert(
      exec: Db,
      r: { reporterId: number; kind: ReportKind; targetId: number; reason: number; detail: string; at: Date },
    ): Promise<number | undefined> {
      const row = await exec
        .insertInto('reports')
        .values({
          reporter_id: r.reporterId,
          target_type: r.kind,
          target_id: r.targetId,
          reason: r.reason,
          detail: r.detail,
          created_at: r.at,
        })
        .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
