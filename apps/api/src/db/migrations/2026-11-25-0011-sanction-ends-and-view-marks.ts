import { type Kysely, sql } from 'kysely';

/**
 * Sanctions that lift by themselves (issue 10 §3): the member's current sanction carries its end;
 * read time compares it with the clock, the `sanctions` table keeps the history.
 *
 * Page views counted once per visitor and company per 30 minutes (issue 10 §4): a mark per visitor
 * key (signed cookie, else a hash of address and agent) and per address, in the database every
 * instance shares. No foreign key: a mark is gone within 30 minutes, and a view of a company that
 * does not exist must still be an ordinary 204.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column sanction_ends_at timestamptz`.execute(db);
  await sql`create index sanctions_user_idx on sanctions (user_id, created_at desc)`.execute(db);
  await sql`
    create table page_view_marks (
      key varchar(64) not null,
      company_id integer not null,
      until timestamptz not null,
      hits integer not null default 1,
      primary key (key, company_id)
    )`.execute(db);
  await sql`create index page_view_marks_until_idx on page_view_marks (until)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists page_view_marks`.execute(db);
  await sql`drop index if exists sanctions_user_idx`.execute(db);
  await sql`alter table users drop column if exists sanction_ends_at`.execute(db);
}
