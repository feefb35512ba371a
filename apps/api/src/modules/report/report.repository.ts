import { ReportStatus } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type ReportKind = 'trade' | 'opinion' | 'conversation';

export function createReportRepository(db: Db) {
  return {
    /** Every target of `kind` the member has reported (rate-limited, so a short list). */
    async reportedAll(userId: number, kind: ReportKind): Promise<Set<number>> {
      const rows = await db
        .selectFrom('reports')
        .select('target_id')
        .where('reporter_id', '=', userId)
        .where('target_type', '=', kind)
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

    /**
     * Reports grouped by what they are about (issue 11 §2): how many, for which reasons, since when,
     * with the target's content and author. OPEN waits longest first; RESOLVED newest first. A
     * conversation (issue 22 §4) is described by its listing and length, never by its messages: an
     * operator reads those on purpose, and each reading is audited.
     */
    async groups(open: boolean, kind: ReportKind | undefined, page: number, size: number) {
      const statuses = open ? [ReportStatus.OPEN] : [ReportStatus.DISMISSED, ReportStatus.UPHELD];
      const where = sql`r.status in (${sql.join(statuses)})${kind ? sql` and r.target_type = ${kind}` : sql``}`;
      const [rows, count] = await Promise.all([
        sql<{
          target_type: ReportKind;
          target_id: string;
          count: number;
          reasons: number[];
          details: string[];
          first_at: Date;
          last_at: Date;
          status: number;
          author_id: number | null;
          author_nickname: string | null;
          content: string | null;
          target_status: number | null;
        }>`
          select g.target_type, g.target_id, g.count, g.reasons, g.details, g.first_at, g.last_at, g.status,
            u.id as author_id, u.nickname as author_nickname,
            case g.target_type
              when 'trade' then c.name || ' · ' || case t.trade_type when 1 then '매수' else '매도' end || ' ' || to_char(t.stock_count, 'FM999,999,999,999,999') || '주 × ' || to_char(t.stock_per_price, 'FM999,999,999') || '원'
              when 'conversation' then '대화 · ' || cc.name || ' ' || case ct.trade_type when 1 then '매수' else '매도' end || ' 매물 ' || ct.id || '번 · 메시지 '
                || to_char((select count(*) from messages m where m.conversation_id = cv.id), 'FM999,999,999') || '개'
              else o.body end as content,
            case g.target_type
              when 'trade' then t.status
              -- A conversation is never hidden: upholding a report on it sanctions the member instead.
              when 'conversation' then 11
              else case when o.deleted_at is null then 11 else o.status end end as target_status
          from (
            select r.target_type, r.target_id, count(*)::int as count, array_agg(r.reason order by r.created_at) as reasons,
              array_remove(array_agg(r.detail order by r.created_at), '') as details,
              min(r.created_at) as first_at, max(r.created_at) as last_at, max(r.status) as status,
              (array_agg(r.reporter_id order by r.created_at, r.id))[1] as first_reporter
            from reports r where ${where}
            group by r.target_type, r.target_id
          ) g
          left join trades t on g.target_type = 'trade' and t.id = g.target_id
          left join companies c on c.id = t.company_id
          left join opinions o on g.target_type = 'opinion' and o.id = g.target_id
          left join conversations cv on g.target_type = 'conversation' and cv.id = g.target_id
          left join trades ct on ct.id = cv.trade_id
          left join companies cc on cc.id = ct.company_id
          -- A conversation's author is the member it was reported about: the side that did not report it first.
          left join users u on u.id = coalesce(t.user_id, o.user_id, case when cv.owner_id = g.first_reporter then cv.member_id else cv.owner_id end)
          order by ${open ? sql`g.first_at asc` : sql`g.last_at desc`}, g.target_id
          limit ${size} offset ${(page - 1) * size}`.execute(db),
        sql<{ n: number; oldest: Date | null }>`
          select count(*)::int as n, min(first_at) as oldest from (
            select min(r.created_at) as first_at from reports r where ${where} group by r.target_type, r.target_id
          ) g`.execute(db),
      ]);
      const summary = count.rows[0];
      return { rows: rows.rows, total: Number(summary?.n ?? 0), oldest: summary?.oldest ? new Date(summary.oldest) : null };
    },

    /** Who reported a target and awaits the outcome (its open reports). */
    async openReporters(exec: Db, kind: ReportKind, targetId: number): Promise<number[]> {
      const rows = await exec
        .selectFrom('reports')
        .select('reporter_id')
        .where('target_type', '=', kind)
        .where('target_id', '=', targetId)
        .where('status', '=', ReportStatus.OPEN)
        .execute();
      return rows.map((r) => r.reporter_id);
    },

    /** Who reported a target (in the caller's transaction). */
    async reporters(exec: Db, kind: ReportKind, targetId: number): Promise<number[]> {
      const rows = await exec
        .selectFrom('reports')
        .select('reporter_id')
        .where('target_type', '=', kind)
        .where('target_id', '=', targetId)
        .execute();
      return rows.map((r) => r.reporter_id);
    },

    /** Closes every open report on a target, in the caller's transaction; how many it closed. */
    async resolveTarget(tx: Db, kind: ReportKind, targetId: number, status: number): Promise<number> {
      const r = await tx
        .updateTable('reports')
        .set({ status })
        .where('target_type', '=', kind)
        .where('target_id', '=', targetId)
        .where('status', '=', ReportStatus.OPEN)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
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
