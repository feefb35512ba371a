import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The raw page-view log and the marks that decide which views of a company count. */
export function createAnalyticsRepository(db: Db) {
  return {
    async insertView(tx: Db, view: { path: string; referrer: string | null; companyId: number | null; at: Date }) {
      await tx
        .insertInto('page_views')
        .values({ path: view.path, referrer: view.referrer, company_id: view.companyId, viewed_at: view.at })
        .execute();
    },
    /**
     * Marks `key` as having seen the company until `until`; true when this is a new visit (no mark,
     * or the last one has run out). Atomic: of two racing requests, one wins.
     */
    async markVisit(tx: Db, key: string, companyId: number, now: Date, until: Date): Promise<boolean> {
      const row = await tx
        .insertInto('page_view_marks')
        .values({ key, company_id: companyId, until, hits: 1 })
        .onConflict((oc) => oc.columns(['key', 'company_id']).doUpdateSet({ until, hits: 1 }).where('page_view_marks.until', '<=', now))
        .returning('hits')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Counts one more new visit from an address in its current window; returns the count. */
    async hitAddress(tx: Db, key: string, companyId: number, now: Date, until: Date): Promise<number> {
      const row = await tx
        .insertInto('page_view_marks')
        .values({ key, company_id: companyId, until, hits: 1 })
        .onConflict((oc) =>
          oc.columns(['key', 'company_id']).doUpdateSet({
            hits: sql`case when page_view_marks.until <= ${now} then 1 else page_view_marks.hits + 1 end`,
            until: sql`case when page_view_marks.until <= ${now} then excluded.until else page_view_marks.until end`,
          }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },
    async purgeMarks(now: Date): Promise<void> {
      await db.deleteFrom('page_view_marks').where('until', '<=', now).execute();
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
