import { type Kysely, sql } from 'kysely';

/**
 * The price rule (docs/decisions/0006-price-rule.md): every price says where it came from, and
 * every finished trade is judged once, counted toward the day's price or excluded with its reasons.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies add column price_source varchar(8) not null default 'IMPORT'
    check (price_source in ('TRADE', 'IMPORT', 'MANUAL', 'DEMO'))`.execute(db);
  await sql`alter table companies add column price_trade_count integer not null default 0 check (price_trade_count >= 0)`.execute(db);
  await sql`update companies set price_source = 'DEMO' where is_demo`.execute(db);
  await sql`
    create table trade_price_marks (
      trade_id bigint primary key references trades (id) on delete cascade,
      company_id integer not null references companies (id) on delete cascade,
      user_id integer not null references users (id),
      day date not null,
      price bigint not null check (price > 0),
      stock_count bigint not null check (stock_count > 0),
      basis bigint not null check (basis >= 0),
      counted boolean not null,
      reasons text[] not null default '{}',
      at timestamptz not null,
      check (counted = (cardinality(reasons) = 0))
    )`.execute(db);
  await sql`create index trade_price_marks_day_idx on trade_price_marks (company_id, day) where counted`.execute(db);
  // At most one counted finish per member, company and Seoul day, whatever races the service loses.
  await sql`create unique index trade_price_marks_one_per_day on trade_price_marks (company_id, day, user_id) where counted`.execute(db);
  await sql`create index trade_price_marks_excluded_idx on trade_price_marks (at desc) where not counted`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists trade_price_marks`.execute(db);
  await sql`alter table companies drop column if exists price_trade_count`.execute(db);
  await sql`alter table companies drop column if exists price_source`.execute(db);
}
