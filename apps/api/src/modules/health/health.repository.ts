import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function createHealthRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
