import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { swappablePGlite } from './pglite-swap.ts';
import { openPGliteThread, type ThreadedPGlite } from './pglite-thread.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL pool connections (for /metrics); the embedded database has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** `COPY table (columns) FROM` CSV text: bulk loads on the embedded database (not inside a transaction). */
  copyCsv?: (table: string, columns: string[], csv: string) => Promise<void>;
  /** The embedded database on a data folder: opens it afresh, giving back the memory a bulk load left resident (pglite-swap.ts). */
  reopen?: () => Promise<void>;
  /** The embedded instance itself (its statements queue behind Kysely's transactions): the job queue runs on it. */
  embedded?: Pick<PGlite, 'query' | 'exec'>;
  /** The embedded instance runs in a thread of its own (pglite-thread.ts). */
  thread?: boolean;
}

export interface OpenDatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; omitted → in memory. */
  dataDir?: string | undefined;
  /** Told when the server drops an idle pooled connection. */
  onIdleError?: (error: Error) => void;
  /** A new embedded data folder starts as this database (a gzipped tar from PGlite's dumpDataDir) instead of running initdb. */
  template?: Blob;
  /**
   * The embedded database runs in a thread of its own (pglite-thread.ts, decision 0033): the server's
   * thread goes on with requests while a statement runs. Off: in the caller's thread (tests, CLIs).
   */
  thread?: boolean;
}

/** The embedded data directory is held by another live process (a second `npm start`, or `staff:grant` while the site runs). */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `데이터 폴더 ${dir} 를 다른 프로세스(pid ${pid})가 사용하고 있어 열지 않았습니다. 그 프로세스를 끈 뒤 다시 실행하세요. 여러 프로세스가 함께 쓰려면 DATABASE_URL로 PostgreSQL을 쓰세요 (the data directory is in use by pid ${pid}).`,
    );
    this.pid = pid;
  }
}

const LOCK_FILE = 'beesang.lock';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Only one process may open an embedded data directory: two would corrupt it. The lock is a file
 * holding the owner's pid, created exclusively; a lock whose process is gone is taken over.
 * Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let pid = 0;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        continue; // released meanwhile
      }
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) throw new DataDirLockedError(dir, pid);
      try {
        unlinkSync(file); // the owner is gone: a stale lock
      } catch {
        // another process took it over first; try again
      }
    }
  }
  throw new DataDirLockedError(dir, Number(readFileSync(file, 'utf8').trim()) || 0);
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only for a PostgreSQL server: the embedded database never needs the driver.
    const { default: pg } = await import('pg');
    // BIGINT (20) and NUMERIC (1700) stay strings; DATE (1082) stays 'YYYY-MM-DD' without time-zone shifts.
    pg.types.setTypeParser(1082, (v: string) => v);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection that the server closes (restart, failover, admin) must not crash the
    // process: the pool drops it and the next query opens a new one.
    pool.on('error', (error) => {
      options.onIdleError?.(error);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await sql`select 1`.execute(db);
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const dataDir = options.dataDir;
    const start = async (template?: Blob): Promise<PGlite> => {
      if (options.thread) return (await openPGliteThread({ dataDir, template })) as unknown as PGlite;
      // Loaded only here: the server's thread never runs PGlite itself (some 5 MB it need not hold).
      const [{ PGlite }, { pgliteOptions }] = await Promise.all([import('@electric-sql/pglite'), import('./pglite-options.mjs')]);
      const pglite = new PGlite(dataDir ?? 'memory://', { ...pgliteOptions(), ...(template && { loadDataDir: template }) });
      await pglite.waitReady;
      return pglite;
    };
    // Reopened in place in its own thread (one isolate, whose garbage it collects), else closed and opened anew.
    const { pglite, reopen } = swappablePGlite(await start(options.template), async (previous) => {
      if (options.thread) {
        await (previous as unknown as ThreadedPGlite).reopen();
        return previous;
      }
      await previous.close();
      return start();
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
        release();
      },
      ...(dataDir && { reopen }),
      embedded: pglite,
      thread: options.thread === true,
      // PGlite runs a query only between transactions, so a COPY never lands inside someone's.
      copyCsv: async (table, columns, csv) => {
        await pglite.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob' with (format csv)`, [], { blob: new Blob([csv]) });
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
