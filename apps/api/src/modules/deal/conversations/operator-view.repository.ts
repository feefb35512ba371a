import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/**
 * What operators read of conversations (issue 22 §4); it writes nothing. A reported conversation
 * with its listing and both members, in the caller's (audited) transaction; and how many messages
 * were shown with the caution line lately, and by whom.
 */
export function createOperatorViewRepository(db: Db) {
  return {
    async conversation(exec: Db, id: number) {
      return exec
        .selectFrom('conversations as cv')
        .innerJoin('trades as t', 't.id', 'cv.trade_id')
        .innerJoin('companies as co', 'co.id', 't.company_id')
        .innerJoin('users as owner', 'owner.id', 'cv.owner_id')
        .innerJoin('users as member', 'member.id', 'cv.member_id')
        .select([
          'cv.id',
          'cv.trade_id',
          'cv.owner_id',
          'cv.member_id',
          'cv.created_at',
          't.company_id',
          'co.name as company_name',
          'co.logo_url as company_logo_url',
          't.trade_type',
          't.stock_per_price',
          't.stock_count',
          't.reserved_count',
          't.sold_count',
          't.status as trade_status',
          't.expires_at',
          't.count_negotiable',
          't.price_negotiable',
          'owner.nickname as owner_nickname',
          'owner.profile_image_url as owner_image',
          'owner.deleted_at as owner_deleted_at',
          'member.nickname as member_nickname',
          'member.profile_image_url as member_image',
          'member.deleted_at as member_deleted_at',
        ])
        .where('cv.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Messages with cautions written since `since`, and the `top` members who sent the most of them.
     * Both read only the partial index messages_cautions_idx (its predicate is repeated word for word).
     */
    async cautionCounts(since: Date, top: number) {
      const [total, senders] = await Promise.all([
        sql<{ n: number }>`
          select count(*)::int as n from messages where cardinality(cautions) > 0 and created_at >= ${since}`.execute(db),
        sql<{ sender_id: number; n: number; nickname: string; deleted_at: Date | null }>`
          select s.sender_id, s.n, u.nickname, u.deleted_at from (
            select sender_id, count(*)::int as n from messages
            where cardinality(cautions) > 0 and created_at >= ${since} and sender_id is not null
            group by sender_id order by n desc, sender_id limit ${top}
          ) s join users u on u.id = s.sender_id
          order by s.n desc, s.sender_id`.execute(db),
      ]);
      return { total: Number(total.rows[0]?.n ?? 0), senders: senders.rows };
    },
  };
}
export type OperatorViewRepository = ReturnType<typeof createOperatorViewRepository>;
