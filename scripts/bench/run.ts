/**
 * `npm run bench`: measured figures only, taken in one run on this machine, written between the
 * markers of docs/benchmarks.md (the hand-written reading outside them stays as it is).
 *   --quick   shorter loads and no Lighthouse; prints the tables, writes nothing
 *   --only live   only the live channel's figures (2,000 open streams; a minute): prints them, writes nothing
 *   --only fanout only a price alert's fan-out to 100,000 members under load, on the embedded database and on
 *                 PostgreSQL when one answers (about ten minutes): prints it, writes nothing
 *   --only members  only issue 24's rows: a signed-in member's pages and API calls, and visitor pages
 *                   that miss every cache over 3,000 companies (members.ts; 4–8 minutes): prints them, writes nothing
 *   --only cluster  only the two-instance rows: npm run cluster's instances behind haproxy, on a
 *                   PostgreSQL database of their own (two-instances.ts; 1–2 minutes): prints them, writes nothing
 *
 * Each comparison runs the app and its baseline in turns (A, B, A, B, … ROUNDS rounds each) on
 * loopback and reports medians and ranges. Any answer that is not 2xx, or any socket error, fails
 * the run (exit code 1, nothing written). The server runs as `npm start` runs it: NODE_ENV=
 * production, the default log level, the node flags of scripts/start.mjs, free ports.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pgliteTemplatePath } from '../../apps/api/src/db/seed/first-start.ts';
import { coldStart } from './cold-start.ts';
import { FANOUT_MEMBERS, type FanoutFigures } from './fanout.ts';
import { type LighthouseScores, lighthouseScores } from './lighthouse.ts';
import { LIVE_FD_NEED, type LiveFigures } from './live.ts';
import { type LoadResult, load } from './load.ts';
import { type MemberRows, memberRows } from './members.ts';
import { initialJsGzip } from './page-weight.ts';
import {
  answers,
  BENCH_POSTGRES_URL,
  rssMb,
  type Started,
  serverNodeFlags,
  startApp,
  startProcess,
  startUsesNodeFlags,
  waitFor,
} from './processes.ts';
import {
  COMPARISON_HEAD,
  type Compared,
  type Comparison,
  comparisonLine,
  fmt,
  machine,
  perVisit,
  type Side,
  summary,
  verdict,
  writeBetweenMarkers,
} from './report.ts';
import { type SearchScale, searchAtScale } from './search-scale.ts';
import { clusterRows } from './two-instances.ts';

const root = join(import.meta.dirname, '../..');
const quick = process.argv.includes('--quick');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const SECONDS = quick ? 2 : 5;
const ROUNDS = 3;
const CONNECTIONS = 50;
const failures: string[] = [];

async function measure(side: Side, label: string): Promise<LoadResult> {
  const r = await load(side.origin, side.paths, CONNECTIONS, SECONDS, side);
  if (r.non2xx > 0 || r.errors > 0) failures.push(`${label}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
  return side.visit ? perVisit(r, side.visit) : r;
}

/** A, B, A, B …: both sides see the same machine, whatever else runs on it meanwhile. */
async function compare(c: Comparison): Promise<Compared> {
  await load(c.app.origin, c.app.paths, 10, 1, c.app); // warm-up
  await load(c.baseline.origin, c.baseline.paths, 10, 1, c.baseline);
  const a: LoadResult[] = [];
  const b: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(await measure(c.app, c.name));
    b.push(await measure(c.baseline, c.baselineName));
  }
  const app = summary(a);
  const base = summary(b);
  const ratio = app.rps / base.rps;
  console.log(
    `${c.name}: ${fmt(app.rps)} req/s (p99 ${app.p99} ms) vs ${c.baselineName} ${fmt(base.rps)} req/s (p99 ${base.p99} ms) → ${ratio.toFixed(2)}`,
  );
  return { c, app, base, ratio };
}

/**
 * Rows on a server of their own (members.ts, two-instances.ts): prepared, compared, checked that
 * the member was still signed in after the load (a refused token still gets 200 pages), stopped.
 */
async function measureRows(what: string, prepare: () => Promise<MemberRows>): Promise<Compared[]> {
  const results: Compared[] = [];
  let rows: MemberRows | undefined;
  try {
    rows = await prepare();
    for (const c of rows.comparisons) results.push(await compare(c));
    const problem = await rows.check();
    if (problem) failures.push(`${what}: after the load, ${problem}`);
  } catch (error) {
    failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await rows?.stop();
  }
  return results;
}

/** The minimal SSR page, the baseline of every rendered page. */
async function startPageBaseline(): Promise<Started> {
  const ssr = await startProcess(join(import.meta.dirname, 'minimal-ssr/server.ts'), { NODE_ENV: 'production' });
  await waitFor(() => answers(`${ssr.origin}/`), 'the minimal SSR page');
  return ssr;
}

/** `--only members`, `--only cluster`: those rows alone, printed with how long they took; nothing written. */
async function onlyRows(what: string, prepare: (pageBaseline: string) => Promise<MemberRows>) {
  buildWebIfMissing();
  const start = performance.now();
  const ssr = await startPageBaseline();
  let results: Compared[] = [];
  try {
    results = await measureRows(what, () => prepare(ssr.origin));
  } finally {
    await ssr.stop();
  }
  const table = [...COMPARISON_HEAD, ...results.map((r) => comparisonLine(r))].join('\n');
  console.log(`\n${table}\n\n${what}: ${fmt((performance.now() - start) / 60_000, 1)} min in all`);
}

/**
 * The live channel's figures (scripts/bench/live.ts), measured in a process of their own whose
 * open-file limit is raised first: 2,000 streams are 2,000 sockets in it and in the server it
 * starts, more than many shells allow (`ulimit -n` is often 1,024). Raising the soft limit up to
 * the hard one needs no privileges.
 */
async function measureLiveStreams(): Promise<LiveFigures | undefined> {
  console.log('live channel: 2,000 open streams on one instance…');
  const script = join(import.meta.dirname, 'live.ts');
  const child = spawn(
    'sh',
    ['-c', `ulimit -n ${LIVE_FD_NEED} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$1"`, process.execPath, script],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) {
    failures.push('live channel: the measurement failed (see above)');
    return undefined;
  }
  const figures = JSON.parse(out.trim().split('\n').at(-1) as string) as LiveFigures;
  if (figures.delivered < figures.streams || figures.held < figures.streams || figures.heldAfter < figures.streams)
    failures.push(`live channel: ${figures.held} streams held, ${figures.delivered} of ${figures.streams} messages delivered`);
  return figures;
}

function liveRows(f: LiveFigures): string[] {
  return [
    `| live: streams held open on one instance (GET /api/live, ${fmt(f.streams)} signed-in members; the server's own count, before and after the messages) | ${fmt(f.held)} · ${fmt(f.heldAfter)} | ${fmt(f.streams)} | ${verdict(f.held === f.streams && f.heldAfter === f.streams, `${fmt(f.held)}`)} |`,
    `| live: one message to each stream, from asking the server to its arrival: p50 / p99 (max); the server's answer after handing all to the hub | ${f.p50.toFixed(0)} / ${f.p99.toFixed(0)} (${f.max.toFixed(0)}) ms; ${f.sendMs.toFixed(0)} ms | p99 ≤ 1,000 ms, all ${fmt(f.streams)} | ${verdict(f.delivered === f.streams && f.p99 <= 1000, `${fmt(f.delivered)} delivered, p99 ${f.p99.toFixed(0)} ms`)} |`,
    `| live: resident memory per open stream (RSS ${f.rssBeforeMb.toFixed(0)} → ${f.rssAfterMb.toFixed(0)} MB ÷ ${fmt(f.streams)}); the second half alone; JS heap part | ${f.kbPerStream.toFixed(1)} KB; ${f.kbPerStreamMarginal.toFixed(1)} KB; ${f.heapKbPerStream.toFixed(1)} KB | — | — |`,
    `| live: opening the ${fmt(f.streams)} streams, 100 at a time (each checks its session in the embedded database); dropped as slow | ${fmt(f.openMs / 1000, 1)} s; ${fmt(f.dropped)} | — | — |`,
  ];
}

/** A price alert's fan-out (scripts/bench/fanout.ts), in a process of its own: it prepares 100,000 members first. */
async function measureFanout(on: FanoutFigures['on']): Promise<FanoutFigures | undefined> {
  console.log(
    `fan-out: a price alert to ${fmt(FANOUT_MEMBERS)} members, under load, on ${on === 'postgres' ? 'PostgreSQL' : 'the embedded database'}…`,
  );
  const child = spawn(process.execPath, [join(import.meta.dirname, 'fanout.ts'), '--on', on], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) {
    failures.push(`fan-out on ${on}: the measurement failed (see above)`);
    return undefined;
  }
  const f = JSON.parse(out.trim().split('\n').at(-1) as string) as FanoutFigures;
  if (f.during.non2xx > 0 || f.during.errors > 0)
    failures.push(`fan-out: ${f.during.non2xx} profile answers not 2xx, ${f.during.errors} errors during the fan-out`);
  return f;
}

/** Both databases' fan-outs; PostgreSQL when one answers on 127.0.0.1:5432 (or BENCH_POSTGRES_URL). */
async function measureFanouts(): Promise<FanoutFigures[]> {
  const embedded = await measureFanout('embedded');
  const postgres = (await postgresAnswers()) ? await measureFanout('postgres') : undefined;
  if (!postgres) console.log('fan-out: no PostgreSQL answering, its rows are left out');
  return [embedded, postgres].filter((f): f is FanoutFigures => f !== undefined);
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: BENCH_POSTGRES_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function fanoutRows(f: FanoutFigures): string[] {
  const ratio = f.during.p99 / Math.max(1, f.idle.p99);
  const on = f.on === 'postgres' ? 'on PostgreSQL' : 'on the embedded database';
  return [
    `| fan-out ${on}: a price crossing ${fmt(f.members)} members' alerts, from the approval's answer until every notification is written and its delivery queued (the server's /metrics); the approval itself | ${fmt(f.seconds, 1)} s (${fmt(f.written)} written, ${fmt(f.queued)} queued); ${fmt(f.approveMs)} ms | ≤ 60 s | ${verdict(f.seconds <= 60 && f.written >= f.members && f.queued >= f.members, `${fmt(f.seconds, 1)} s`)} |`,
    `| fan-out ${on}: the company's profile read by 10 signed-in members at once, p50 / p99 idle → during the fan-out (${fmt(f.during.requests)} requests during, ${fmt(f.during.rps)} req/s) | ${f.idle.p50} / ${f.idle.p99} → ${f.during.p50} / ${f.during.p99} ms (${ratio.toFixed(2)}×) | p99 ≤ 2× idle | ${verdict(ratio <= 2, `${ratio.toFixed(2)}×`)} |`,
  ];
}

const serverBuild = join(root, 'apps/web/build/server/index.js');

/** The web build in use: its file's size and time. Another build during the run would make the pages' figures meaningless. */
const webBuildId = () => (existsSync(serverBuild) ? `${statSync(serverBuild).size}@${statSync(serverBuild).mtimeMs}` : 'none');

function buildWebIfMissing() {
  if (existsSync(serverBuild)) return;
  console.log('building the web app…');
  const b = spawnSync(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (b.status !== 0) process.exit(1);
}

async function main() {
  if (only === 'live') {
    const live = await measureLiveStreams();
    if (live) console.log(`\n| measure | value | target | verdict |\n|---|---:|---|---|\n${liveRows(live).join('\n')}\n`);
    if (failures.length > 0) {
      console.error(`FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
    return;
  }
  if (only === 'fanout') {
    buildWebIfMissing();
    const fanouts = await measureFanouts();
    if (fanouts.length > 0)
      console.log(`\n| measure | value | target | verdict |\n|---|---:|---|---|\n${fanouts.flatMap(fanoutRows).join('\n')}\n`);
    if (failures.length > 0) {
      console.error(`FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
    return;
  }
  if (only === 'members' || only === 'cluster') {
    await onlyRows(only, only === 'members' ? memberRows : clusterRows);
    if (failures.length > 0) {
      console.error(`FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
    return;
  }
  if (only !== undefined) {
    console.error(`--only ${only}: unknown; the parts that run alone are 'live', 'fanout', 'members' and 'cluster'`);
    process.exitCode = 1;
    return;
  }
  buildWebIfMissing();
  // A build written minutes ago may still be in progress elsewhere (someone's npm start): wait until it rests.
  await waitFor(() => Date.now() - statSync(serverBuild).mtimeMs > 5_000, 'a settled web build', 120_000);
  const build = webBuildId();
  const m = machine();
  console.log(`commit ${m.commit} · Node ${m.node} · ${m.cores} × ${m.cpuModel} · ${m.memoryGb.toFixed(1)} GB · load ${m.load}`);
  if (!startUsesNodeFlags)
    console.log(
      serverNodeFlags.length
        ? 'note: BENCH_FORCE_NODE_FLAGS: the server runs with scripts/server-node-flags.mjs, which npm start does not pass yet'
        : 'note: scripts/start.mjs does not pass scripts/server-node-flags.mjs; the server runs without them, as npm start runs it',
    );

  // Start-up first, alone on the machine: an empty data folder.
  const templateCached = existsSync(pgliteTemplatePath());
  console.log('cold start on an empty embedded database…');
  const cold = await coldStart();
  console.log(
    `first answer after ${cold.firstAnswerMs} ms; idle RSS ${cold.idleRssMb.toFixed(0)} MB (peak ${cold.peakRssMb.toFixed(0)} MB)`,
  );

  console.log('search at 20,000 and 100,000 companies (in process)…');
  const scales: SearchScale[] = [searchAtScale(20_000), searchAtScale(100_000)];
  for (const s of scales)
    console.log(`${fmt(s.count)}: p50 ${s.p50.toFixed(3)} ms, p99 ${s.p99.toFixed(3)} ms, max ${s.max.toFixed(2)} ms`);

  const started: Started[] = [];
  try {
    const app = await startApp();
    started.push(app);
    const quiet = await startApp({ LOG_LEVEL: 'silent' });
    started.push(quiet);
    const ssr = await startPageBaseline();
    started.push(ssr);
    console.log('waiting for the apps (demo data, then its older bars in the background)…');
    for (const s of [app, quiet]) {
      await waitFor(() => answers(`${s.origin}/readyz`), 'the app answering');
      await waitFor(() => s.output().includes('older demo bars written'), 'the demo backfill');
    }
    const home = await fetch(`${app.origin}/`);
    if (home.status !== 200 || !home.headers.get('content-type')?.includes('text/html'))
      throw new Error(`the app serves no pages (/ answered ${home.status}): is apps/web/build complete?`);

    const api = {
      search: `/api/v2/stock/search/${encodeURIComponent('비상')}`,
      profile: '/api/v2/stock/profile/1',
      chart: '/api/stock/chart/1?range=1Y',
    };
    const bodies: Record<string, string> = {};
    const sizes: Record<string, number> = {};
    for (const [name, path] of Object.entries(api)) {
      const res = await fetch(app.origin + path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      const body = await res.text();
      // A 200 with an empty or broken body (a truncated compressed answer, say) is a failure too.
      try {
        if (!(JSON.parse(body) as { result?: unknown }).result) throw new Error('no result');
      } catch (error) {
        throw new Error(`${path} answered 200 without a readable answer (${body.length} characters): ${(error as Error).message}`);
      }
      bodies[`/${name}`] = body;
      sizes[`/${name}`] = Buffer.byteLength(body);
    }
    const bodiesFile = join(mkdtempSync(join(tmpdir(), 'beesang-bare-')), 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await startProcess(join(import.meta.dirname, 'bare-server.ts'), { BARE_BODIES: bodiesFile });
    started.push(bare);
    await waitFor(() => answers(`${bare.origin}/search`), 'the bare server');

    // The 300 demo companies of a new database, ids 1…300.
    const stockPages = Array.from({ length: 300 }, (_, i) => `/stock/${i + 1}`);
    const comparisons: Comparison[] = [
      {
        name: 'search `비상`',
        app: { origin: app.origin, paths: [api.search] },
        baseline: { origin: bare.origin, paths: ['/search'] },
        baselineName: `bare Fastify, same ${fmt(sizes['/search'] ?? 0)} B body`,
        atLeast: 0.6,
      },
      {
        name: 'stock profile',
        app: { origin: app.origin, paths: [api.profile] },
        baseline: { origin: bare.origin, paths: ['/profile'] },
        baselineName: `bare Fastify, same ${fmt(sizes['/profile'] ?? 0)} B body`,
        atLeast: 0.6,
      },
      {
        name: 'chart 1Y',
        app: { origin: app.origin, paths: [api.chart] },
        baseline: { origin: bare.origin, paths: ['/chart'] },
        baselineName: `bare Fastify, same ${fmt(sizes['/chart'] ?? 0)} B body`,
        atLeast: 0.4,
      },
      {
        name: `page /stock/{id} (${stockPages.length} companies in turn)`,
        app: { origin: app.origin, paths: stockPages },
        baseline: { origin: ssr.origin, paths: ['/'] },
        baselineName: 'minimal SSR page',
        atLeast: 0.6,
      },
      {
        name: 'page /',
        app: { origin: app.origin, paths: ['/'] },
        baseline: { origin: ssr.origin, paths: ['/'] },
        baselineName: 'minimal SSR page',
        atLeast: 0.5,
      },
    ];
    const results = [];
    for (const c of comparisons) results.push(await compare(c));

    // Logging: the production default (info) against no log at all, on the same answers.
    const logBefore = app.outputBytes();
    const logging = await compare({
      name: 'stock profile, LOG_LEVEL=info (default)',
      app: { origin: app.origin, paths: [api.profile] },
      baseline: { origin: quiet.origin, paths: [api.profile] },
      baselineName: 'LOG_LEVEL=silent',
      atLeast: 0.9,
    });
    const logBytes = app.outputBytes() - logBefore;

    // Issue 24: a signed-in member, and pages that miss every cache, on a server with 3,000 companies.
    const members = await measureRows('members', () => memberRows(ssr.origin));
    // The same member through two instances of npm run cluster (on a PostgreSQL database of their own).
    const twoInstances = await measureRows('cluster', () => clusterRows(ssr.origin));

    const weights = [await initialJsGzip(app.origin, '/'), await initialJsGzip(app.origin, '/stock/1')];
    let lighthouse: Array<[string, LighthouseScores]> = [];
    if (!quick) {
      console.log('Lighthouse (mobile), 3 runs per page…');
      lighthouse = [
        ['/', await lighthouseScores(`${app.origin}/`)],
        ['/stock/1', await lighthouseScores(`${app.origin}/stock/1`)],
      ];
    }
    await new Promise((r) => setTimeout(r, 10_000));
    const rssAfterLoad = rssMb(app.pid);
    const live = await measureLiveStreams();
    const fanouts = await measureFanouts();

    const lines: string[] = [];
    lines.push(
      `Measured ${m.date} UTC · commit ${m.commit} · Node ${m.node} · ${m.cores} × ${m.cpuModel}, ${m.memoryGb.toFixed(1)} GB · load average at start ${m.load} · server flags: ${serverNodeFlags.join(' ') || 'none'} · autocannon ${CONNECTIONS} connections × ${SECONDS} s, ${ROUNDS} rounds per side, taken in turns (medians, range in brackets).`,
      '',
      ...COMPARISON_HEAD,
    );
    for (const r of [...results, ...members, ...twoInstances]) lines.push(comparisonLine(r));
    lines.push(
      comparisonLine(logging, {
        target: 'cost ≤ 10 %',
        ok: logging.ratio >= logging.c.atLeast,
        miss: `costs ${((1 - logging.ratio) * 100).toFixed(0)} %`,
      }),
    );
    lines.push('', '| measure | value | target | verdict |', '|---|---:|---|---|');
    lines.push(
      `| log written at info during the logging runs | ${fmt(logBytes / 1024, 1)} KB for ${fmt(logging.app.rps * SECONDS * ROUNDS)} requests | one line at most per request | — |`,
    );
    for (const s of scales) {
      lines.push(
        `| search, ${fmt(s.count)} companies in process (${fmt(s.queries)} queries): p50 / p99 | ${s.p50.toFixed(3)} / ${s.p99.toFixed(3)} ms | p99 ≤ 2 ms | ${verdict(s.p99 <= 2, `${s.p99.toFixed(2)} ms`)} |`,
        `| search, ${fmt(s.count)}: longest single search, and the longest while no other process preempted it (the search's own work) | ${s.max.toFixed(2)} ms · ${s.maxUnpreempted.toFixed(2)} ms | ≤ 5 ms | ${verdict(s.maxUnpreempted <= 5, `${s.maxUnpreempted.toFixed(2)} ms`)} |`,
        `| search index, ${fmt(s.count)}: heap · build · rebuild (longest slice) | ${s.heapMb.toFixed(1)} MB · ${fmt(s.buildMs)} ms · ${fmt(s.rebuildMs)} ms (${s.rebuildSliceMs.toFixed(1)} ms) | — | — |`,
      );
    }
    lines.push(
      `| cold start: empty embedded database → first 200 on / (template ${templateCached ? 'cached' : 'made during the run'}) | ${fmt(cold.firstAnswerMs)} ms | ≤ 5,000 ms | ${verdict(cold.firstAnswerMs <= 5000, `${fmt(cold.firstAnswerMs)} ms`)} |`,
      `| idle resident memory after the first start and five pages (peak while starting) | ${cold.idleRssMb.toFixed(0)} MB (${cold.peakRssMb.toFixed(0)} MB) | ≤ 300 MB | ${verdict(cold.idleRssMb <= 300, `${cold.idleRssMb.toFixed(0)} MB`)} |`,
      `| resident memory of the app 10 s after all the load above | ${rssAfterLoad.toFixed(0)} MB | — | — |`,
    );
    if (live) lines.push(...liveRows(live));
    lines.push(...fanouts.flatMap(fanoutRows));
    for (const [page, w] of [
      ['/', weights[0]],
      ['/stock/1', weights[1]],
    ] as const) {
      const kb = (w?.bytes ?? 0) / 1024;
      lines.push(
        `| initial JS ${page} (gzip, ${w?.files} files) | ${kb.toFixed(1)} KB | ≤ 150 KB | ${verdict(kb <= 150, `${kb.toFixed(1)} KB`)} |`,
      );
    }
    for (const [page, s] of lighthouse) {
      lines.push(
        `| Lighthouse mobile ${page}: performance, median of ${s.performanceRuns.join(' / ')} (accessibility / best practices / SEO) | ${s.performance} (${s.accessibility} / ${s.bestPractices} / ${s.seo}) | ≥ 95 | ${verdict(s.performance >= 95, `${s.performance}`)} |`,
      );
    }
    if (quick) lines.push('| Lighthouse | skipped (--quick) | | |');
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    if (webBuildId() !== build)
      failures.push('apps/web/build changed during the run (another build ran): the page figures are of two builds; run again');
    if (failures.length > 0) {
      console.error(`FAILED: ${failures.join('; ')}`);
      process.exitCode = 1;
    } else if (!quick) {
      writeBetweenMarkers(join(root, 'docs/benchmarks.md'), table);
      console.log('written to docs/benchmarks.md');
    }
  } finally {
    for (const s of started.reverse()) await s.stop();
  }
}

await main();
