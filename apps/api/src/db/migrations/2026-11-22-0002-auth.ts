import { type Kysely, sql } from 'kysely';

/**
 * SMS verification shared by every instance through the database: codes (hash only), wrong
 * guesses per phone, single-use verification tickets, and the development outbox.
 */
const UP = `
  alter table users add column phone_masked varchar(20) not null default '';

  create table sms_codes (
    id bigserial primary key,
    phone_hash varchar(128) not null,
    code_hash varchar(128) not null,
    ip varchar(64) not null default '',
    expires_at timestamptz not null,
    used_at timestamptz,
    superseded_at timestamptz,
    created_at timestamptz not null
  );
  create index sms_codes_phone_idx on sms_codes (phone_hash, created_at desc);
  create index sms_codes_ip_idx on sms_codes (ip, created_at desc);
  create index sms_codes_created_idx on sms_codes (created_at);

  create table sms_failures (
    id bigserial primary key,
    phone_hash varchar(128) not null,
    at timestamptz not null
  );
  create index sms_failures_phone_idx on sms_failures (phone_hash, at desc);

  create table verification_tickets (
    ticket_hash varchar(128) primary key,
    phone_hash varchar(128) not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null
  );

  create table dev_sms_outbox (
    id bigserial primary key,
    phone varchar(20) not null,
    text text not null,
    sent_at timestamptz not null
  );
  create index dev_sms_outbox_phone_idx on dev_sms_outbox (phone, id desc);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists dev_sms_outbox, verification_tickets, sms_failures, sms_codes`.execute(db);
  await sql`alter table users drop column if exists phone_masked`.execute(db);
}
