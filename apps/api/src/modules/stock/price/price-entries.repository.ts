import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

export type PriceEntryStatus = 'PENDING' | 'APPLIED' | 'REJECTED';

/** The only writer of price_entries: operators' prices waiting for a second operator (issue 21). */
export function createPriceEntriesRepository(db: Db) {
  const listed = (status: PriceEntryStatus) =>
    db
      .selectFrom('price_entries as e')
      .innerJoin('companies as c', 'c.id', 'e.company_id')
      .innerJoin('users as by', 'by.id', 'e.entered_by')
      .leftJoin('users as dec', 'dec.id', 'e.decided_by')
      .where('e.status', '=', status);
  return {
    async insert(tx: Db, e: { companyId: number; price: number; note: string; basis: number; by: number; at: Date }): Promise<number> {
      const row = await tx
        .insertInto('price_entries')
        .values({ company_id: e.companyId, price: e.price, note: e.note, basis: e.basis, entered_by: e.by, entered_at: e.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The entry, locked until the caller's transaction ends: one decision at a time. */
    async lock(tx: Db, id: number) {
      return tx
        .selectFrom('price_entries')
        .select(['id', 'company_id', 'price', 'status', 'entered_by'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async decide(tx: Db, d: { id: number; status: 'APPLIED' | 'REJECTED'; by: number; at: Date; note: string }): Promise<void> {
      await tx
        .updateTable('price_entries')
        .set({ status: d.status, decided_by: d.by, decided_at: d.at, decision_note: d.note })
        .where('id', '=', d.id)
        .execute();
    },

    async list(status: PriceEntryStatus, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        listed(status)
          .select([
            'e.id',
            'e.company_id',
            'c.name as company_name',
            'c.current_price',
            'e.price',
            'e.basis',
            'e.note',
            'e.status',
            'e.entered_by',
            'by.nickname as entered_by_nickname',
            'e.entered_at',
            'e.decided_by',
            'dec.nickname as decided_by_nickname',
            'e.decided_at',
            'e.decision_note',
          ])
          .orderBy(status === 'PENDING' ? 'e.entered_at' : 'e.decided_at', status === 'PENDING' ? 'asc' : 'desc')
          .orderBy('e.id', 'asc')
          .limit(limit)
          .offset(offset)
          .execute(),
        listed(status).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type PriceEntriesRepository = ReturnType<typeof createPriceEntriesRepository>;
