import { sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { insertCompany } from '../../test/factories.ts';
import { type Running, startServer } from '../../test/server-process.ts';
import { createScratchDatabase } from '../../test/test-app.ts';
import { PRICE_CHANGED_JOB } from './alerts/price-alerts.service.ts';

/**
 * Issue 23 §4 against the real server process on PostgreSQL: SIGKILL in the middle of a
 * 10,000-member fan-out (a price crossing 10,000 members' alerts), then a restart: every member has
 * exactly one notification, none lost, none doubled.
 */
const MEMBERS = 10_000;
const adminUrl = process.env.TEST_DATABASE_URL as string;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function count(db: DatabaseHandle['db'], query: ReturnType<typeof sql<{ n: number }>>) {
  return Number((await query.execute(db)).rows[0]?.n ?? 0);
}

describe('a fan-out killed half-way (issue 23 §4)', () => {
  it('after a restart, each of 10,000 members has exactly one notification', { timeout: 180_000 }, async () => {
    const scratch = await createScratchDatabase(adminUrl);
    cleanups.push(() => scratch.drop());
    const handle = await openDatabase({ databaseUrl: scratch.url });
    cleanups.push(() => handle.close());
    await migrateToLatest(handle.db);
    const company = await insertCompany(handle.db, { name: '팬아웃전자', currentPrice: 10_000, previousClose: 10_000 });
    await sql`
      insert into users (nickname, user_level, sanction_state, expert_type)
      select '알림회원' || g, 2, 0, 0 from generate_series(1, ${MEMBERS}) g`.execute(handle.db);
    await sql`
      insert into price_alerts (user_id, company_id, direction, price, created_at)
      select id, ${company}, 'ABOVE', 10500, now() from users where nickname like '알림회원%'`.execute(handle.db);

    const env = { DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
    let server: Running = await startServer(env);
    cleanups.push(async () => server.child.kill('SIGKILL'));
    // The stock module's announcement, as a price change queues it: crossing 10,500 on the way to 11,000.
    const boss = new PgBoss({
      connectionString: scratch.url,
      schema: 'pgboss',
      migrate: false,
      supervise: false,
      schedule: false,
      registerInstance: false,
    });
    await boss.start();
    cleanups.push(() => boss.stop({ graceful: false, close: true }));
    await boss.send(PRICE_CHANGED_JOB, { companyId: company, price: 11_000, previous: 10_000, at: new Date().toISOString() });

    // Killed the moment a worker has claimed it.
    const started = Date.now();
    let state = '';
    while (Date.now() - started < 30_000) {
      const row = await sql<{ state: string }>`select state::text as state from pgboss.job where name = ${PRICE_CHANGED_JOB}`.execute(
        handle.db,
      );
      state = row.rows[0]?.state ?? '';
      if (state === 'active' || state === 'completed') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    const atKill = await count(handle.db, sql<{ n: number }>`select count(*)::int as n from notifications`);
    console.log(`fan-out job ${state} when killed; notifications then: ${atKill} of ${MEMBERS}`);
    expect(state).toBe('active');

    server = await startServer(env);
    const deadline = Date.now() + 120_000;
    let made = 0;
    while (Date.now() < deadline) {
      made = await count(handle.db, sql<{ n: number }>`select count(*)::int as n from notifications where kind = 'PRICE_ALERT'`);
      const job = await sql<{ state: string }>`select state::text as state from pgboss.job where name = ${PRICE_CHANGED_JOB}`.execute(
        handle.db,
      );
      if (made === MEMBERS && job.rows[0]?.state === 'completed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(made).toBe(MEMBERS);
    const doubled = await count(
      handle.db,
      sql<{ n: number }>`select count(*)::int as n from (select user_id from notifications group by user_id having count(*) <> 1) d`,
    );
    expect(doubled).toBe(0);
    const fired = await count(handle.db, sql<{ n: number }>`select count(*)::int as n from price_alerts where last_fired_day is not null`);
    expect(fired).toBe(MEMBERS);
    server.child.kill('SIGTERM');
    await server.exited;
  });
});
