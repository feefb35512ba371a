import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** The only writer of deal_reviews: one review per side of a confirmed deal (issue 22 §3). */
export function createReviewsRepository(db: Db) {
  return {
    /** Per member: deals both sides confirmed, and the reviews others left about them. */
    async trustOf(userIds: number[]): Promise<Map<number, { confirmed: number; good: number; bad: number }>> {
      const found = new Map<number, { confirmed: number; good: number; bad: number }>();
      if (userIds.length === 0) return found;
      const [confirmed, reviews] = await Promise.all([
        sql<{ user_id: number; n: number }>`
          select user_id, count(*)::int as n from (
            select seller_id as user_id from deals where status = 'CONFIRMED' and seller_id in (${sql.join(userIds)})
            union all
            select buyer_id from deals where status = 'CONFIRMED' and buyer_id in (${sql.join(userIds)})
          ) sides group by user_id`.execute(db),
        db
          .selectFrom('deal_reviews')
          .select([
            'reviewee_id',
            sql<number>`count(*) filter (where good)::int`.as('good'),
            sql<number>`count(*) filter (where not good)::int`.as('bad'),
          ])
          .where('reviewee_id', 'in', userIds)
          .groupBy('reviewee_id')
          .execute(),
      ]);
      const of = (id: number) => {
        const t = found.get(id) ?? { confirmed: 0, good: 0, bad: 0 };
        found.set(id, t);
        return t;
      };
      for (const r of confirmed.rows) of(r.user_id).confirmed = Number(r.n);
      for (const r of reviews) Object.assign(of(r.reviewee_id), { good: Number(r.good), bad: Number(r.bad) });
      return found;
    },

    async insert(
      tx: Db,
      r: { dealId: number; reviewerId: number; revieweeId: number; good: boolean; tags: string[]; text: string; at: Date },
    ) {
      const row = await tx
        .insertInto('deal_reviews')
        .values({
          deal_id: r.dealId,
          reviewer_id: r.reviewerId,
          reviewee_id: r.revieweeId,
          good: r.good,
          tags: r.tags,
          text: r.text,
          created_at: r.at,
        })
        .onConflict((oc) => oc.columns(['deal_id', 'reviewer_id']).doNothing())
        .returning('deal_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of `dealIds` the member has reviewed already. */
    async reviewedBy(reviewerId: number, dealIds: number[]): Promise<Set<number>> {
      if (dealIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('deal_reviews')
        .select('deal_id')
        .where('reviewer_id', '=', reviewerId)
        .where('deal_id', 'in', dealIds)
        .execute();
      return new Set(rows.map((r) => Number(r.deal_id)));
    },

    /** A member's reviews, newest first, with each reviewer's public face. */
    async about(userId: number, limit: number) {
      return db
        .selectFrom('deal_reviews as r')
        .innerJoin('users as u', 'u.id', 'r.reviewer_id')
        .select(['r.good', 'r.tags', 'r.text', 'r.created_at', 'u.id as reviewer_id', 'u.nickname', 'u.profile_image_url', 'u.deleted_at'])
        .where('r.reviewee_id', '=', userId)
        .orderBy('r.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** How often each tag was chosen about a member, and whether with 좋아요. */
    async tagCounts(userId: number) {
      const rows = await sql<{ tag: string; good: boolean; n: number }>`
        select tag, good, count(*)::int as n from deal_reviews, unnest(tags) as tag
        where reviewee_id = ${userId} group by tag, good order by n desc, tag`.execute(db);
      return rows.rows.map((r) => ({ tag: r.tag, good: r.good, count: Number(r.n) }));
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
