import { type Kysely, sql } from 'kysely';

/**
 * Where a member's push notifications go (issue 23): each browser that opted in (a Web Push
 * subscription, found by its endpoint) and each app install that signed in with an FCM token. An
 * endpoint or a token belongs to one member at a time: the last one to register it on that browser
 * or phone. Targets the provider reports gone are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      user_agent text not null default '',
      created_at timestamptz not null,
      last_success_at timestamptz
    )`.execute(db);
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id, created_at desc)`.execute(db);
  await sql`
    create table device_tokens (
      id bigserial primary key,
      user_id integer not null references users (id) on delete cascade,
      token text not null unique,
      platform smallint not null check (platform in (1, 2, 3)),
      created_at timestamptz not null,
      last_seen_at timestamptz not null
    )`.execute(db);
  await sql`create index device_tokens_user_idx on device_tokens (user_id, last_seen_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists device_tokens`.execute(db);
  await sql`drop table if exists push_subscriptions`.execute(db);
}
