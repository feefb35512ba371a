import { createRequire } from 'node:module';
import type { Job, PgBoss } from 'pg-boss';
import type { Db } from '../db/database.ts';

/**
 * Durable background work (issue 23; decision 0028): pg-boss on the site's own database, embedded
 * PGlite included, so that any instance can run a job, a job survives a crash (it is claimed,
 * expires and is retried), and a job is queued in the same transaction as the change that causes it.
 *
 *   jobs.define('deliver', handler, { retryLimit: 8, retryBackoff: true });
 *   await jobs.send(tx, 'deliver', { ids });   // inside the writing transaction
 *
 * Workers poll only where `work` is on (the server); tests run what is queued with `drain()`.
 */
export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  /** A claimed job that has not finished in this long is taken again (a crashed instance's). */
  expireInSeconds?: number;
  /** A worker refreshes its claim this often (pg-boss does, while the handler runs); a claim not refreshed in time, a crashed instance's, is retried. ≥ 10. */
  heartbeatSeconds?: number;
  /**
   * How many jobs one worker takes at a time. Above 1, a worker keeps taking batches without waiting
   * for its next poll while they come back full (a backlog: a fan-out's deliveries), and each job of
   * a batch completes or fails (and is retried) on its own.
   */
  batchSize?: number;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export interface JobQueue {
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): void;
  /** Queues a job in `tx`: it exists exactly when the transaction commits. `key` makes it a singleton while queued. */
  send(tx: Db, name: string, data: object, options?: { startAfter?: Date; key?: string }): Promise<void>;
  /** `migrate`: install or upgrade pg-boss's schema first (a site whose role owns the database; with two roles the migration step does it). */
  start(options: { work: boolean; migrate: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Runs queued jobs here until none is left (tests, and a local `npm start` between polls). How many ran. */
  drain(names?: string[]): Promise<number>;
}

/** What pg-boss needs of a database: a pool's connection string (PostgreSQL) or the embedded instance. */
export type JobQueueDatabase =
  | { connectionString: string }
  | {
      pglite: import('pg-boss/dist/adapters/pglite.js').PGliteLike;
      /** The embedded database runs in a thread of its own (decision 0033): background work need not pace the server's. */
      ownThread?: boolean;
    };

interface Definition {
  handler: JobHandler<object>;
  options: JobOptions;
}

const require = createRequire(import.meta.url);

export function createJobQueue(database: JobQueueDatabase, deps: { log: (message: string, error?: unknown) => void }): JobQueue {
  const pgboss = require('pg-boss') as typeof import('pg-boss');
  const definitions = new Map<string, Definition>();
  let boss: PgBoss | undefined;

  const connection =
    'connectionString' in database
      ? { connectionString: database.connectionString, max: 4, application_name: 'beesang-jobs' }
      : { db: pgboss.fromPglite(database.pglite), backend: 'pglite' as const };

  const started = () => {
    if (!boss) throw new Error('the job queue has not started');
    return boss;
  };

  async function run(name: string, job: Job<object>) {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`no handler for job ${name}`);
    await definition.handler(job.data, { id: job.id, retryCount: job.retryCount });
  }

  /** A batch's jobs one after another, each completed or failed (then retried) on its own. */
  async function runEach(name: string, jobs: Job<object>[]) {
    const results: Array<{ id: string; status: 'completed' | 'failed'; output?: object }> = [];
    for (const job of jobs) {
      try {
        await run(name, job);
        results.push({ id: job.id, status: 'completed' });
      } catch (error) {
        results.push({ id: job.id, status: 'failed', output: { message: String((error as Error)?.message ?? error) } });
      }
    }
    return results;
  }

  return {
    define(name, handler, options = {}) {
      definitions.set(name, { handler: handler as JobHandler<object>, options });
    },

    async send(tx, name, data, options = {}) {
      const b = started();
      await b.send(name, data, {
        db: pgboss.fromKysely(tx as unknown as Parameters<typeof pgboss.fromKysely>[0]),
        ...(options.startAfter && { startAfter: options.startAfter }),
        ...(options.key && { singletonKey: options.key }),
      });
    },

    async start({ work, migrate }) {
      if (boss) return;
      const b = new pgboss.PgBoss({
        ...connection,
        schema: 'pgboss',
        // With two roles (decision 0022) schema changes are the migration step's: the site owns nothing.
        migrate,
        createSchema: migrate,
        supervise: work,
        // How soon a crashed instance's claimed jobs are noticed (their heartbeats stop) and retried.
        superviseIntervalSeconds: 10,
        monitorIntervalSeconds: 10,
        schedule: false,
        registerInstance: false,
      });
      b.on('error', (error: unknown) => deps.log('job queue error', error));
      await b.start();
      for (const [name, { options }] of definitions) {
        await b.createQueue(name, {
          retryLimit: options.retryLimit ?? 5,
          retryDelay: options.retryDelay ?? 2,
          retryBackoff: options.retryBackoff ?? true,
          ...((options.retryBackoff ?? true) && { retryDelayMax: options.retryDelayMax ?? 300 }),
          expireInSeconds: options.expireInSeconds ?? 120,
          ...(options.heartbeatSeconds && { heartbeatSeconds: options.heartbeatSeconds }),
        });
        const batchSize = options.batchSize ?? 1;
        if (work)
          await b.work(
            name,
            { batchSize, pollingIntervalSeconds: 1, burstWhenBatchFull: batchSize > 1, perJobResults: true },
            (jobs: Job<object>[]) => runEach(name, jobs),
          );
      }
      boss = b;
    },

    async stop() {
      const b = boss;
      boss = undefined;
      await b?.stop({ graceful: true, timeout: 5_000, close: true });
    },

    async drain(names) {
      const b = started();
      let ran = 0;
      for (let round = 0; round < 100; round++) {
        let any = false;
        for (const name of names ?? [...definitions.keys()]) {
          const jobs = await b.fetch<object>(name, { batchSize: 50 });
          if (jobs.length === 0) continue;
          any = true;
          for (const job of jobs) {
            try {
              await run(name, job);
              await b.complete(name, job.id);
            } catch (error) {
              await b.fail(name, job.id, { message: String((error as Error).message ?? error) });
              throw error;
            }
            ran++;
          }
        }
        if (!any) return ran;
      }
      return ran;
    },
  };
}

/**
 * Installs or upgrades pg-boss's schema, as the database's owner (the migration step): the site's
 * role then only reads and writes its rows.
 */
export async function migrateJobQueue(database: JobQueueDatabase): Promise<void> {
  const pgboss = require('pg-boss') as typeof import('pg-boss');
  const connection =
    'connectionString' in database
      ? { connectionString: database.connectionString, max: 1 }
      : { db: pgboss.fromPglite(database.pglite), backend: 'pglite' as const };
  const b = new pgboss.PgBoss({
    ...connection,
    schema: 'pgboss',
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  await b.start();
  await b.stop({ graceful: false, close: true });
}
