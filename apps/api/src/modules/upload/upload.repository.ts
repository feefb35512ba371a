import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The IP is personal data: count by a hash of it, never the address itself. */
const ipKey = (ip: string) => createHash('sha256').update(`beesang-upload:${ip}`).digest('hex');

/** Fixed-window upload counters per client IP, in the database so all instances share them. */
export function createUploadRepository(db: Db) {
  return {
    /** Adds one to the IP's current window and returns the new count, in one atomic statement. */
    async hit(ip: string, windowStart: Date): Promise<number> {
      const row = await db
        .insertInto('upload_counters')
        .values({ ip_hash: ipKey(ip), window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.columns(['ip_hash', 'window_start']).doUpdateSet({ count: sql`upload_counters.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async deleteBefore(before: Date): Promise<void> {
      await db.deleteFrom('upload_counters').where('window_start', '<', before).execute();
    },
  };
}
export type UploadRepository = ReturnType<typeof createUploadRepository>;
