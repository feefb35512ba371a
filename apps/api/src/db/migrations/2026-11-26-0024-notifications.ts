import { type Kysely, sql } from 'kysely';

/**
 * Notifications (issue 23): what a member is told, written in the transaction of what caused it,
 * each at most once (a dedupe key per member), one unread per conversation (a coalescing key);
 * what each channel delivered; the member's switches; price alerts; a favourite's listing alert;
 * campaigns and the recipients held until morning; the devices a member signed in from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      kind varchar(24) not null,
      title varchar(200) not null,
      body text not null default '',
      url varchar(300) not null default '',
      dedupe_key varchar(120) not null,
      coalesce_key varchar(120),
      created_at timestamptz not null,
      read_at timestamptz,
      unique (user_id, dedupe_key)
    )`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
  await sql`create unique index notifications_coalesce_idx on notifications (user_id, coalesce_key) where read_at is null and coalesce_key is not null`.execute(
    db,
  );
  await sql`create index notifications_age_idx on notifications (created_at)`.execute(db);
  await sql`
    create table notification_deliveries (
      notification_id bigint not null references notifications (id) on delete cascade,
      channel varchar(10) not null,
      state varchar(10) not null,
      targets integer not null default 0,
      at timestamptz not null,
      primary key (notification_id, channel)
    )`.execute(db);
  await sql`
    create table notification_settings (
      user_id integer primary key references users (id) on delete cascade,
      groups jsonb not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table price_alerts (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      company_id integer not null references companies (id),
      direction varchar(5) not null check (direction in ('ABOVE', 'BELOW')),
      price bigint not null check (price between 1 and 99999999),
      last_fired_day date,
      last_fired_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index price_alerts_company_idx on price_alerts (company_id, direction, price)`.execute(db);
  await sql`create index price_alerts_user_idx on price_alerts (user_id, created_at desc)`.execute(db);
  await sql`alter table favorites add column listing_alert boolean not null default true`.execute(db);
  await sql`alter table favorites add column listing_alert_price bigint check (listing_alert_price between 1 and 99999999)`.execute(db);
  await sql`create index favorites_company_idx on favorites (company_id) where listing_alert`.execute(db);
  await sql`
    create table campaigns (
      id bigserial primary key,
      title varchar(200) not null,
      body text not null,
      url varchar(300) not null default '',
      created_by integer not null references users (id),
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table campaign_holds (
      campaign_id bigint not null references campaigns (id),
      user_id integer not null references users (id) on delete cascade,
      release_at timestamptz not null,
      primary key (campaign_id, user_id)
    )`.execute(db);
  await sql`create index campaign_holds_release_idx on campaign_holds (release_at)`.execute(db);
  await sql`
    create table sign_in_devices (
      user_id integer not null references users (id) on delete cascade,
      device_key varchar(64) not null,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      primary key (user_id, device_key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sign_in_devices',
    'campaign_holds',
    'campaigns',
    'price_alerts',
    'notification_settings',
    'notification_deliveries',
    'notifications',
  ])
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
  await sql`drop index if exists favorites_company_idx`.execute(db);
  await sql`alter table favorites drop column if exists listing_alert_price`.execute(db);
  await sql`alter table favorites drop column if exists listing_alert`.execute(db);
}
