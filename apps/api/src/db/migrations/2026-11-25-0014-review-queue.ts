import { type Kysely, sql } from 'kysely';

/**
 * What operators should look at without anyone having reported it (issue 10 §6): text with scam
 * signals (an opinion, an expert introduction) and members posting across many companies within
 * minutes (the broker pattern). One open item per kind and target; resolving it is the operators'
 * console's business (issue 11).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table review_queue (
      id bigserial primary key,
      kind varchar(20) not null check (kind in ('SCAM_TEXT', 'BROKER_PATTERN')),
      target_type varchar(16) not null check (target_type in ('OPINION', 'USER')),
      target_id bigint not null,
      user_id integer not null references users (id),
      reasons text[] not null default '{}',
      created_at timestamptz not null,
      resolved_at timestamptz,
      resolved_by integer references users (id)
    )`.execute(db);
  await sql`create unique index review_queue_open_idx on review_queue (kind, target_type, target_id) where resolved_at is null`.execute(db);
  await sql`create index review_queue_created_idx on review_queue (created_at desc) where resolved_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists review_queue`.execute(db);
}
