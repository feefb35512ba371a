import { type Kysely, sql } from 'kysely';

/** Identity verification (본인확인) requests: who asked, what the provider answered, single use. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity_requests (
      token_hash varchar(128) primary key,
      user_id int references users(id) on delete cascade,
      ci_enc text,
      di_hash varchar(128),
      verified_name varchar(50),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      completed_at timestamptz,
      used_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists identity_requests`.execute(db);
}
