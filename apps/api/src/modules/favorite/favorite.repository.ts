import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function createFavoriteRepository(db: Db) {
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
      return r.rows.length === 1 ? 'added' : 'full';
    },

    async remove(userId: number, companyId: number): Promise<void> {
      await db.deleteFrom('favorites').where('user_id', '=', userId).where('company_id', '=', companyId).execute();
    },

    /** Rewrites the order in one statement: position i of `ids` gets sort_order i. */
    async reorder(userId: number, ids: number[]): Promise<void> {
      await sql`
        update favorites f set sort_order = v.ord::int
        from unnest(${sql.val(ids)}::int[]) with ordinality as v(company_id, ord)
        where f.user_id = ${userId} and f.company_id = v.company_id`.execute(db);
    },
  };
}

export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
