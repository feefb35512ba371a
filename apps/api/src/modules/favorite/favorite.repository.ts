import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function createFavoriteRepository(
  db: Db,
  /** Told after a member's favourites change (issue 24: every instance's view of them drops the member). */
  changed: (tx: Db, userId: number) => void = () => {},
) {
  return {
    /** The member's favourites in their order (oldest first among equals). */
    async ids(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('favorites')
        .select('company_id')
        .where('user_id', '=', userId)
        .orderBy('sort_order')
        .orderBy('created_at')
        .orderBy('company_id')
        .execute();
      return rows.map((r) => r.company_id);
    },

    /**
     * Adds at the end of the list unless the member is at `max` already; true when added or already
     * there. One statement, so two simultaneous adds cannot both slip past the cap by much.
     */
    async add(userId: number, companyId: number, at: Date, max: number): Promise<'added' | 'exists' | 'full'> {
      const existing = await db
        .selectFrom('favorites')
        .select('company_id')
        .where('user_id', '=', userId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (existing) return 'exists';
      const r = await sql<{ company_id: number }>`
        insert into favorites (user_id, company_id, sort_order, created_at)
        select ${userId}, ${companyId}, coalesce(max(sort_order), -1) + 1, ${at}
        from favorites where user_id = ${userId}
        having count(*) < ${max}
        on conflict (user_id, company_id) do nothing
        returning company_id`.execute(db);
      if (r.rows.length === 1) changed(db, userId);
      return r.rows.length === 1 ? 'added' : 'full';
    },

    async remove(userId: number, companyId: number): Promise<void> {
      await db.deleteFrom('favorites').where('user_id', '=', userId).where('company_id', '=', companyId).execute();
      changed(db, userId);
    },

    /** Whether the member hears of new listings on a favourite, and at what price (issue 23); undefined when it is not a favourite. */
    async alert(userId: number, companyId: number) {
      return db
        .selectFrom('favorites')
        .select(['listing_alert', 'listing_alert_price'])
        .where('user_id', '=', userId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
    },

    async setAlert(userId: number, companyId: number, enabled: boolean, price: number | null): Promise<boolean> {
      const r = await db
        .updateTable('favorites')
        .set({ listing_alert: enabled, listing_alert_price: price })
        .where('user_id', '=', userId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Members told of a new listing on a company (issue 23 §1): its favourite with the alert on, and
     * a price, if set, that the listing meets (a sale at or below it, a purchase at or above it).
     */
    async alertTakers(companyId: number, sale: boolean, price: number, except: number): Promise<number[]> {
      const rows = await db
        .selectFrom('favorites')
        .select('user_id')
        .where('company_id', '=', companyId)
        .where('listing_alert', '=', true)
        .where('user_id', '!=', except)
        .where((eb) =>
          eb.or([
            eb('listing_alert_price', 'is', null),
            sale ? eb('listing_alert_price', '>=', price) : eb('listing_alert_price', '<=', price),
          ]),
        )
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** Rewrites the order in one statement: position i of `ids` gets sort_order i. */
    async reorder(userId: number, ids: number[]): Promise<void> {
      await sql`
        update favorites f set sort_order = v.ord::int
        from unnest(${sql.val(ids)}::int[]) with ordinality as v(company_id, ord)
        where f.user_id = ${userId} and f.company_id = v.company_id`.execute(db);
      changed(db, userId);
    },
  };
}

export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
