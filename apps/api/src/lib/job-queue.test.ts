import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { unitOfWork } from '../db/unit-of-work.ts';
import { createScratchDatabase } from '../test/test-app.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/**
 * The job queue's workers as the server runs them (`work: true`), on the embedded database or, with
 * TEST_DATABASE_URL, on PostgreSQL: a backlog of batched jobs is worked through without waiting a
 * poll per job, and a job that fails is retried on its own while the rest of its batch completes.
 */
let handle: DatabaseHandle;
let drop: (() => Promise<void>) | undefined;
let jobs: JobQueue;
const ran = new Map<number, number>();
let failOnce = true;

beforeAll(async () => {
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : undefined;
  drop = scratch?.drop;
  handle = await openDatabase({ databaseUrl: scratch?.url });
  const database = scratch ? { connectionString: scratch.url } : handle.embedded && { pglite: handle.embedded };
  if (!database) throw new Error('no database for the job queue');
  jobs = createJobQueue(database, { log: () => {} });
  jobs.define<{ n: number }>(
    'test.batched',
    async ({ n }) => {
      ran.set(n, (ran.get(n) ?? 0) + 1);
      if (n === 7 && failOnce) {
        failOnce = false;
        throw new Error('the provider asked to retry');
      }
    },
    { batchSize: 10, retryLimit: 3, retryDelay: 1, retryBackoff: false },
  );
  await jobs.start({ work: true, migrate: true });
});

afterAll(async () => {
  await jobs?.stop();
  await handle?.close();
  await drop?.();
});

describe('a batched queue (a fan-out’s deliveries)', () => {
  it('works through a backlog of 40 jobs without a poll per job; the one that failed runs again alone', { timeout: 30_000 }, async () => {
    await unitOfWork(handle.db, async (tx) => {
      for (let n = 0; n < 40; n++) await jobs.send(tx, 'test.batched', { n });
    });
    // One job a poll (a second each) would need 40 s; batches taken back to back need a few.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (ran.size < 40 || (ran.get(7) ?? 0) < 2)) await new Promise((r) => setTimeout(r, 100));
    expect(ran.size).toBe(40);
    expect(ran.get(7)).toBe(2);
    expect([...ran.entries()].filter(([n, times]) => n !== 7 && times !== 1)).toEqual([]);
  });
});
