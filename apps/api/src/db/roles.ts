import { sql } from 'kysely';
import { migrateJobQueue } from '../lib/job-queue.ts';
import { type Db, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * Two database roles on PostgreSQL (issue 21, decision 0022): the owner, who migrates
 * (MIGRATION_DATABASE_URL), and the site's role (DATABASE_URL), which reads and writes rows but owns
 * nothing. The audit log's append-only trigger then holds against the site itself: only an owner (or
 * a member of the owner's role, or a superuser) may drop or disable a trigger, or drop the table.
 */

/** The owner cannot be reached, or the roles are set up so that the site could rewrite the audit log; the message says what to change. */
export class DatabaseRoleError extends Error {}

/** Kysely's own bookkeeping: the site may read it (a start finds nothing to migrate) but not fake a migration. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** A role name as SQL writes it, for a message an operator may paste. */
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The role this connection acts as. */
export async function currentRole(db: Db): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  return rows[0]?.role as string;
}

/**
 * Why `role` could change, delete or drop the audit log (an empty list when it cannot): it owns,
 * or may act as the owner of, the database, the schema, the table or its trigger function, or holds
 * privileges on the table beyond reading and adding rows. Membership counts as ownership: a member
 * may SET ROLE to the owner, and a superuser is a member of every role.
 */
export async function auditExposure(db: Db, role: string): Promise<string[]> {
  const { rows } = await sql<{ what: string }>`
    with r as (select ${role}::name as role),
         t as (select to_regclass('audit_log') as oid)
    select 'may act as the owner of the database ' || quote_ident(d.datname) as what
      from pg_database d, r where d.datname = current_database() and pg_has_role(r.role, d.datdba, 'MEMBER')
    union all
    select 'may act as the owner of the schema ' || quote_ident(n.nspname)
      from t join pg_class c on c.oid = t.oid join pg_namespace n on n.oid = c.relnamespace, r
     where pg_has_role(r.role, n.nspowner, 'MEMBER')
    union all
    select 'may act as the owner of the table audit_log'
      from t join pg_class c on c.oid = t.oid, r where pg_has_role(r.role, c.relowner, 'MEMBER')
    union all
    select 'may act as the owner of the function audit_log_append_only()'
      from pg_proc p, r where p.proname = 'audit_log_append_only' and pg_has_role(r.role, p.proowner, 'MEMBER')
    union all
    select 'holds UPDATE, DELETE, TRUNCATE, TRIGGER or REFERENCES on audit_log'
      from t, r where t.oid is not null and has_table_privilege(r.role, t.oid, 'UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES')`.execute(
    db,
  );
  return rows.map((r) => r.what);
}

/** Tables, sequences, views and functions in the connection's schema that `role` owns. */
async function ownedBy(db: Db, role: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname::text as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace join pg_roles o on o.oid = c.relowner
     where n.nspname = current_schema() and o.rolname = ${role}
    union all
    select p.proname || '()' from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace join pg_roles o on o.oid = p.proowner
     where n.nspname = current_schema() and o.rolname = ${role}
    order by 1`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * What the site's role may do, granted by the owner after every migration run so that tables a new
 * migration made are covered: read and write the rows of every table in the schema and use its
 * sequences; on the audit log only read and add. Idempotent. A table that must be append-only like
 * the audit log needs its own REVOKE here: by default the site may change every table's rows. A site role that owns something, or
 * could act as an owner, fails here with what to change: the grants alone would not protect the log.
 */
export async function grantSiteRole(owner: Db, site: string): Promise<void> {
  if (site === (await currentRole(owner))) return; // one role: nothing to separate
  const exists = await sql<{ ok: boolean }>`select exists (select from pg_roles where rolname = ${site}) as ok`.execute(owner);
  if (!exists.rows[0]?.ok) throw new DatabaseRoleError(`사이트의 데이터베이스 역할 ${site} 이(가) 없습니다 (no such role; docs/deploy.md)`);
  const role = sql.id(site);
  await owner.transaction().execute(async (tx) => {
    // Instances that start together each grant: concurrent GRANTs on one object can fail
    // ("tuple concurrently updated"), so they take turns.
    await sql`select pg_advisory_xact_lock(hashtext('beesang:grant-site-role'))`.execute(tx);
    const { rows } = await sql<{ schema: string }>`select coalesce(current_schema(), 'public') as schema`.execute(tx);
    const schema = sql.id(rows[0]?.schema ?? 'public');
    await sql`grant usage on schema ${schema} to ${role}`.execute(tx);
    // A table a later migration makes is the site's to use from the moment it exists, in the
    // migration's own transaction, not only once this runs again.
    await sql`alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${role}`.execute(tx);
    await sql`alter default privileges in schema ${schema} grant usage, select on sequences to ${role}`.execute(tx);
    // Table by table rather than ON ALL TABLES, which fails outright on a table we may not grant
    // (another role's: an extension's, or one the site wrongly owns, which the check below names).
    const ours = await sql<{ name: string; sequence: boolean }>`
      select c.relname::text as name, c.relkind = 'S' as sequence from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and pg_has_role(c.relowner, 'USAGE')
       order by 1`.execute(tx);
    const list = (sequence: boolean) => sql.join(ours.rows.filter((r) => r.sequence === sequence).map((r) => sql.id(r.name)));
    if (ours.rows.some((r) => !r.sequence)) await sql`grant select, insert, update, delete on table ${list(false)} to ${role}`.execute(tx);
    if (ours.rows.some((r) => r.sequence)) await sql`grant usage, select on sequence ${list(true)} to ${role}`.execute(tx);
    for (const table of MIGRATOR_TABLES) {
      await sql`revoke all on table ${sql.id(table)} from ${role}`.execute(tx);
      await sql`grant select on table ${sql.id(table)} to ${role}`.execute(tx);
    }
    // The job queue's schema (pg-boss; issue 23): the site reads and writes its jobs, changes no structure.
    const queue = await sql<{ ok: boolean }>`select exists (select from pg_namespace where nspname = 'pgboss') as ok`.execute(tx);
    if (queue.rows[0]?.ok) {
      await sql`grant usage on schema pgboss to ${role}`.execute(tx);
      await sql`grant select, insert, update, delete on all tables in schema pgboss to ${role}`.execute(tx);
      await sql`grant usage, select on all sequences in schema pgboss to ${role}`.execute(tx);
      await sql`grant execute on all functions in schema pgboss to ${role}`.execute(tx);
      await sql`alter default privileges in schema pgboss grant select, insert, update, delete on tables to ${role}`.execute(tx);
    }
    // Granted above with every other table; taken back here, from everyone but the owner.
    await sql`revoke all on table audit_log from ${role}, public`.execute(tx);
    await sql`grant select, insert on table audit_log to ${role}`.execute(tx);
  });
  const problems = [...(await ownedBy(owner, site)).map((name) => `owns ${name}`), ...(await auditExposure(owner, site))];
  if (problems.length > 0) {
    const me = await currentRole(owner);
    throw new DatabaseRoleError(
      `사이트의 데이터베이스 역할 ${site} 이(가) 감사 로그를 고치거나 지울 수 있습니다 (the site's role could rewrite the audit log): ${problems.join('; ')}. ` +
        `소유권을 마이그레이션 역할로 옮기고(REASSIGN OWNED BY ${quoteIdent(site)} TO ${quoteIdent(me)}) 멤버십과 superuser 권한을 거두세요 (docs/deploy.md).`,
    );
  }
}

/**
 * Brings the database to the latest migration. With MIGRATION_DATABASE_URL, over a connection of
 * its own as the owner, closed afterwards, and the site's role (whoever `site` connects as) is then
 * granted what it needs; without it, over the site's own connection, as it always was.
 */
export async function migrateDatabase(site: Db, migrationDatabaseUrl: string | undefined): Promise<void> {
  if (!migrationDatabaseUrl) {
    try {
      await migrateToLatest(site);
    } catch (error) {
      // A site role that may not create tables meets a new migration: the owner must run it.
      const e = error as Error & { code?: string; cause?: { code?: string } };
      if (e.code === '42501' || e.cause?.code === '42501')
        throw new DatabaseRoleError(
          `${(error as Error).message} — 사이트의 역할로는 마이그레이션할 수 없습니다: MIGRATION_DATABASE_URL 로 소유자가 npm run db:migrate 를 실행하세요 (migrate as the owner; docs/deploy.md)`,
        );
      throw error;
    }
    return;
  }
  let owner: Awaited<ReturnType<typeof openDatabase>>;
  try {
    owner = await openDatabase({ databaseUrl: migrationDatabaseUrl });
  } catch (error) {
    const safe = migrationDatabaseUrl.replace(/\/\/[^@/]*@/, '//***@');
    throw new DatabaseRoleError(`MIGRATION_DATABASE_URL(${safe}) 에 연결할 수 없습니다 (cannot connect): ${(error as Error).message}`);
  }
  try {
    const [ours, theirs] = await Promise.all(
      [owner.db, site].map((db) => sql<{ name: string }>`select current_database() as name`.execute(db)),
    );
    if (ours?.rows[0]?.name !== theirs?.rows[0]?.name)
      throw new DatabaseRoleError(
        `MIGRATION_DATABASE_URL 과 DATABASE_URL 이 다른 데이터베이스를 가리킵니다 (${ours?.rows[0]?.name} ≠ ${theirs?.rows[0]?.name})`,
      );
    await migrateToLatest(owner.db);
    // The job queue's own schema (issue 23), installed and upgraded by its library, as the owner too.
    await migrateJobQueue({ connectionString: migrationDatabaseUrl });
    await grantSiteRole(owner.db, await currentRole(site));
  } finally {
    await owner.close();
  }
}
