import { type Kysely, sql } from 'kysely';

/**
 * Every change an operator makes (issue 11 §1): written in the same transaction as the change, and
 * append-only. No route changes it, and a trigger refuses UPDATE, DELETE and TRUNCATE for every
 * database role the app uses, so even a bug or a stolen app credential cannot rewrite history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // "Revoke sessions" must end access tokens too, not only refresh tokens.
  await sql`alter table users add column sessions_revoked_at timestamptz`.execute(db);
  await sql`
    create table audit_log (
      id bigserial primary key,
      staff_user_id integer not null references users (id),
      action varchar(60) not null,
      target_type varchar(20) not null,
      target_id varchar(40) not null,
      detail text not null default '',
      ip varchar(64) not null default '',
      at timestamptz not null
    )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_staff_idx on audit_log (staff_user_id, at desc)`.execute(db);
  await sql`create index audit_log_target_idx on audit_log (target_type, target_id, at desc)`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only' using errcode = '42501';
    end
    $$`.execute(db);
  await sql`create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(
    db,
  );
  await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  await sql`alter table users drop column if exists sessions_revoked_at`.execute(db);
}
