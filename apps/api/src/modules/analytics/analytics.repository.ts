import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function createAnalyticsRepository(db: Db) {
  return {
    /** Stores the view and, for a stock page, bumps the company's total and daily counters in one transaction. */
    async recordView(view: { path: string; referrer: string | null; companyId: number | null; at: Date; day: string }) {
      await db.transaction().execute(async (trx) => {
        let companyId = view.companyId;
        if (companyId !== null) {
          const updated = await trx
            .updateTable('companies')
            .set({ view_count: sql`view_count + 1` })
            .where('id', '=', companyId)
            .returning('id')
            .executeTakeFirst();
          if (updated) {
            await trx
              .insertInto('company_daily_views')
              .values({ company_id: companyId, day: view.day, views: 1 })
              .onConflict((oc) => oc.columns(['company_id', 'day']).doUpdateSet({ views: sql`company_daily_views.views + 1` }))
              .execute();
          } else {
            companyId = null;
          }
        }
        await trx
          .insertInto('page_views')
          .values({ path: view.path, referrer: view.referrer, company_id: companyId, viewed_at: view.at })
          .execute();
      });
    },
    async countForPath(path: string): Promise<number> {
      const row = await db
        .selectFrom('page_views')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('path', '=', path)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
