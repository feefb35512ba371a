import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const dir = mkdtempSync(join(tmpdir(), 'beesang-swap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  { thread: false, where: "in the server's thread" },
  { thread: true, where: 'in its own thread' },
])('reopening the embedded database $where', ({ thread }) => {
  it('lets a running transaction finish, holds new queries until the data folder is open again, and loses nothing', async () => {
    const h = await openDatabase({ dataDir: join(dir, `data-${thread}`), thread });
    try {
      await sql`create table t (n int)`.execute(h.db);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = h.db.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        await held;
        await sql`insert into t values (2)`.execute(trx);
      });
      await new Promise((r) => setTimeout(r, 20));
      const reopened = h.reopen?.();
      expect(reopened).toBeDefined();
      const order: string[] = [];
      const query = sql<{ n: number }>`select count(*)::int as n from t`.execute(h.db).then((r) => {
        order.push('query');
        return r.rows[0]?.n;
      });
      await new Promise((r) => setTimeout(r, 20));
      expect(order).toEqual([]);
      release();
      await transaction;
      await reopened?.then(() => order.push('reopened'));
      expect(await query).toBe(2);
      expect(order).toEqual(['reopened', 'query']);
      await sql`insert into t values (3)`.execute(h.db);
      expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(h.db)).rows[0]?.n).toBe(3);
    } finally {
      await h.close();
    }
    const again = await openDatabase({ dataDir: join(dir, `data-${thread}`), thread });
    expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(again.db)).rows[0]?.n).toBe(3);
    await again.close();
  });
});
