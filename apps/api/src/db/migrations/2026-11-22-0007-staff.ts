import { type Kysely, sql } from 'kysely';

/** Operators: a role on the member, and the access log gains what was looked at (SECURITY.md 24). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column staff_role varchar(16)`.execute(db);
  await sql`alter table staff_access_log add column detail varchar(300) not null default ''`.execute(db);
  await sql`create index staff_access_log_at_idx on staff_access_log (at desc)`.execute(db);
  await sql`create index staff_access_log_target_idx on staff_access_log (target_user_id, at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists staff_access_log_target_idx`.execute(db);
  await sql`drop index if exists staff_access_log_at_idx`.execute(db);
  await sql`alter table staff_access_log drop column if exists detail`.execute(db);
  await sql`alter table users drop column if exists staff_role`.execute(db);
}
