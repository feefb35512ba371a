import { ListingStatus } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * What deals do to a listing (issue 22), written by the trade module only: an agreed deal reserves
 * shares, a cancelled or lapsed one gives them back, a deal both sides confirmed sells them, and
 * the listing finishes when nothing is left. Each step takes the deal's transaction.
 */
export function createTradeDealsRepository() {
  return {
    /** The listing's row, locked until the transaction ends: deals on one listing run one at a time. */
    async lock(tx: Db, id: number) {
      return tx
        .selectFrom('trades as t')
        .innerJoin('companies as c', 'c.id', 't.company_id')
        .select([
          't.id',
          't.company_id',
          'c.name as company_name',
          't.user_id',
          't.trade_type',
          't.stock_count',
          't.reserved_count',
          't.sold_count',
          't.stock_per_price',
          't.count_negotiable',
          't.price_negotiable',
          't.status',
          't.expires_at',
          't.updated_at',
        ])
        .where('t.id', '=', id)
        .forUpdate(['t'])
        .executeTakeFirst();
    },

    async reserve(tx: Db, id: number, count: number): Promise<boolean> {
      const r = await tx
        .updateTable('trades')
        .set({ reserved_count: sql`reserved_count + ${count}` })
        .where('id', '=', id)
        .where(sql<boolean>`stock_count - reserved_count - sold_count >= ${count}`)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async release(tx: Db, id: number, count: number): Promise<void> {
      await tx
        .updateTable('trades')
        .set({ reserved_count: sql`greatest(reserved_count - ${count}, 0)` })
        .where('id', '=', id)
        .execute();
    },

    /** Reserved shares become sold; the listing finishes (at this price) when all are sold. Whether it did. */
    async sell(tx: Db, id: number, count: number, price: number, at: Date): Promise<boolean> {
      const row = await tx
        .updateTable('trades')
        .set({
          reserved_count: sql`greatest(reserved_count - ${count}, 0)`,
          sold_count: sql`sold_count + ${count}`,
          status: sql`case when sold_count + ${count} >= stock_count and status = ${ListingStatus.IN_PROGRESS} then ${ListingStatus.TRADE_FINISHED} else status end`,
          finished_price: sql`case when sold_count + ${count} >= stock_count then ${price} else finished_price end`,
          finished_at: sql`case when sold_count + ${count} >= stock_count then ${at}::timestamptz else finished_at end`,
        })
        .where('id', '=', id)
        .returning(['status'])
        .executeTakeFirstOrThrow();
      return row.status === ListingStatus.TRADE_FINISHED;
    },
  };
}
export type TradeDealsRepository = ReturnType<typeof createTradeDealsRepository>;
