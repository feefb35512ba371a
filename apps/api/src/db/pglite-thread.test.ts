import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/errors.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await openDatabase({ thread: true });
  await sql`create table t (id int primary key, note text)`.execute(h.db);
});
afterAll(() => h.close());

const count = async () => (await sql<{ n: number }>`select count(*)::int as n from t`.execute(h.db)).rows[0]?.n;

describe('the embedded database in its own thread (decision 0033)', () => {
  it('leaves the server thread free while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const started = performance.now();
      await sql`select count(*) from generate_series(1, 2000000)`.execute(h.db);
      const took = performance.now() - started;
      // In the server's thread the statement would hold every timer until it ended.
      expect(took).toBeGreaterThan(40);
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 5 / 3));
    } finally {
      clearInterval(timer);
    }
  });

  it("hands back PostgreSQL's error fields, so a unique violation is still recognised", async () => {
    await sql`insert into t values (1, 'a')`.execute(h.db);
    const error = await sql`insert into t values (1, 'b')`.execute(h.db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect(isUniqueViolation(error, 't_pkey')).toBe(true);
    await sql`delete from t`.execute(h.db);
  });

  it('commits and rolls back, and a statement outside waits until the transaction ends', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = h.db.transaction().execute(async (trx) => {
      await sql`insert into t values (2, 'in')`.execute(trx);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = count();
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await outside).toBe(1);

    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`insert into t values (3, 'gone')`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(1);
    // A failed statement inside a transaction rolls it back whole.
    await expect(
      h.db.transaction().execute(async (trx) => {
        await sql`insert into t values (4, 'x')`.execute(trx);
        await sql`insert into t values (2, 'dup')`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(1);
  });

  it('returns the same values as in the server thread: dates, big numbers, days, bytes, JSON and nulls', async () => {
    const inThread = await openDatabase({});
    try {
      const q = sql`select now()::timestamptz as at, 9007199254740993::bigint as big, 12.50::numeric as num,
        '2026-11-27'::date as day, '\\x0102ff'::bytea as bytes, '{"a":[1,"둘"]}'::jsonb as doc, null::text as nothing`;
      const [ours] = (await q.execute(h.db)).rows as Record<string, unknown>[];
      const [theirs] = (await q.execute(inThread.db)).rows as Record<string, unknown>[];
      expect(ours?.at).toBeInstanceOf(Date);
      expect({ ...ours, at: null }).toEqual({ ...theirs, at: null });
      expect(ours).toMatchObject({ big: 9007199254740993n, num: '12.50', day: '2026-11-27', doc: { a: [1, '둘'] }, nothing: null });
      expect([...(ours?.bytes as Uint8Array)]).toEqual([1, 2, 255]);
    } finally {
      await inThread.close();
    }
  });

  it('keeps no process alive once idle: a script that never closes it still exits', () => {
    const database = fileURLToPath(new URL('./database.ts', import.meta.url));
    const script = `import { openDatabase } from ${JSON.stringify(database)};
      const h = await openDatabase({ thread: true });
      const r = await h.db.selectNoFrom((eb) => eb.val(41).as('n')).execute();
      console.log('answered', Number(r[0].n) + 1);`;
    const dir = mkdtempSync(join(tmpdir(), 'beesang-thread-'));
    const file = join(dir, 'forgets-to-close.mjs');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(run.stdout).toContain('answered 42');
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
  });
});
