import { type Kysely, sql } from 'kysely';

/**
 * Sessions that end at once (issue 13 §2): every authenticated request asks whether its session
 * (refresh-token family, already indexed) is still live, and ending all of a member's sessions
 * finds their live tokens by member, by this index. A member's last password sign-in, so that failed attempts since then
 * can be told to them once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index refresh_tokens_user_live_idx on refresh_tokens (user_id) where revoked_at is null`.execute(db);
  await sql`alter table users add column last_sign_in_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists last_sign_in_at`.execute(db);
  await sql`drop index if exists refresh_tokens_user_live_idx`.execute(db);
}
