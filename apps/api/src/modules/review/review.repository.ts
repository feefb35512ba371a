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
