/**
 * Cold start and idle memory of the production server, as `npm start` runs it (without the build):
 * a fresh process on an empty (or given) embedded data folder, timed to its first 200 on `/`.
 *   node scripts/bench/cold-start.ts [--data <dir>]   → one JSON line
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WARMED } from '../../apps/api/src/ssr/store/page-warmer.ts';
import { freePort } from './ports.ts';
import { rssMb as processRss, serverEnv, serverNodeFlags } from './processes.ts';

export interface ColdStart {
  /** spawn → first 200 from `/` (ms) */
  firstAnswerMs: number;
  /** stdout lines of the server with their time since spawn (ms) */
  timeline: Array<[number, string]>;
  /** resident memory after the pages below were served once and the process idled (MB) */
  idleRssMb: number;
  /** the largest resident memory seen while starting and idling (MB) */
  peakRssMb: number;
}

const root = join(import.meta.dirname, '../..');

function rssMb(pid: number): number {
  try {
    return processRss(pid);
  } catch {
    return 0;
  }
}

export async function coldStart(options: { dataDir?: string; idleMs?: number } = {}): Promise<ColdStart> {
  const dataDir = options.dataDir ?? join(mkdtempSync(join(tmpdir(), 'beesang-cold-')), 'data');
  const port = await freePort();
  const started = performance.now();
  const timeline: Array<[number, string]> = [];
  const child = spawn(process.execPath, [...serverNodeFlags, join(root, 'apps/api/src/server.ts')], {
    env: {
      ...serverEnv,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // info: the page warmer says when its first pass is over (the only info line an idle server writes).
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(child.pid as number));
  }, 100);
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) timeline.push([Math.round(performance.now() - started), line.trim()]);
  };
  child.stdout.on('data', onLine);
  child.stderr.on('data', onLine);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const origin = `http://127.0.0.1:${port}`;
    let firstAnswerMs = 0;
    while (!firstAnswerMs) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${timeline.map((l) => l[1]).join(' | ')}`);
      if (performance.now() - started > 120_000) throw new Error('no answer within 120 s');
      try {
        if ((await fetch(`${origin}/`)).status === 200) firstAnswerMs = Math.round(performance.now() - started);
      } catch {}
      if (!firstAnswerMs) await new Promise((r) => setTimeout(r, 25));
    }
    // A visitor's first pages, then quiet (the demo backfill finishes meanwhile).
    for (const path of [
      '/',
      '/stock/1',
      '/api/v2/stock/search/%EB%B9%84%EC%83%81',
      '/api/stock/chart/1?range=1Y',
      '/api/v2/stock/profile/1',
    ]) {
      const res = await fetch(origin + path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      await res.arrayBuffer();
    }
    // The page warmer's first pass over every company page (decision 0034) is start-up work, as the
    // backfill is: idle is after it.
    while (!timeline.some(([, line]) => line.includes(WARMED))) {
      if (child.exitCode !== null) throw new Error('the server exited while warming');
      if (performance.now() - started > 300_000) throw new Error('the page warmer did not finish its first pass within 300 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, options.idleMs ?? 20_000));
    const idleRssMb = rssMb(child.pid as number);
    return { firstAnswerMs, timeline, idleRssMb, peakRssMb: Math.max(peak, idleRssMb) };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await exited;
    if (!options.dataDir) rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const at = process.argv.indexOf('--data');
  console.log(JSON.stringify(await coldStart(at > 0 ? { dataDir: process.argv[at + 1] } : {})));
}
