import type { DealStatus } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

const DEAL = [
  'id',
  'conversation_id',
  'trade_id',
  'company_id',
  'seller_id',
  'buyer_id',
  'stock_count',
  'stock_per_price',
  'status',
  'proposed_by',
  'awaiting',
  'seller_confirmed_at',
  'buyer_confirmed_at',
  'agreed_at',
  'lapses_at',
  'decline_reason',
  'created_at',
  'updated_at',
] as const;

/** The only writer of deals (issue 22). */
export function createDealsRepository(db: Db) {
  return {
    async insert(
      tx: Db,
      d: {
        conversationId: number;
        tradeId: number;
        companyId: number;
        sellerId: number;
        buyerId: number;
        count: number;
        price: number;
        proposedBy: number;
        awaiting: number;
        at: Date;
      },
    ): Promise<number> {
      const row = await tx
        .insertInto('deals')
        .values({
          conversation_id: d.conversationId,
          trade_id: d.tradeId,
          company_id: d.companyId,
          seller_id: d.sellerId,
          buyer_id: d.buyerId,
          stock_count: d.count,
          stock_per_price: d.price,
          status: 'OFFERED',
          proposed_by: d.proposedBy,
          awaiting: d.awaiting,
          created_at: d.at,
          updated_at: d.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The deal, locked until the transaction ends. */
    async lock(tx: Db, id: number) {
      return tx.selectFrom('deals').select(DEAL).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async get(id: number) {
      return db.selectFrom('deals').select(DEAL).where('id', '=', id).executeTakeFirst();
    },

    async update(
      tx: Db,
      id: number,
      set: Partial<{
        status: DealStatus;
        stock_count: number;
        stock_per_price: number;
        proposed_by: number;
        awaiting: number | null;
        seller_confirmed_at: Date;
        buyer_confirmed_at: Date;
        agreed_at: Date;
        lapses_at: Date;
        ended_at: Date;
        decline_reason: string;
      }> & { updated_at: Date },
    ) {
      return tx.updateTable('deals').set(set).where('id', '=', id).returning(DEAL).executeTakeFirstOrThrow();
    },

    async ofConversation(conversationId: number) {
      return db.selectFrom('deals').select(DEAL).where('conversation_id', '=', conversationId).orderBy('id').execute();
    },

    async offerIn(tx: Db, conversationId: number) {
      return tx
        .selectFrom('deals')
        .select('id')
        .where('conversation_id', '=', conversationId)
        .where('status', '=', 'OFFERED')
        .executeTakeFirst();
    },

    /** Agreed deals past their confirmation window, oldest first; the rows are skipped by other instances. */
    async lapsing(tx: Db, now: Date, limit: number) {
      return tx
        .selectFrom('deals')
        .select(DEAL)
        .where('status', '=', 'AGREED')
        .where('lapses_at', '<=', now)
        .orderBy('lapses_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
    },

    /** The two sides as the price rule needs them: verified, sanctioned, deleted, and whether they are one person. */
    async parties(tx: Db, sellerId: number, buyerId: number) {
      const rows = await tx
        .selectFrom('users')
        .select(['id', 'user_level', 'sanction_state', 'sanction_ends_at', 'di_hash', 'deleted_at'])
        .where('id', 'in', [sellerId, buyerId])
        .execute();
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Agreed deals whose confirmation window ends within (now, until], with their company's name. */
    async lapsingBetween(now: Date, until: Date) {
      return db
        .selectFrom('deals as d')
        .innerJoin('companies as c', 'c.id', 'd.company_id')
        .select(['d.id', 'd.conversation_id', 'd.seller_id', 'd.buyer_id', 'd.lapses_at', 'c.name as company_name'])
        .where('d.status', '=', 'AGREED')
        .where('d.lapses_at', '>', now)
        .where('d.lapses_at', '<=', until)
        .execute();
    },

    /** Counts for metrics and the console: deals per status. */
    async countByStatus() {
      const rows = await db
        .selectFrom('deals')
        .select(['status', sql<number>`count(*)::int`.as('n')])
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
  };
}
export type DealsRepository = ReturnType<typeof createDealsRepository>;
export type DealRow = NonNullable<Awaited<ReturnType<DealsRepository['get']>>>;
