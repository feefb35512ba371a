import type { PriceExclusionReason, PriceSource } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

export interface PriceMark {
  tradeId: number;
  dealId: number | null;
  counterpartyId: number | null;
  companyId: number;
  userId: number;
  day: string;
  price: number;
  count: number;
  basis: number;
  reasons: PriceExclusionReason[];
  at: Date;
}

/**
 * The only writer of a company's price columns, its daily bars and the finish marks behind them
 * (docs/decisions/0006-price-rule.md). Every write takes the caller's transaction.
 */
export function createPriceRepository(db: Db) {
  return {
    /** The company's price row, locked until the transaction ends: finishes of one company run one at a time. */
    async lockCompany(tx: Db, companyId: number) {
      return tx
        .selectFrom('companies')
        .select(['id', 'current_price', 'previous_close', 'price_updated_at', 'price_source'])
        .where('id', '=', companyId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Whether any of `userIds`, on either side, already has a counted trade of this company on this day. */
    async hasCounted(tx: Db, companyId: number, day: string, userIds: number[]): Promise<boolean> {
      const row = await tx
        .selectFrom('trade_price_marks')
        .select('trade_id')
        .where('company_id', '=', companyId)
        .where('day', '=', day)
        .where((eb) => eb.or([eb('user_id', 'in', userIds), eb('counterparty_id', 'in', userIds)]))
        .where('counted', '=', true)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertMark(tx: Db, m: PriceMark) {
      await tx
        .insertInto('trade_price_marks')
        .values({
          trade_id: m.tradeId,
          deal_id: m.dealId,
          counterparty_id: m.counterpartyId,
          company_id: m.companyId,
          user_id: m.userId,
          day: m.day,
          price: m.price,
          stock_count: m.count,
          basis: m.basis,
          counted: m.reasons.length === 0,
          reasons: m.reasons,
          at: m.at,
        })
        .execute();
    },

    /** A day's counted finishes in the order they happened. */
    async countedMarks(tx: Db, companyId: number, day: string): Promise<Array<{ price: number; count: number }>> {
      const rows = await tx
        .selectFrom('trade_price_marks')
        .select(['price', 'stock_count'])
        .where('company_id', '=', companyId)
        .where('day', '=', day)
        .where('counted', '=', true)
        .orderBy('at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ price: Number(r.price), count: Number(r.stock_count) }));
    },

    async setPrice(
      tx: Db,
      companyId: number,
      p: { price: number; previousClose: number; at: Date; source: PriceSource; tradeCount: number },
    ) {
      await tx
        .updateTable('companies')
        .set({
          current_price: p.price,
          previous_close: p.previousClose,
          price_updated_at: p.at,
          price_source: p.source,
          price_trade_count: p.tradeCount,
        })
        .where('id', '=', companyId)
        .execute();
    },

    async putBar(tx: Db, companyId: number, day: string, bar: { open: number; high: number; low: number; close: number; volume: number }) {
      await tx
        .insertInto('price_bars')
        .values({ company_id: companyId, day, ...bar })
        .onConflict((oc) =>
          oc.columns(['company_id', 'day']).doUpdateSet({
            open: sql`excluded.open`,
            high: sql`excluded.high`,
            low: sql`excluded.low`,
            close: sql`excluded.close`,
            volume: sql`excluded.volume`,
          }),
        )
        .execute();
    },

    /** Finishes kept out of the price, newest first, for the operators' review. */
    async excluded(limit: number, offset: number) {
      return db
        .selectFrom('trade_price_marks as m')
        .innerJoin('companies as c', 'c.id', 'm.company_id')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select([
          'm.trade_id',
          'm.company_id',
          'c.name as company_name',
          'm.user_id',
          'u.nickname',
          'm.day',
          'm.price',
          'm.stock_count',
          'm.basis',
          'm.reasons',
          'm.at',
        ])
        .where('m.counted', '=', false)
        .orderBy('m.at', 'desc')
        .orderBy('m.trade_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async excludedCount(): Promise<number> {
      const row = await db
        .selectFrom('trade_price_marks')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('counted', '=', false)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async mark(tradeId: number) {
      return db.selectFrom('trade_price_marks').selectAll().where('trade_id', '=', tradeId).orderBy('id', 'desc').executeTakeFirst();
    },

    /** Counted trades per member, on either side of a deal (the trust summary on listings). */
    async countedByUsers(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await sql<{ user_id: number; n: number }>`
        select user_id, count(*)::int as n from (
          select user_id from trade_price_marks where counted and user_id in (${sql.join(userIds)})
          union all
          select counterparty_id from trade_price_marks where counted and counterparty_id in (${sql.join(userIds)})
        ) sides group by user_id`.execute(db);
      return new Map(rows.rows.map((r) => [r.user_id, Number(r.n)]));
    },
  };
}

export type PriceRepository = ReturnType<typeof createPriceRepository>;
