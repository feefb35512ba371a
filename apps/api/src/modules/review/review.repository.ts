import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface ReviewItem {
  kind: 'SCAM_TEXT' | 'BROKER_PATTERN';
  targetType: 'OPINION' | 'USER';
  targetId: number;
  userId: number;
  reasons: string[];
  at: Date;
}

/** The review queue's only writer. */
export function createReviewRepository(db: Db) {
  return {
    /** Queues an item in the caller's transaction; false when the same item is already open. */
    async enqueue(tx: Db, item: ReviewItem): Promise<boolean> {
      const row = await tx
        .insertInto('review_queue')
        .values({
          kind: item.kind,
          target_type: item.targetType,
          target_id: item.targetId,
          user_id: item.userId,
          reasons: item.reasons,
          created_at: item.at,
        })
        .onConflict((oc) => oc.columns(['kind', 'target_type', 'target_id']).where('resolved_at', 'is', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Open items, the longest waiting first, with what operators judge them by: the opinion's text,
     * or an expert's office and introduction; the member's nickname.
     */
    async page(page: number, size: number) {
      const open = () => db.selectFrom('review_queue as q').where('q.resolved_at', 'is', null);
      const [rows, count] = await Promise.all([
        open()
          .innerJoin('users as u', 'u.id', 'q.user_id')
          .leftJoin('opinions as o', (j) => j.on('q.target_type', '=', 'OPINION').onRef('o.id', '=', 'q.target_id'))
          .select([
            'q.id',
            'q.kind',
            'q.target_type',
            'q.target_id',
            'q.user_id',
            'q.reasons',
            'q.created_at',
            'u.nickname',
            sql<string>`case when q.target_type = 'OPINION' then coalesce(o.body, '')
              when q.kind = 'SCAM_TEXT' then concat_ws(' · ', nullif(u.office_name, ''), nullif(u.introduction, ''))
              else '' end`.as('content'),
            sql<boolean>`q.target_type <> 'OPINION' or (o.id is not null and o.deleted_at is null)`.as('visible'),
          ])
          .orderBy('q.created_at', 'asc')
          .orderBy('q.id', 'asc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        open()
          .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`min(q.created_at)`.as('oldest')])
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n), oldest: count.oldest ? new Date(count.oldest) : null };
    },

    /** Closes an open item in the caller's transaction; the item, or undefined when it was not open. */
    async resolve(tx: Db, id: number, by: number, at: Date) {
      return tx
        .updateTable('review_queue')
        .set({ resolved_at: at, resolved_by: by })
        .where('id', '=', id)
        .where('resolved_at', 'is', null)
        .returning(['kind', 'target_type', 'target_id', 'user_id'])
        .executeTakeFirst();
    },

    async open(limit: number) {
      return db
        .selectFrom('review_queue')
        .select(['id', 'kind', 'target_type', 'target_id', 'user_id', 'reasons', 'created_at'])
        .where('resolved_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
