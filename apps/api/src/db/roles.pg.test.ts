import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SanctionState } from '@beesang/contract';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { insertCompany } from '../test/factories.ts';
import { createScratchDatabase } from '../test/test-app.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { type PreparedDatabase, prepareDatabase, StartupError } from './prepare.ts';
import { DatabaseRoleError, migrateDatabase } from './roles.ts';
import { setStaffRole } from './staff.ts';

/**
 * Issue 21: the audit log holds against the site itself. A database of its own with two roles made
 * the way docs/deploy.md tells an operator to: the owner migrates through the real command
 * (`npm run db:migrate` with MIGRATION_DATABASE_URL), and the site's role may then add to the audit
 * log and read it, but not change, delete, truncate or drop it, nor drop or disable its trigger;
 * the site itself still works.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('roles.pg.test.ts needs TEST_DATABASE_URL (a PostgreSQL server where it may create roles)');

const tag = randomBytes(4).toString('hex');
const OWNER = `beesang_owner_${tag}`;
// A name that must be quoted: spaces, a hyphen and a double quote (role names come from a URL).
const SITE = `beesang site-${tag}"x`;
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const urlAs = (base: string, role: string) => {
  const url = new URL(base);
  url.username = encodeURIComponent(role);
  return url.toString();
};

async function asAdmin(url: string, statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** Runs `statement` and gives back the SQLSTATE it failed with (undefined when it succeeded). */
async function failure(db: DatabaseHandle['db'], statement: RawBuilder<unknown>): Promise<{ code?: string; message: string } | undefined> {
  try {
    await statement.execute(db);
    return undefined;
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
}

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let ownerUrl: string;
let siteUrl: string;
let site: DatabaseHandle;
let owner: DatabaseHandle;

beforeAll(async () => {
  await asAdmin(adminUrl, [`create role ${ident(OWNER)} login`, `create role ${ident(SITE)} login`]);
  scratch = await createScratchDatabase(adminUrl);
  // As docs/deploy.md tells an operator: the owner owns the database and its public schema, and
  // nobody else may create in the schema (PostgreSQL 14 and older let everyone).
  await asAdmin(adminUrl, [`alter database ${new URL(scratch.url).pathname.slice(1)} owner to ${ident(OWNER)}`]);
  await asAdmin(scratch.url, [`alter schema public owner to ${ident(OWNER)}`, 'revoke create on schema public from public']);
  ownerUrl = urlAs(scratch.url, OWNER);
  siteUrl = urlAs(scratch.url, SITE);

  const cli = fileURLToPath(new URL('./migrate-cli.ts', import.meta.url));
  const out = spawnSync(process.execPath, [cli], {
    env: { ...process.env, DATABASE_URL: siteUrl, MIGRATION_DATABASE_URL: ownerUrl, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(out.status, out.stderr).toBe(0);
  expect(out.stdout).toContain('site role granted');
  site = await openDatabase({ databaseUrl: siteUrl });
  owner = await openDatabase({ databaseUrl: ownerUrl });
}, 180_000);

afterAll(async () => {
  await site?.close();
  await owner?.close();
  await scratch?.drop();
  await asAdmin(adminUrl, [`drop role if exists ${ident(SITE)}`, `drop role if exists ${ident(OWNER)}`]);
}, 60_000);

describe('the site’s role and the audit log (issue 21)', () => {
  it('the tables belong to the owner, who migrated them', async () => {
    const { rows } = await sql<{ owner: string; n: number }>`
      select pg_get_userbyid(relowner) as owner, count(*)::int as n from pg_class
       where relnamespace = 'public'::regnamespace and relkind in ('r', 'S') group by 1`.execute(site.db);
    expect(rows).toEqual([{ owner: OWNER, n: expect.any(Number) }]);
    expect(rows[0]?.n).toBeGreaterThan(20);
  });

  it('may add entries to the audit log and read them', async () => {
    await sql`insert into audit_log (actor, action, target_type, target_id, at) values ('test', 'roles.check', 'TEST', ${tag}, now())`.execute(
      site.db,
    );
    const { rows } = await sql<{ actor: string }>`select actor from audit_log where target_id = ${tag}`.execute(site.db);
    expect(rows).toEqual([{ actor: 'test' }]);
  });

  it('may not change, delete, truncate or drop it, nor drop or disable its trigger, nor replace the trigger’s function', async () => {
    const refused = {
      delete: sql`delete from audit_log`,
      update: sql`update audit_log set action = 'x'`,
      truncate: sql`truncate audit_log`,
      'drop trigger': sql`drop trigger audit_log_no_change on audit_log`,
      'drop truncate trigger': sql`drop trigger audit_log_no_truncate on audit_log`,
      'drop table': sql`drop table audit_log`,
      'disable trigger': sql`alter table audit_log disable trigger audit_log_no_change`,
      'disable all triggers': sql`alter table audit_log disable trigger all`,
      'replace function': sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return new; end $$`,
      'drop schema': sql`drop schema public cascade`,
      'a table of its own': sql`create table mine (id int)`,
    };
    for (const [what, statement] of Object.entries(refused)) {
      const error = await failure(site.db, statement);
      // 42501 insufficient_privilege: refused for the role, before any trigger is asked.
      expect(error, what).toMatchObject({ code: '42501' });
      expect(error?.message, what).not.toContain('append-only');
    }
    expect((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(site.db)).rows[0]?.n).toBeGreaterThan(0);
  });

  it('where the owner could drop the trigger: the refusals above are the role’s, not the database’s', async () => {
    await expect(
      owner.db.transaction().execute(async (tx) => {
        await sql`drop trigger audit_log_no_change on audit_log`.execute(tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(sql`delete from audit_log`.execute(owner.db)).rejects.toThrow(/append-only/);
  });

  it('may use a table the owner makes later (a new migration) at once, before the grants run again', async () => {
    await sql`create table later_feature (id bigserial primary key, note text)`.execute(owner.db);
    try {
      await sql`insert into later_feature (note) values ('site')`.execute(site.db);
      expect((await sql<{ note: string }>`select note from later_feature`.execute(site.db)).rows).toEqual([{ note: 'site' }]);
    } finally {
      await sql`drop table later_feature`.execute(owner.db);
    }
  });

  it('reads the migrations without running any: a start without MIGRATION_DATABASE_URL finds nothing to do', async () => {
    await expect(migrateDatabase(site.db, undefined)).resolves.toBeUndefined();
    await expect(sql`delete from kysely_migration`.execute(site.db)).rejects.toMatchObject({ code: '42501' });
  });

  it('a start on the site’s role with migrations pending stops, saying to migrate as the owner', async () => {
    const fresh = await createScratchDatabase(adminUrl);
    try {
      await asAdmin(adminUrl, [`alter database ${new URL(fresh.url).pathname.slice(1)} owner to ${ident(OWNER)}`]);
      await asAdmin(fresh.url, [`alter schema public owner to ${ident(OWNER)}`, 'revoke create on schema public from public']);
      const error = await prepareDatabase({ databaseUrl: urlAs(fresh.url, SITE), seedDemoData: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).toContain('permission denied');
      expect((error as Error).message).toContain('MIGRATION_DATABASE_URL 로 소유자가 npm run db:migrate 를 실행하세요');
    } finally {
      await fresh.drop();
    }
  });

  it('an owner’s address on another database, or one that does not answer, is refused before anything runs', async () => {
    const elsewhere = await migrateDatabase(site.db, urlAs(adminUrl, OWNER)).catch((e: unknown) => e);
    expect(elsewhere).toBeInstanceOf(DatabaseRoleError);
    expect((elsewhere as Error).message).toContain('다른 데이터베이스');
    const unreachable = new URL(urlAs(scratch.url, OWNER));
    unreachable.password = 'secret-pw';
    unreachable.port = '1';
    const down = await migrateDatabase(site.db, unreachable.toString()).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(DatabaseRoleError);
    expect((down as Error).message).toContain('MIGRATION_DATABASE_URL(postgres://***@127.0.0.1:1/');
    expect((down as Error).message).not.toContain('secret-pw');
  });

  it('a site role that owns a table is refused, with what to change', async () => {
    await asAdmin(scratch.url, ['create table stray (id int)', `alter table stray owner to ${ident(SITE)}`]);
    try {
      const error = await migrateDatabase(site.db, ownerUrl).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseRoleError);
      expect((error as Error).message).toContain('owns stray');
      expect((error as Error).message).toContain(`REASSIGN OWNED BY ${ident(SITE)} TO ${ident(OWNER)}`);
    } finally {
      await asAdmin(scratch.url, ['drop table stray']);
    }
  });

  it('a site role that may act as the owner is refused', async () => {
    await asAdmin(adminUrl, [`grant ${ident(OWNER)} to ${ident(SITE)}`]);
    try {
      const error = await migrateDatabase(site.db, ownerUrl).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseRoleError);
      expect((error as Error).message).toContain('may act as the owner of the table audit_log');
    } finally {
      await asAdmin(adminUrl, [`revoke ${ident(OWNER)} from ${ident(SITE)}`]);
    }
    await expect(migrateDatabase(site.db, ownerUrl)).resolves.toBeUndefined();
  });
});

describe('the site on its own role', () => {
  let prepared: PreparedDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logs: string[] = [];

  beforeAll(async () => {
    // The start-up path: migrate as the owner, grant again (idempotent), serve as the site.
    prepared = await prepareDatabase({
      databaseUrl: siteUrl,
      migrationDatabaseUrl: ownerUrl,
      warnIfAuditExposed: true,
      seedDemoData: false,
      log: (m) => logs.push(m),
    });
    app = await buildApp({
      config: {
        env: 'test',
        publicUrl: 'http://localhost',
        webBuildDir: '/nonexistent',
        logLevel: 'silent',
        trustProxy: undefined,
        databaseUrl: siteUrl,
      },
      db: prepared.db,
      web: false,
      logger: false,
    });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await prepared?.close();
  });

  type WithAuth = { services: { auth: { issueFor(id: number): Promise<{ accessToken: string }> } } };
  async function member(nickname: string) {
    const row = await prepared.db
      .insertInto('users')
      .values({ nickname, user_level: 2, sanction_state: 0, expert_type: 0 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const headers = async (id: number) => {
    const pair = await (app as unknown as WithAuth).services.auth.issueFor(id);
    return { authorization: `Bearer ${pair.accessToken}` };
  };

  it('starts without a warning: its role cannot rewrite the audit log', () => {
    expect(logs.filter((l) => l.includes('경고'))).toEqual([]);
  });

  it('a member’s ordinary write works', async () => {
    const company = await insertCompany(prepared.db);
    const id = await member(`역할${tag}`);
    const res = await app.inject({ method: 'POST', url: `/api/stock/add/favorite/stock/${company}`, headers: await headers(id) });
    expect(res.statusCode, res.body).toBe(200);
    const list = await app.inject({ url: '/api/stock/favorite/stock/list/1', headers: await headers(id) });
    expect(list.body).toContain(`"companyIdx":${company}`);
  });

  it('staff:grant and an operator’s audited change write their entries as the site’s role', async () => {
    const admin = await member(`운영${tag}`);
    const target = await member(`대상${tag}`);
    expect(await setStaffRole(prepared.db, String(admin), 'ADMIN', { osUser: 'ops', host: 'bastion' })).toBe(admin);
    const h = await headers(admin);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/member/${target}/sanction`,
      payload: { state: SanctionState.WARN, reason: '역할 분리 확인' },
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    const audit = await app.inject({ url: `/api/admin/audit?target=USER:${target}`, headers: h });
    expect(audit.statusCode, audit.body).toBe(200);
    const { data } = (audit.json() as { result: { data: Array<{ action: string; staffUserIdx: number }> } }).result;
    expect(data.map((e) => [e.action, e.staffUserIdx])).toEqual([['member.sanction', admin]]);
    const grant = await app.inject({ url: `/api/admin/audit?target=USER:${admin}`, headers: h });
    expect(grant.body).toContain('명령줄 (ops@bastion)');
  });

  it('one role for everything starts too, and says in production that the audit log is exposed', async () => {
    const warnings: string[] = [];
    const single = await prepareDatabase({
      databaseUrl: ownerUrl,
      warnIfAuditExposed: true,
      seedDemoData: false,
      log: (m) => warnings.push(m),
    });
    await single.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`역할 ${OWNER}`);
    expect(warnings[0]).toContain('the table audit_log');
    expect(warnings[0]).toContain('MIGRATION_DATABASE_URL');
  });
});
