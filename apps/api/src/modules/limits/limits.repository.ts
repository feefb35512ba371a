import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Fixed-window counters for the limits on abuse, in the database every instance shares. */
export function createLimitsRepository(db: Db) {
  return {
    /** One more hit on `key`: a window that has ended starts again at 1. Atomic under concurrency. */
    async hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; expiresAt: Date }> {
      const expires = new Date(now.getTime() + windowMs);
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, hits: 1, expires_at: expires })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql`case when rate_limit_counters.expires_at <= ${now} then 1 else rate_limit_counters.hits + 1 end`,
            expires_at: sql`case when rate_limit_counters.expires_at <= ${now} then excluded.expires_at else rate_limit_counters.expires_at end`,
          }),
        )
        .returning(['hits', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), expiresAt: new Date(row.expires_at) };
    },
    async purge(now: Date): Promise<void> {
      await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).execute();
    },
  };
}
export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
