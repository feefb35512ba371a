import { type Kysely, sql } from 'kysely';

/**
 * Content the editors write in the console (issue 11 §2): a draft is unpublished, a future
 * `published_at` schedules it (read time shows it from then), and a deleted post is kept but gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contents add column published boolean not null default true`.execute(db);
  await sql`alter table contents add column deleted_at timestamptz`.execute(db);
  await sql`alter table contents add column updated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contents drop column if exists updated_at`.execute(db);
  await sql`alter table contents drop column if exists deleted_at`.execute(db);
  await sql`alter table contents drop column if exists published`.execute(db);
}
