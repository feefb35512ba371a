import { type Kysely, sql } from 'kysely';

/**
 * Deals (issue 22): a member's offer on a listing opens one conversation between the two; offers,
 * counter-offers and texts are its messages; an agreed deal reserves shares of the listing and a
 * deal both sides confirmed sells them and is what the price rule counts. Each side may review
 * the other once per confirmed deal; either may block the other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table trades add column reserved_count bigint not null default 0`.execute(db);
  await sql`alter table trades add column sold_count bigint not null default 0`.execute(db);
  await sql`alter table trades add constraint trades_deal_counts check (reserved_count >= 0 and sold_count >= 0 and reserved_count + sold_count <= stock_count)`.execute(
    db,
  );
  await sql`
    create table conversations (
      id bigserial primary key,
      trade_id bigint not null references trades (id),
      owner_id integer not null references users (id),
      member_id integer not null references users (id),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      last_message_id bigint not null default 0,
      owner_read_id bigint not null default 0,
      member_read_id bigint not null default 0,
      unique (trade_id, member_id),
      check (owner_id <> member_id)
    )`.execute(db);
  await sql`create index conversations_owner_idx on conversations (owner_id, updated_at desc)`.execute(db);
  await sql`create index conversations_member_idx on conversations (member_id, updated_at desc)`.execute(db);
  await sql`create index conversations_created_idx on conversations (member_id, created_at)`.execute(db);
  await sql`
    create table deals (
      id bigserial primary key,
      conversation_id bigint not null references conversations (id),
      trade_id bigint not null references trades (id),
      company_id integer not null references companies (id),
      seller_id integer not null references users (id),
      buyer_id integer not null references users (id),
      stock_count bigint not null check (stock_count > 0),
      stock_per_price bigint not null check (stock_per_price between 1 and 99999999),
      status varchar(10) not null check (status in ('OFFERED', 'AGREED', 'CONFIRMED', 'DECLINED', 'WITHDRAWN', 'CANCELLED', 'LAPSED')),
      proposed_by integer not null references users (id),
      awaiting integer references users (id),
      seller_confirmed_at timestamptz,
      buyer_confirmed_at timestamptz,
      agreed_at timestamptz,
      lapses_at timestamptz,
      ended_at timestamptz,
      decline_reason text not null default '',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (seller_id <> buyer_id)
    )`.execute(db);
  // One offer awaits its answer per conversation at a time: a second one continues it as a counter.
  await sql`create unique index deals_one_offer on deals (conversation_id) where status = 'OFFERED'`.execute(db);
  await sql`create index deals_conversation_idx on deals (conversation_id, id)`.execute(db);
  await sql`create index deals_lapse_idx on deals (lapses_at) where status = 'AGREED'`.execute(db);
  await sql`create index deals_seller_confirmed_idx on deals (seller_id) where status = 'CONFIRMED'`.execute(db);
  await sql`create index deals_buyer_confirmed_idx on deals (buyer_id) where status = 'CONFIRMED'`.execute(db);
  await sql`
    create table messages (
      id bigserial primary key,
      conversation_id bigint not null references conversations (id),
      sender_id integer references users (id),
      kind varchar(10) not null,
      text text not null default '',
      deal_id bigint references deals (id),
      stock_count bigint,
      stock_per_price bigint,
      cautions text[] not null default '{}',
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index messages_conversation_idx on messages (conversation_id, id)`.execute(db);
  await sql`create index messages_cautions_idx on messages (created_at desc) where cardinality(cautions) > 0`.execute(db);
  await sql`
    create table deal_reviews (
      deal_id bigint not null references deals (id),
      reviewer_id integer not null references users (id),
      reviewee_id integer not null references users (id),
      good boolean not null,
      tags text[] not null default '{}',
      text text not null default '',
      created_at timestamptz not null,
      primary key (deal_id, reviewer_id),
      check (reviewer_id <> reviewee_id)
    )`.execute(db);
  await sql`create index deal_reviews_reviewee_idx on deal_reviews (reviewee_id, created_at desc)`.execute(db);
  await sql`
    create table member_blocks (
      blocker_id integer not null references users (id),
      blocked_id integer not null references users (id),
      created_at timestamptz not null,
      primary key (blocker_id, blocked_id),
      check (blocker_id <> blocked_id)
    )`.execute(db);
  // A listing may now have several counted trades (one per confirmed deal): marks get their own id.
  await sql`alter table trade_price_marks drop constraint trade_price_marks_pkey`.execute(db);
  await sql`alter table trade_price_marks add column id bigserial primary key`.execute(db);
  await sql`alter table trade_price_marks add column deal_id bigint references deals (id)`.execute(db);
  await sql`alter table trade_price_marks add column counterparty_id integer references users (id)`.execute(db);
  await sql`create unique index trade_price_marks_trade_idx on trade_price_marks (trade_id) where deal_id is null`.execute(db);
  await sql`create unique index trade_price_marks_deal_idx on trade_price_marks (deal_id) where deal_id is not null`.execute(db);
  // A conversation can be reported like a listing or an opinion.
  await sql`alter table reports drop constraint reports_target_type_check`.execute(db);
  await sql`alter table reports add constraint reports_target_type_check check (target_type in ('trade', 'opinion', 'conversation'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from reports where target_type = 'conversation'`.execute(db);
  await sql`alter table reports drop constraint reports_target_type_check`.execute(db);
  await sql`alter table reports add constraint reports_target_type_check check (target_type in ('trade', 'opinion'))`.execute(db);
  await sql`delete from trade_price_marks where deal_id is not null`.execute(db);
  await sql`drop index if exists trade_price_marks_trade_idx`.execute(db);
  await sql`drop index if exists trade_price_marks_deal_idx`.execute(db);
  await sql`alter table trade_price_marks drop column counterparty_id`.execute(db);
  await sql`alter table trade_price_marks drop column deal_id`.execute(db);
  await sql`alter table trade_price_marks drop column id`.execute(db);
  await sql`alter table trade_price_marks add primary key (trade_id)`.execute(db);
  await sql`drop table if exists member_blocks`.execute(db);
  await sql`drop table if exists deal_reviews`.execute(db);
  await sql`drop table if exists messages`.execute(db);
  await sql`drop table if exists deals`.execute(db);
  await sql`drop table if exists conversations`.execute(db);
  await sql`alter table trades drop constraint if exists trades_deal_counts`.execute(db);
  await sql`alter table trades drop column sold_count`.execute(db);
  await sql`alter table trades drop column reserved_count`.execute(db);
}
