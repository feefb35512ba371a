/**
 * The live channel under load (issue 22): one server as `npm start` runs it holds COUNT open
 * GET /api/live streams of COUNT signed-in members, is told to send one message to each, and we
 * time each arrival from the moment we asked, and read the resident memory the streams cost.
 *
 * Members and their tokens are written into the server's embedded database before it starts
 * (the bench's own step, through the auth service with the AUTH_SECRET the server then runs
 * with: no sign-in path of the product is bypassed or added), and the event goes through
 * POST /api/dev/live (DEV_LIVE=1, which the server refuses at a public address in production).
 *
 * Each stream is its own socket in this process and in the server: both need COUNT and some more
 * file descriptors. run.ts starts this file under `ulimit -n` raised to LIVE_FD_NEED; run alone
 * (`node scripts/bench/live.ts`), it says what to raise if the limit is too low.
 */
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import { openSse, type SseClient } from '../../apps/api/src/test/sse-client.ts';
import { answers, rssMb, startApp, waitFor } from './processes.ts';
import { median } from './report.ts';
import { issueTokens } from './tokens.ts';

export const LIVE_STREAMS = 2000;
/** Descriptors one side needs: a socket per stream, and room for the process's own files and database. */
export const LIVE_FD_NEED = LIVE_STREAMS + 1000;

export interface LiveFigures {
  streams: number;
  /** What the server's /metrics says it holds once every stream is open, and after the delivery. */
  held: number;
  heldAfter: number;
  openMs: number;
  /** From asking the server to send until its answer (it answers once every event is handed to the hub). */
  sendMs: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerStream: number;
  /** The same from the first half of the streams to all of them: what one more stream costs. */
  kbPerStreamMarginal: number;
  /** The part of it in the JavaScript heap (live objects and garbage not yet collected). */
  heapKbPerStream: number;
  /** Streams the server dropped as too slow during the run. */
  dropped: number;
}

const SECRET = 'bench-live-secret-0123456789abcdef0123456789';
const METRICS_TOKEN = 'bench-live-metrics-token';

/** Soft limit on open files of this process (what ulimit -n set). */
export function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

/** An embedded database with `count` members and a fresh access token for each. */
async function membersInto(dataDir: string, count: number): Promise<Array<{ id: number; token: string }>> {
  const handle = await prepareDatabase({ dataDir, seedDemoData: false });
  try {
    const rows = await handle.db
      .insertInto('users')
      .values(
        Array.from(
          { length: count },
          (_, i) => ({ nickname: `실시간${i + 1}`, user_level: 2, sanction_state: 0, expert_type: 0 }) as never,
        ),
      )
      .returning('id')
      .execute();
    if (!handle.embedded) throw new Error('live: the embedded database has no instance for the job queue');
    const ids = rows.map(({ id }) => id);
    const tokens = await issueTokens(handle.db, SECRET, { pglite: handle.embedded }, ids);
    return ids.map((id, i) => ({ id, token: tokens[i] as string }));
  } finally {
    await handle.close();
  }
}

async function metric(origin: string, name: string, label = ''): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}${label} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

/** Median of a few readings a little apart: one reading may catch a collection half done. */
async function steadyRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssMb(pid));
    await new Promise((r) => setTimeout(r, 300));
  }
  return median(readings);
}

async function openAll(url: string, members: Array<{ token: string }>, batch = 100): Promise<SseClient[]> {
  const clients: SseClient[] = [];
  for (let i = 0; i < members.length; i += batch) {
    const opened = await Promise.all(members.slice(i, i + batch).map((m) => openSse(url, { authorization: `Bearer ${m.token}` })));
    for (const c of opened) if (c.status !== 200) throw new Error(`GET /api/live answered ${c.status}: ${c.body}`);
    clients.push(...opened);
  }
  return clients;
}

export async function measureLive(count = LIVE_STREAMS, log: (line: string) => void = console.error): Promise<LiveFigures> {
  const limit = openFileLimit();
  if (limit < count + 200)
    throw new Error(
      `open-file limit ${limit} is too low for ${count} streams: run \`ulimit -n ${LIVE_FD_NEED}\` first (npm run bench does; the hard limit is \`ulimit -Hn\`)`,
    );
  const dir = await mkdtemp(join(tmpdir(), 'beesang-bench-live-'));
  const dataDir = join(dir, 'data');
  const clients: SseClient[] = [];
  let server: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    log(`live: ${count} members and tokens…`);
    const members = await membersInto(dataDir, count);
    server = await startApp({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DEV_LIVE: '1', METRICS_TOKEN, SEED_DEMO_DATA: 'false' });
    const { origin, pid } = server;
    await waitFor(() => answers(`${origin}/readyz`), 'the app answering');
    const url = `${origin}/api/live`;
    // Warm the paths (JIT, pools) with a few streams and an event, then let the process settle.
    const warm = await openAll(url, members.slice(0, 20));
    await fetch(`${origin}/api/dev/live`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: members.slice(0, 20).map((m) => m.id) }),
    });
    await Promise.all(warm.map((c) => c.next(5000)));
    for (const c of warm) c.kill();
    await waitFor(async () => (await metric(origin, 'beesang_live_connections')) === 0, 'the warm-up streams closing', 10_000);
    await new Promise((r) => setTimeout(r, 2000));
    const rssBeforeMb = await steadyRss(pid);
    const heapBefore = await metric(origin, 'nodejs_heap_size_used_bytes');

    log(`live: opening ${count} streams…`);
    // In two halves: the second half's cost is what one more stream costs, without whatever the
    // first streams made the process grow once (code, caches, the database's pages).
    const half = Math.floor(count / 2);
    const openStart = performance.now();
    clients.push(...(await openAll(url, members.slice(0, half))));
    let openMs = performance.now() - openStart;
    await new Promise((r) => setTimeout(r, 2000));
    const rssHalfMb = await steadyRss(pid);
    const secondStart = performance.now();
    clients.push(...(await openAll(url, members.slice(half))));
    openMs += performance.now() - secondStart;
    await new Promise((r) => setTimeout(r, 2000));
    const held = await metric(origin, 'beesang_live_connections');
    const rssAfterMb = await steadyRss(pid);
    const heapAfter = await metric(origin, 'nodejs_heap_size_used_bytes');

    log('live: one message to each stream…');
    const start = performance.now();
    const res = await fetch(`${origin}/api/dev/live`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: members.map((m) => m.id) }),
    });
    if (res.status !== 200) throw new Error(`POST /api/dev/live answered ${res.status}`);
    const sendMs = performance.now() - start;
    const arrivals = await Promise.all(
      clients.map((c) =>
        c.next(10_000).then(
          (b) => b.at - start,
          () => Number.NaN,
        ),
      ),
    );
    const latencies = arrivals.filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? Number.NaN;
    const figures: LiveFigures = {
      streams: count,
      held,
      heldAfter: await metric(origin, 'beesang_live_connections'),
      openMs,
      sendMs,
      delivered: latencies.length,
      p50: at(0.5),
      p99: at(0.99),
      max: latencies.at(-1) ?? Number.NaN,
      rssBeforeMb,
      rssAfterMb,
      kbPerStream: ((rssAfterMb - rssBeforeMb) * 1024) / count,
      kbPerStreamMarginal: ((rssAfterMb - rssHalfMb) * 1024) / (count - half),
      heapKbPerStream: (heapAfter - heapBefore) / 1024 / count,
      dropped: await metric(origin, 'beesang_live_events', '{kind="dropped"}'),
    };
    log(
      `live: ${figures.held} held, sent in ${figures.sendMs.toFixed(0)} ms, ${figures.delivered} of ${count} delivered, p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, ` +
        `max ${figures.max.toFixed(0)} ms; RSS ${rssBeforeMb.toFixed(0)} → ${rssAfterMb.toFixed(0)} MB (${figures.kbPerStream.toFixed(1)} KB a stream, ${figures.kbPerStreamMarginal.toFixed(1)} KB for each of the second half; JS heap ${figures.heapKbPerStream.toFixed(1)} KB)`,
    );
    return figures;
  } finally {
    for (const c of clients) c.kill();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone (`node scripts/bench/live.ts`): the figures as JSON on standard output, for run.ts.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  measureLive()
    .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
    .catch((error: unknown) => {
      console.error(`live: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
}
