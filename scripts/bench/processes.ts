import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import { freePort } from './ports.ts';

const root = join(import.meta.dirname, '../..');

/**
 * Whether `npm start` passes SERVER_NODE_FLAGS: the benchmark runs the server exactly as it does.
 * BENCH_FORCE_NODE_FLAGS=1 measures with the flags before start.mjs passes them (the output says so).
 */
export const startUsesNodeFlags = readFileSync(join(root, 'scripts/start.mjs'), 'utf8').includes('server-node-flags');
export const serverNodeFlags: string[] = startUsesNodeFlags || process.env.BENCH_FORCE_NODE_FLAGS ? SERVER_NODE_FLAGS : [];
/** The environment `npm start` gives the server (scripts/server-node-flags.mjs), under the caller's own. */
export const serverEnv: Record<string, string> = SERVER_ENV;

export interface Started {
  origin: string;
  pid: number;
  /** what the process wrote to stdout and stderr so far (its log) */
  output(): string;
  outputBytes(): number;
  stop(): Promise<void>;
}

/** A server script on a free port; its output goes to a file, as a deployment's log would. */
export async function startProcess(script: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<Started> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'beesang-bench-'));
  const logFile = join(dir, 'output.log');
  const fd = openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, script], {
    // A fresh embedded database of its own, unless the caller prepared one (the live streams' members) or names a PostgreSQL one.
    env: {
      ...serverEnv,
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.DATA_DIR ?? join(dir, 'data'),
      DATABASE_URL: env.DATABASE_URL ?? '',
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const output = () => readFileSync(logFile, 'utf8');
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    output,
    outputBytes: () => statSync(logFile).size,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The production server as `npm start` runs it (NODE_ENV=production, its node flags), on an empty embedded database. */
export function startApp(env: Record<string, string> = {}) {
  return startProcess(join(root, 'apps/api/src/server.ts'), { NODE_ENV: 'production', ...env }, serverNodeFlags);
}

export async function waitFor(check: () => Promise<boolean> | boolean, what: string, ms = 180_000, everyMs = 200): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {}
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

export const answers = async (url: string) => (await fetch(url)).status === 200;

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The PostgreSQL server the bench makes its databases on: BENCH_POSTGRES_URL, else the local one. */
export const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of this run's own on the PostgreSQL server at `adminUrl`; dropped by `drop`. */
export async function scratchDatabase(adminUrl: string) {
  const name = `beesang_bench_${randomBytes(5).toString('hex')}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(async (c) => {
        await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        await c.query(`drop database if exists ${name}`);
      }),
  };
}
