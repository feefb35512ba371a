import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { commandLineActor, parseStaffGrantArgs, setStaffRole } from '../../db/staff.ts';
import { expectError } from '../../test/http.ts';
import { createMember, expiredToken, freshHeaders, type TestMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let operator: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp({ companies: 3 });
  operator = await createMember(t);
  member = await createMember(t);
  await t.db.updateTable('users').set({ login_id: 'ops@beesang.kr', email: 'ops@beesang.kr' }).where('id', '=', operator.id).execute();
  await t.db
    .updateTable('users')
    .set({ email: 'member@example.com', phone_masked: '010****5678', real_name: '김비상', ci_enc: 'encrypted-ci' })
    .where('id', '=', member.id)
    .execute();
  expect(await setStaffRole(t.db, 'OPS@beesang.kr', 'ADMIN')).toBe(operator.id);
  // A role change ends the member's sessions (issue 13 §2): the operator signs in again as one.
  expect((await t.app.inject({ url: '/api/admin/access-log', headers: operator.headers })).statusCode).toBe(401);
  operator = { ...operator, headers: await freshHeaders(t, operator.id) };
});

afterAll(() => t?.close());

const log = () => t.db.selectFrom('staff_access_log').selectAll().orderBy('id').execute();

describe('staff access to personal data (SECURITY.md 24)', () => {
  it('refuses visitors, expired tokens and plain members, and logs nothing for them', async () => {
    const url = `/api/admin/member/${member.id}`;
    await expectError(t.app, url, 401);
    await expectError(t.app, { method: 'GET', url, headers: await expiredToken(t, operator.id) }, 401);
    await expectError(t.app, { method: 'GET', url, headers: member.headers }, 403, messages.staffOnly);
    await expectError(t.app, { method: 'GET', url: '/api/admin/access-log', headers: member.headers }, 403, messages.staffOnly);
    expect(await log()).toEqual([]);
  });

  it('shows an operator the member and writes who, when, from where, whose data and what', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/member/${member.id}`,
      headers: operator.headers,
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { result: Record<string, unknown> };
    expect(body.result).toMatchObject({
      userIdx: member.id,
      userEmail: 'member@example.com',
      userName: '김비상',
      phoneMasked: '010****5678',
      identityVerified: true,
    });
    // Never the CI itself, nor any hash.
    expect(res.body).not.toContain('encrypted-ci');
    const entries = await log();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staff_user_id: operator.id, target_user_id: member.id, action: 'member.view', ip: '203.0.113.7' });
    expect(entries[0]?.at.toISOString()).toBe(t.clock.now().toISOString());
    expect(entries[0]?.detail).toContain('masked phone');
  });

  it('lists the log for operators; reading it is logged too', async () => {
    await expectError(t.app, { method: 'GET', url: '/api/admin/member/999999', headers: operator.headers }, 404, messages.memberNotFound);
    const res = await t.app.inject({ url: `/api/admin/access-log?targetUserIdx=${member.id}`, headers: operator.headers });
    expect(res.statusCode, res.body).toBe(200);
    const result = (res.json() as { result: { data: Array<{ action: string; staffUserIdx: number }>; total: number } }).result;
    expect(result.data.map((e) => e.action)).toEqual(['access-log.view', 'member.view']);
    expect(result.data.every((e) => e.staffUserIdx === operator.id)).toBe(true);
  });

  it('revoking the role ends the access', async () => {
    expect(await setStaffRole(t.db, 'ops@beesang.kr', null)).toBe(operator.id);
    // The session ended with the role; signed in again, the member is no operator.
    await expectError(t.app, { method: 'GET', url: `/api/admin/member/${member.id}`, headers: operator.headers }, 401);
    await expectError(t.app, { method: 'GET', url: `/api/admin/member/${member.id}`, headers: await freshHeaders(t, operator.id) }, 403);
    expect(await setStaffRole(t.db, 'nobody@example.com', 'ADMIN')).toBeNull();
  });
});

describe('npm run staff:grant leaves an audit entry (issue 21)', () => {
  const entriesFor = (id: number) =>
    t.db
      .selectFrom('audit_log')
      .select(['staff_user_id', 'actor', 'action', 'target_type', 'target_id', 'detail', 'ip'])
      .where('target_type', '=', 'USER')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();

  it('names the operating-system user running it and the host', () => {
    expect(commandLineActor()).toEqual({ osUser: userInfo().username, host: hostname() });
  });

  it('writes who ran it and the role given or taken; the console lists and exports it', async () => {
    const m = await createMember(t);
    const admin = await createMember(t);
    await setStaffRole(t.db, String(admin.id), 'ADMIN', { osUser: 'deploy', host: 'web-1' });
    expect(await setStaffRole(t.db, String(m.id), 'EDITOR', { osUser: 'deploy', host: 'web-1' })).toBe(m.id);
    expect(await setStaffRole(t.db, String(m.id), null)).toBe(m.id);
    expect(await entriesFor(m.id)).toEqual([
      {
        staff_user_id: null,
        actor: 'cli:deploy@web-1',
        action: 'member.role',
        target_type: 'USER',
        target_id: String(m.id),
        detail: JSON.stringify({ role: 'EDITOR', via: 'staff:grant', osUser: 'deploy' }),
        ip: '',
      },
      {
        staff_user_id: null,
        actor: `cli:${userInfo().username}@${hostname()}`,
        action: 'member.role',
        target_type: 'USER',
        target_id: String(m.id),
        detail: JSON.stringify({ role: null, via: 'staff:grant', osUser: userInfo().username }),
        ip: '',
      },
    ]);

    const headers = await freshHeaders(t, admin.id);
    const res = await t.app.inject({ url: `/api/admin/audit?target=USER:${m.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = (res.json() as { result: { data: Array<Record<string, unknown>> } }).result;
    expect(data.map((e) => [e.staffUserIdx, e.staffNickname, e.action])).toEqual([
      [null, `명령줄 (${userInfo().username}@${hostname()})`, 'member.role'],
      [null, '명령줄 (deploy@web-1)', 'member.role'],
    ]);
    const csv = await t.app.inject({ url: `/api/admin/audit/export?target=USER:${m.id}`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',,명령줄 (deploy@web-1),member.role,USER,');
  });

  it('writes nothing when no member matches', async () => {
    const before = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await setStaffRole(t.db, 'nobody-at-all@example.com', 'ADMIN')).toBeNull();
    const after = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('npm run staff:grant arguments', () => {
  it.each([
    [['11'], { who: '11', role: 'ADMIN' }],
    [['ops@beesang.kr', '--role', 'moderator'], { who: 'ops@beesang.kr', role: 'MODERATOR' }],
    [['--role', 'EDITOR', '11'], { who: '11', role: 'EDITOR' }],
    [['--revoke', '11'], { who: '11', role: null }],
    [[], null],
    [['--role', 'OWNER', '11'], null],
    [['11', '12'], null],
    [['--role'], null],
  ])('%j → %j', (args, expected) => {
    expect(parseStaffGrantArgs(args)).toEqual(expected);
  });
});

const entriesOf = (db: Db, id: number) =>
  db.selectFrom('audit_log').select(['actor', 'detail']).where('target_type', '=', 'USER').where('target_id', '=', String(id)).execute();

describe('npm run staff:grant, the real command', () => {
  const cli = fileURLToPath(new URL('../../db/staff-cli.ts', import.meta.url));
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });

  it('makes the named member an ADMIN without --role: on PostgreSQL while the site runs, on the embedded database beside it', async () => {
    if (t.databaseUrl) {
      // PostgreSQL: the running app keeps serving; the command changes the shared database.
      const m = await createMember(t);
      await t.db.updateTable('users').set({ email: 'grant-pg@beesang.kr' }).where('id', '=', m.id).execute();
      const out = run(['grant-pg@beesang.kr'], { DATABASE_URL: t.databaseUrl });
      expect(out.status, out.stderr).toBe(0);
      expect(out.stdout).toContain(`ADMIN 권한을 부여했습니다 (member ${m.id}`);
      // The grant ended the member's sessions; signed in again, they are an operator.
      expect((await t.app.inject({ url: '/api/admin/audit', headers: m.headers })).statusCode).toBe(401);
      const res = await t.app.inject({ url: '/api/admin/audit', headers: await freshHeaders(t, m.id) });
      expect(res.statusCode).toBe(200);
      expect((await entriesOf(t.db, m.id)).map((e) => e.actor)).toEqual([`cli:${userInfo().username}@${hostname()}`]);
      return;
    }
    // The embedded database: a data folder of its own, closed while the command runs.
    const dir = mkdtempSync(join(tmpdir(), 'beesang-grant-'));
    try {
      let handle = await openDatabase({ dataDir: dir });
      await migrateToLatest(handle.db);
      const { id } = await handle.db
        .insertInto('users')
        .values({ nickname: '첫운영자', user_level: 2, sanction_state: 0, expert_type: 0, email: 'first@beesang.kr' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.close();
      const out = run([String(id)], { DATA_DIR: dir, DATABASE_URL: '' });
      expect(out.status, out.stderr).toBe(0);
      expect(out.stdout).toContain(`ADMIN 권한을 부여했습니다 (member ${id}, role ADMIN)`);
      const usage = run([], { DATA_DIR: dir, DATABASE_URL: '' });
      expect(usage.status).toBe(1);
      expect(usage.stderr).toContain('사용법');
      handle = await openDatabase({ dataDir: dir });
      const row = await handle.db.selectFrom('users').select('staff_role').where('id', '=', id).executeTakeFirstOrThrow();
      const entries = await entriesOf(handle.db, id);
      await handle.close();
      expect(row.staff_role).toBe('ADMIN');
      // The command wrote down who ran it (issue 21).
      expect(entries).toEqual([
        { actor: `cli:${userInfo().username}@${hostname()}`, detail: expect.stringContaining('"via":"staff:grant"') },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
