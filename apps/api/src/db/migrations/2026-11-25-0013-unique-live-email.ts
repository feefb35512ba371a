import { type Kysely, sql } from 'kysely';

/**
 * Emails are unique among live accounts, in the database itself (issue 10 §5): two sign-ups with
 * one email racing on two instances make one account, and the loser's insert fails on this index
 * (answered 409 '이미 사용 중인 이메일입니다.'). The email is normalised as the service compares it:
 * lower-cased. Should earlier races have left duplicates, the oldest account keeps the email and the
 * later ones lose it (they keep their phone or social sign-in and can set another on 내 정보).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update users set email = null
    where id in (
      select id from (
        select id, row_number() over (partition by lower(email) order by created_at, id) as n
        from users where deleted_at is null and email is not null
      ) ranked where n > 1
    )`.execute(db);
  await sql`create unique index users_email_live_idx on users (lower(email)) where deleted_at is null and email is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_email_live_idx`.execute(db);
}
