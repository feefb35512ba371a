import { type Kysely, sql } from 'kysely';

/**
 * The schema for the whole product (spec §3): companies and prices, content, members, listings,
 * favourites, discussion, reports and sanctions. Money is BIGINT, never a float.
 */
const UP = `
    create table app_meta (key text primary key, value text not null);

    create table companies (
      id serial primary key,
      code varchar(12) not null unique,
      name varchar(100) not null,
      logo_url text not null default '',
      sector varchar(32) not null,
      labels text[] not null default '{}',
      shares_outstanding bigint not null default 0 check (shares_outstanding >= 0),
      ceo_name varchar(50) not null default '',
      founded_on date,
      address text not null default '',
      homepage_url text not null default '',
      business_summary text not null default '',
      current_price bigint not null default 0 check (current_price >= 0),
      previous_close bigint not null default 0 check (previous_close >= 0),
      price_updated_at timestamptz not null default now(),
      view_count bigint not null default 0,
      listed_at timestamptz not null default now(),
      is_demo boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index companies_sector_idx on companies (sector);
    create index companies_labels_idx on companies using gin (labels);
    create index companies_price_updated_idx on companies (price_updated_at desc);

    create table company_financials (
      company_id int not null references companies(id) on delete cascade,
      year int not null,
      revenue bigint not null,
      operating_profit bigint not null,
      net_income bigint not null,
      operating_margin numeric(9,2) not null,
      debt_ratio numeric(9,2) not null,
      roe numeric(9,2) not null,
      primary key (company_id, year)
    );

    create table price_bars (
      company_id int not null references companies(id) on delete cascade,
      day date not null,
      open bigint not null,
      high bigint not null,
      low bigint not null,
      close bigint not null,
      volume bigint not null default 0,
      primary key (company_id, day)
    );

    create table company_daily_views (
      company_id int not null references companies(id) on delete cascade,
      day date not null,
      views bigint not null default 0,
      primary key (company_id, day)
    );
    create index company_daily_views_day_idx on company_daily_views (day);

    create table page_views (
      id bigserial primary key,
      path varchar(300) not null,
      company_id int references companies(id) on delete set null,
      referrer varchar(500),
      viewed_at timestamptz not null default now()
    );
    create index page_views_viewed_at_idx on page_views (viewed_at);

    create table contents (
      id serial primary key,
      kind varchar(16) not null check (kind in ('notice', 'event', 'news', 'market')),
      title varchar(200) not null,
      summary text not null default '',
      body text not null,
      thumbnail_url text not null default '',
      source varchar(100) not null default '',
      pinned boolean not null default false,
      event_starts_at timestamptz,
      event_ends_at timestamptz,
      published_at timestamptz not null default now(),
      is_demo boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index contents_kind_published_idx on contents (kind, pinned desc, published_at desc, id desc);

    create table users (
      id serial primary key,
      login_provider smallint not null default 1,
      social_subject varchar(255),
      login_id varchar(255),
      password_hash text,
      phone_hash varchar(128),
      phone_enc text,
      email varchar(255),
      nickname varchar(20) not null,
      real_name varchar(20),
      profile_image_url text not null default '',
      user_level smallint not null default 1,
      expert_type smallint not null default 0,
      expert_name varchar(20),
      office_name varchar(100),
      office_dept varchar(100),
      introduction varchar(500),
      sanction_state smallint not null default 0,
      ci_enc text,
      di_hash varchar(128),
      marketing_flag boolean not null default false,
      nighttime_alarm_flag boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create unique index users_phone_idx on users (phone_hash) where deleted_at is null;
    create unique index users_login_id_idx on users (lower(login_id)) where deleted_at is null;
    create unique index users_social_idx on users (login_provider, social_subject) where deleted_at is null and social_subject is not null;
    create unique index users_di_idx on users (di_hash) where deleted_at is null;

    create table refresh_tokens (
      id bigserial primary key,
      user_id int not null references users(id) on delete cascade,
      family_id uuid not null,
      token_hash varchar(128) not null unique,
      expires_at timestamptz not null,
      family_expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index refresh_tokens_family_idx on refresh_tokens (family_id);

    create table favorites (
      user_id int not null references users(id) on delete cascade,
      company_id int not null references companies(id) on delete cascade,
      sort_order int not null default 0,
      created_at timestamptz not null default now(),
      primary key (user_id, company_id)
    );

    create table trades (
      id bigserial primary key,
      company_id int not null references companies(id),
      user_id int not null references users(id),
      trade_type smallint not null check (trade_type in (1, 2)),
      stock_count bigint not null check (stock_count > 0),
      stock_per_price bigint not null check (stock_per_price between 1 and 99999999),
      count_negotiable boolean not null default false,
      price_negotiable boolean not null default false,
      status smallint not null default 11,
      list_pin smallint not null default 0,
      proof_image_url text not null default '',
      proof_type varchar(16) not null default 'NONE',
      proof_check_status smallint not null default 0,
      finished_price bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      expires_at timestamptz not null,
      finished_at timestamptz,
      constraint trades_total_check check (stock_count * stock_per_price <= 9999999999999)
    );
    create index trades_company_idx on trades (company_id, status, list_pin desc, created_at desc);
    create index trades_user_idx on trades (user_id, created_at desc);

    create table opinions (
      id bigserial primary key,
      company_id int not null references companies(id),
      user_id int not null references users(id),
      body varchar(1000) not null,
      status smallint not null default 11,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index opinions_company_idx on opinions (company_id, created_at desc);

    create table reports (
      id bigserial primary key,
      reporter_id int not null references users(id),
      target_type varchar(16) not null check (target_type in ('trade', 'opinion')),
      target_id bigint not null,
      reason smallint not null,
      detail varchar(500) not null default '',
      status smallint not null default 0,
      created_at timestamptz not null default now(),
      unique (reporter_id, target_type, target_id)
    );

    create table sanctions (
      id bigserial primary key,
      user_id int not null references users(id),
      state smallint not null,
      reason text not null default '',
      starts_at timestamptz not null default now(),
      ends_at timestamptz,
      created_by int references users(id),
      created_at timestamptz not null default now()
    );

    create table idempotency_keys (
      user_id int not null,
      key varchar(100) not null,
      route varchar(100) not null,
      status_code smallint,
      response_body text,
      created_at timestamptz not null default now(),
      primary key (user_id, route, key)
    );

    create table staff_access_log (
      id bigserial primary key,
      staff_user_id int not null,
      target_user_id int,
      action varchar(100) not null,
      ip varchar(64),
      at timestamptz not null default now()
    );
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement at a time: prepared statements take a single command.
  for (const statement of UP.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists staff_access_log, idempotency_keys, sanctions, reports, opinions, trades, favorites,
      refresh_tokens, users, contents, page_views, company_daily_views, price_bars, company_financials,
      companies, app_meta cascade;
  `.execute(db);
}
