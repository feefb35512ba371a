/**
 * `npm run bench`: measured figures only, taken in one run on this machine, written between the
 * markers of docs/benchmarks.md (the hand-written reading outside them stays as it is).
 *   --quick   shorter loads and no Lighthouse; prints the tables, writes nothing
 *
 * Each comparison runs the app and its baseline in turns (A, B, A, B, … ROUNDS rounds each) on
 * loopback and reports medians and ranges. Any answer that is not 2xx, or any socket error, fails
 * the run (exit code 1, nothing written). The server runs as `npm start` runs it: NODE_ENV=
 * production, the default log level, the node flags of scripts/start.mjs, free ports.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteTemplatePath } from '../../apps/api/src/db/seed/first-start.ts';
import { coldStart } from './cold-start.ts';
import { type LighthouseScores, lighthouseScores } from './lighthouse.ts';
import { type LoadResult, load } from './load.ts';
import { initialJsGzip } from './page-weight.ts';
import { answers, rssMb, type Started, serverNodeFlags, startApp, startProcess, startUsesNodeFlags, waitFor } from './processes.ts';
import { fmt, machine, summary, verdict, writeBetweenMarkers } from './report.ts';
import { type SearchScale, searchAtScale } from './search-scale.ts';

const root = join(import.meta.dirname, '../..');
const quick = process.argv.includes('--quick');
const SECONDS = quick ? 2 : 5;
const ROUNDS = 3;
const CONNECTIONS = 50;
const failures: string[] = [];

interface Side {
  origin: string;
  paths: string[];
}
interface Comparison {
  name: string;
  app: Side;
  baseline: Side;
  baselineName: string;
  /** the least acceptable app ÷ baseline throughput */
  atLeast: number;
}

async function measure(side: Side, label: string): Promise<LoadResult> {
  const r = await load(side.origin, side.paths, CONNECTIONS, SECONDS);
  if (r.non2xx > 0 || r.errors > 0) failures.push(`${label}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
  return r;
}

/** A, B, A, B …: both sides see the same machine, whatever else runs on it meanwhile. */
async function compare(c: Comparison) {
  await load(c.app.origin, c.app.paths, 10, 1); // warm-up
  await load(c.baseline.origin, c.baseline.paths, 10, 1);
  const a: LoadResult[] = [];
  const b: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(await measure(c.app, c.name));
    b.push(await measure(c.baseline, c.baselineName));
  }
  const app = summary(a);
  const base = summary(b);
  const ratio = app.rps / base.rps;
  console.log(`${c.name}: ${fmt(app.rps)} req/s vs ${c.baselineName} ${fmt(base.rps)} req/s → ${ratio.toFixed(2)}`);
  return { c, app, base, ratio };
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
    const ssr = await startProcess(join(import.meta.dirname, 'minimal-ssr/server.ts'), { NODE_ENV: 'production' });
    started.push(ssr);
    console.log('waiting for the apps (demo data, then its older bars in the background)…');
    for (const s of [app, quiet]) {
      await waitFor(() => answers(`${s.origin}/readyz`), 'the app answering');
      await waitFor(() => s.output().includes('older demo bars written'), 'the demo backfill');
    }
    await waitFor(() => answers(`${ssr.origin}/`), 'the minimal SSR page');
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

    const lines: string[] = [];
    lines.push(
      `Measured ${m.date} UTC · commit ${m.commit} · Node ${m.node} · ${m.cores} × ${m.cpuModel}, ${m.memoryGb.toFixed(1)} GB · load average at start ${m.load} · server flags: ${serverNodeFlags.join(' ') || 'none'} · autocannon ${CONNECTIONS} connections × ${SECONDS} s, ${ROUNDS} rounds per side, taken in turns (medians, range in brackets).`,
      '',
      '| measure | app req/s | baseline | baseline req/s | ratio | app p50 / p99 ms | target | verdict |',
      '|---|---:|---|---:|---:|---:|---|---|',
    );
    for (const r of [...results, logging]) {
      const target = r === logging ? 'cost ≤ 10 %' : `≥ ${r.c.atLeast}×`;
      const ok = r.ratio >= r.c.atLeast;
      const miss = r === logging ? `costs ${((1 - r.ratio) * 100).toFixed(0)} %` : `${r.ratio.toFixed(2)} < ${r.c.atLeast}`;
      lines.push(
        `| ${r.c.name} | ${fmt(r.app.rps)} [${fmt(r.app.min)}–${fmt(r.app.max)}] | ${r.c.baselineName} | ${fmt(r.base.rps)} [${fmt(r.base.min)}–${fmt(r.base.max)}] | ${r.ratio.toFixed(2)} | ${r.app.p50} / ${r.app.p99} | ${target} | ${verdict(ok, miss)} |`,
      );
    }
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
