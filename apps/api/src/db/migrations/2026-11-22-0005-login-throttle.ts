import { type Kysely, sql } from 'kysely';

/** Failed password sign-ins by account and by client IP, shared by every instance. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table auth_failures (id bigserial primary key, key varchar(200) not null, at timestamptz not null)`.execute(db);
  await sql`create index auth_failures_key_idx on auth_failures (key, at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists auth_failures`.execute(db);
}
