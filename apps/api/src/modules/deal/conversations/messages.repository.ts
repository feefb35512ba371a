import type { Db } from '../../../db/database.ts';

export interface NewMessage {
  conversationId: number;
  senderId: number | null;
  kind: string;
  text: string;
  dealId: number | null;
  stockCount: number | null;
  stockPerPrice: number | null;
  cautions: string[];
  at: Date;
}

/** The only writer of messages: each is stored before it is acknowledged (issue 22). */
export function createMessagesRepository(db: Db) {
  const withSender = (exec: Db) =>
    exec
      .selectFrom('messages as m')
      .leftJoin('users as u', 'u.id', 'm.sender_id')
      .select([
        'm.id',
        'm.conversation_id',
        'm.sender_id',
        'm.kind',
        'm.text',
        'm.deal_id',
        'm.stock_count',
        'm.stock_per_price',
        'm.cautions',
        'm.created_at',
        'u.nickname as sender_nickname',
        'u.profile_image_url as sender_image',
        'u.deleted_at as sender_deleted_at',
      ]);
  return {
    async insert(tx: Db, m: NewMessage) {
      const row = await tx
        .insertInto('messages')
        .values({
          conversation_id: m.conversationId,
          sender_id: m.senderId,
          kind: m.kind,
          text: m.text,
          deal_id: m.dealId,
          stock_count: m.stockCount,
          stock_per_price: m.stockPerPrice,
          cautions: m.cautions,
          created_at: m.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = await withSender(tx).where('m.id', '=', row.id).executeTakeFirstOrThrow();
      return stored;
    },

    /** A conversation's first `limit` messages in the order they were written, and how many it has (an operator's reading, in its transaction). */
    async inOrder(exec: Db, conversationId: number, limit: number) {
      const [rows, count] = await Promise.all([
        withSender(exec).where('m.conversation_id', '=', conversationId).orderBy('m.id').limit(limit).execute(),
        exec
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('conversation_id', '=', conversationId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Messages after `after` in the order they were written, at most `limit`. */
    async after(conversationId: number, after: number, limit: number) {
      return withSender(db)
        .where('m.conversation_id', '=', conversationId)
        .where('m.id', '>', after)
        .orderBy('m.id')
        .limit(limit)
        .execute();
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
export type MessageRow = Awaited<ReturnType<MessagesRepository['insert']>>;
