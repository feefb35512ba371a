import { type Kysely, sql } from 'kysely';

/**
 * Four eyes on prices (issue 21): an operator's price is an entry that waits until a different
 * operator approves it (an ADMIN when it is more than ±30 % from the price it replaces); one
 * entry waits per company at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table price_entries (
      id bigserial primary key,
      company_id integer not null references companies (id),
      price bigint not null check (price between 1 and 99999999),
      note text not null,
      basis bigint not null,
      status varchar(10) not null default 'PENDING' check (status in ('PENDING', 'APPLIED', 'REJECTED')),
      entered_by integer not null references users (id),
      entered_at timestamptz not null,
      decided_by integer references users (id),
      decided_at timestamptz,
      decision_note text not null default ''
    )`.execute(db);
  await sql`create unique index price_entries_one_pending on price_entries (company_id) where status = 'PENDING'`.execute(db);
  await sql`create index price_entries_status_idx on price_entries (status, entered_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists price_entries`.execute(db);
}
