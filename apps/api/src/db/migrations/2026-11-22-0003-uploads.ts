import { type Kysely, sql } from 'kysely';

/**
 * Per-IP upload counters in fixed windows. Kept in the database so every instance counts against
 * the same limit; the key is a hash of the IP, not the address itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_counters (
      ip_hash varchar(64) not null,
      window_start timestamptz not null,
      count integer not null default 0,
      primary key (ip_hash, window_start)
    )
  `.execute(db);
  await sql`create index upload_counters_window_idx on upload_counters (window_start)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists upload_counters`.execute(db);
}
