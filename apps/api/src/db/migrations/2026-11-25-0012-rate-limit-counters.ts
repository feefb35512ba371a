import { type Kysely, sql } from 'kysely';

/**
 * Limits on abuse shared by every instance on one PostgreSQL when no Redis is configured
 * (docs/decisions/0007-sanctions-and-abuse-limits.md): one fixed-window counter per limit and
 * subject. The upload-only counters they replace are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limit_counters (
      key varchar(200) primary key,
      hits integer not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_counters_expires_idx on rate_limit_counters (expires_at)`.execute(db);
  await sql`drop table if exists upload_counters`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_limit_counters`.execute(db);
  await sql`
    create table if not exists upload_counters (
      ip_hash varchar(64) not null,
      window_start timestamptz not null,
      count integer not null default 0,
      primary key (ip_hash, window_start)
    )`.execute(db);
}
