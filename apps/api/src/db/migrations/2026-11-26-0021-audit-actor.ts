import { type Kysely, sql } from 'kysely';

/**
 * An audit entry may be written by someone who is not a member signed in to the console: the
 * command line (`npm run staff:grant`, issue 21), which names the operating-system user and host
 * that ran it in `actor` ('cli:root@web-1'). Every entry still names someone: an operator, an
 * actor, or both.
 *
 * No row changes here: dropping NOT NULL and adding a column with no default touch the catalogue
 * only, so the append-only trigger (migration 0015) is not involved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log alter column staff_user_id drop not null`.execute(db);
  await sql`alter table audit_log add column actor text`.execute(db);
  await sql`alter table audit_log add constraint audit_log_names_someone check (staff_user_id is not null or actor is not null)`.execute(
    db,
  );
}

/** Fails while a command-line entry exists: the log is append-only, so going back would mean losing one. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log drop constraint if exists audit_log_names_someone`.execute(db);
  await sql`alter table audit_log drop column if exists actor`.execute(db);
  await sql`alter table audit_log alter column staff_user_id set not null`.execute(db);
}
