import { type Kysely, sql } from 'kysely';

/** A top-fixed listing (상단 고정) carries the end an operator gave it; read time unpins it after (issue 11 §2). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table trades add column pin_ends_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table trades drop column if exists pin_ends_at`.execute(db);
}
