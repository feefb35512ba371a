import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';
import { freePort } from './ports.ts';

const root = join(import.meta.dirname, '../..');

/**
 * Whether `npm start` passes SERVER_NODE_FLAGS: the benchmark runs the server exactly as it does.
 * BENCH_FORCE_NODE_FLAGS=1 measures with the flags before start.mjs passes them (the output says so).
 */
export const startUsesNodeFlags = readFileSync(join(root, 'scripts/start.mjs'), 'utf8').includes('server-node-flags');
export const serverNodeFlags: string[] = startUsesNodeFlags || process.env.BENCH_FORCE_NODE_FLAGS ? SERVER_NODE_FLAGS : [];

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
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
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

export async function waitFor(check: () => Promise<boolean> | boolean, what: string, ms = 180_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

export const answers = async (url: string) => (await fetch(url)).status === 200;

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
