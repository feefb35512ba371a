import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

export type ConversationRow = {
  id: number | string;
  trade_id: number | string;
  owner_id: number;
  member_id: number;
  owner_read_id: number | string;
  member_read_id: number | string;
  last_message_id: number | string;
};

const CONVERSATION = ['id', 'trade_id', 'owner_id', 'member_id', 'owner_read_id', 'member_read_id', 'last_message_id'] as const;

/** The only writer of conversations and member_blocks (issue 22). */
export function createConversationsRepository(db: Db) {
  /** A conversation's listing and the face of whoever is not `userId`, for lists and details. */
  function summaries(userId: number) {
    return db
      .selectFrom('conversations as cv')
      .innerJoin('trades as t', 't.id', 'cv.trade_id')
      .innerJoin('companies as co', 'co.id', 't.company_id')
      .innerJoin('users as other', (join) =>
        join.on((eb) =>
          eb('other.id', '=', eb.case().when('cv.owner_id', '=', userId).then(eb.ref('cv.member_id')).else(eb.ref('cv.owner_id')).end()),
        ),
      )
      .leftJoin('messages as last', 'last.id', 'cv.last_message_id')
      .where((eb) => eb.or([eb('cv.owner_id', '=', userId), eb('cv.member_id', '=', userId)]))
      .select([
        'cv.id',
        'cv.trade_id',
        'cv.owner_id',
        'cv.member_id',
        'cv.owner_read_id',
        'cv.member_read_id',
        'cv.updated_at',
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
        'other.id as other_id',
        'other.nickname as other_nickname',
        'other.profile_image_url as other_image',
        'other.deleted_at as other_deleted_at',
        'last.kind as last_kind',
        'last.text as last_text',
        'last.created_at as last_at',
        'last.sender_id as last_sender_id',
        'last.stock_count as last_count',
        'last.stock_per_price as last_price',
        sql<number>`(select count(*)::int from messages m where m.conversation_id = cv.id and m.id > case when cv.owner_id = ${userId} then cv.owner_read_id else cv.member_read_id end and m.sender_id is distinct from ${userId})`.as(
          'unread',
        ),
        sql<
          string | null
        >`(select d.id::text from deals d where d.conversation_id = cv.id and d.status in ('OFFERED', 'AGREED') order by d.id desc limit 1)`.as(
          'live_deal_id',
        ),
        sql<
          string | null
        >`(select d.status from deals d where d.conversation_id = cv.id and d.status in ('OFFERED', 'AGREED') order by d.id desc limit 1)`.as(
          'live_deal_status',
        ),
      ]);
  }
  return {
    summaries,

    async list(userId: number, page: number, size: number) {
      const [rows, count] = await Promise.all([
        summaries(userId)
          .orderBy('cv.updated_at', 'desc')
          .orderBy('cv.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db
          .selectFrom('conversations')
          .select(sql<number>`count(*)::int`.as('n'))
          .where((eb) => eb.or([eb('owner_id', '=', userId), eb('member_id', '=', userId)]))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async summary(userId: number, id: number) {
      return summaries(userId).where('cv.id', '=', id).executeTakeFirst();
    },

    /** Unread messages over all of a member's conversations. */
    async unreadTotal(userId: number): Promise<number> {
      const row = await sql<{ n: number }>`
        select count(*)::int as n from conversations cv join messages m on m.conversation_id = cv.id
        where (cv.owner_id = ${userId} and m.id > cv.owner_read_id or cv.member_id = ${userId} and m.id > cv.member_read_id)
          and m.sender_id is distinct from ${userId}`.execute(db);
      return Number(row.rows[0]?.n ?? 0);
    },

    async find(exec: Db, tradeId: number, memberId: number): Promise<ConversationRow | undefined> {
      return exec
        .selectFrom('conversations')
        .select(CONVERSATION)
        .where('trade_id', '=', tradeId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    async get(exec: Db, id: number): Promise<ConversationRow | undefined> {
      return exec.selectFrom('conversations').select(CONVERSATION).where('id', '=', id).executeTakeFirst();
    },

    /** The conversation locked until the transaction ends: its messages are numbered in commit order. */
    async lock(tx: Db, id: number): Promise<ConversationRow | undefined> {
      return tx.selectFrom('conversations').select(CONVERSATION).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** The pair's conversation about a listing, made if new; whether it was made now. */
    async open(tx: Db, c: { tradeId: number; ownerId: number; memberId: number; at: Date }): Promise<{ id: number; created: boolean }> {
      const made = await tx
        .insertInto('conversations')
        .values({ trade_id: c.tradeId, owner_id: c.ownerId, member_id: c.memberId, created_at: c.at, updated_at: c.at })
        .onConflict((oc) => oc.columns(['trade_id', 'member_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (made) return { id: Number(made.id), created: true };
      const found = await this.find(tx, c.tradeId, c.memberId);
      if (!found) throw new Error('conversation vanished while being opened');
      return { id: Number(found.id), created: false };
    },

    async touch(tx: Db, id: number, messageId: number, at: Date): Promise<void> {
      await tx.updateTable('conversations').set({ last_message_id: messageId, updated_at: at }).where('id', '=', id).execute();
    },

    /** Moves a side's read mark forward (never back), up to the newest message; the mark now. */
    async markRead(exec: Db, id: number, side: 'owner' | 'member', upTo: number): Promise<number> {
      const column = side === 'owner' ? 'owner_read_id' : 'member_read_id';
      const row = await exec
        .updateTable('conversations')
        .set({ [column]: sql`greatest(${sql.ref(column)}, least(${upTo}, last_message_id))` })
        .where('id', '=', id)
        .returning([column])
        .executeTakeFirstOrThrow();
      return Number((row as Record<string, number | string>)[column]);
    },

    async block(blockerId: number, blockedId: number, at: Date): Promise<void> {
      await db
        .insertInto('member_blocks')
        .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
        .execute();
    },

    async unblock(blockerId: number, blockedId: number): Promise<void> {
      await db.deleteFrom('member_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
    },

    /** Whether `a` blocked `b`, and whether `b` blocked `a`. */
    async blocks(exec: Db, a: number, b: number): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
      const rows = await exec
        .selectFrom('member_blocks')
        .select(['blocker_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
            eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
          ]),
        )
        .execute();
      return { aBlockedB: rows.some((r) => r.blocker_id === a), bBlockedA: rows.some((r) => r.blocker_id === b) };
    },
  };
}
export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
