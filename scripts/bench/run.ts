/**
 * `npm run bench`: one table of measured figures, taken in one run on this machine.
 * Loads go to loopback only, with fixed connection counts and durations.
 *   --quick   skips Lighthouse (about 3 minutes) and shortens the load runs
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LighthouseScores, lighthouseScores } from './lighthouse.ts';
import { type LoadResult, load } from './load.ts';
import { initialJsGzip } from './page-weight.ts';
import { searchAtScale } from './search-scale.ts';

const root = join(import.meta.dirname, '../..');
const quick = process.argv.includes('--quick');
const seconds = quick ? 3 : 8;

function start(script: string, env: Record<string, string>): ChildProcess {
  return fork(script, [], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

async function waitFor(url: string, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not become ready`);
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const verdict = (ok: boolean, miss: string) => (ok ? 'met' : `missed by ${miss}`);

async function main() {
  if (!existsSync(join(root, 'apps/web/build/server/index.js'))) {
    console.log('building the web app…');
    const b = spawnSync(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    });
    if (b.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'beesang-bench-'));
  const appPort = 3900 + Math.floor(Math.random() * 50);
  const barePort = appPort + 50;
  const app = start(join(root, 'apps/api/src/server.ts'), {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
  });
  const bare = start(join(import.meta.dirname, 'bare-server.ts'), { PORT: String(barePort) });
  const origin = `http://127.0.0.1:${appPort}`;
  try {
    console.log('starting the app (migrate + demo data)…');
    await waitFor(`${origin}/readyz`);
    await waitFor(`http://127.0.0.1:${barePort}/bare`);

    // The busiest company's sell side: the order book every stock page loads.
    const busiest = (
      (await (await fetch(`${origin}/api/v2/stock/ranking-list/HIGH_VOLUME/1`)).json()) as { result: Array<{ companyIdx: number }> }
    ).result[0]?.companyIdx;
    const targets: Array<[string, string]> = [
      ['bare Fastify route (ceiling)', `http://127.0.0.1:${barePort}/bare`],
      ['search `비상`', `${origin}/api/v2/stock/search/${encodeURIComponent('비상')}`],
      ['stock profile', `${origin}/api/v2/stock/profile/1`],
      ['chart 1Y', `${origin}/api/stock/chart/1?range=1Y`],
      ['sell listings (busiest company)', `${origin}/api/v2/trade/all/company/${busiest ?? 1}?tradeType=2`],
      ['SSR page /stock/1', `${origin}/stock/1`],
    ];
    const results: Array<[string, LoadResult]> = [];
    for (const [name, url] of targets) {
      await load(url, 10, 1); // warm-up
      const r = await load(url, 100, seconds);
      console.log(`${name}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
      results.push([name, r]);
    }
    const ceiling = (results[0] as [string, LoadResult])[1].rps;

    const search = await searchAtScale();
    console.log(`search over ${search.count} companies: p50 ${search.p50.toFixed(3)} ms, p99 ${search.p99.toFixed(3)} ms`);

    const weights = [await initialJsGzip(origin, '/'), await initialJsGzip(origin, '/stock/1')];

    let lh: Array<[string, LighthouseScores]> = [];
    if (!quick) {
      console.log('Lighthouse (mobile), 3 runs per page…');
      lh = [
        ['/', await lighthouseScores(`${origin}/`)],
        ['/stock/1', await lighthouseScores(`${origin}/stock/1`)],
      ];
    }

    const lines: string[] = [];
    lines.push(
      `Measured ${new Date().toISOString().slice(0, 16)}Z on ${cpus().length} × ${cpus()[0]?.model.trim()} · Node ${process.versions.node} · embedded PGlite, 300 demo companies · autocannon 100 connections × ${seconds} s on loopback (load generator on the same machine).`,
    );
    lines.push('');
    lines.push('| measure | req/s | p50 ms | p99 ms | ratio to bare | target | verdict |');
    lines.push('|---|---:|---:|---:|---:|---|---|');
    for (const [name, r] of results) {
      const ratio = r.rps / ceiling;
      const isApi = name.startsWith('search') || name.startsWith('stock profile') || name.startsWith('sell listings');
      const target = isApi ? '≥ 0.5 of bare; p99 ≤ 25 ms' : name.startsWith('bare') ? '—' : 'p99 ≤ 25 ms';
      let v = '—';
      if (!name.startsWith('bare')) {
        const misses: string[] = [];
        if (isApi && ratio < 0.5) misses.push(`ratio ${ratio.toFixed(2)} < 0.5`);
        if (r.p99 > 25) misses.push(`p99 +${r.p99 - 25} ms`);
        v = misses.length ? `missed (${misses.join(', ')})` : 'met';
      }
      lines.push(`| ${name} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${ratio.toFixed(2)} | ${target} | ${v} |`);
    }
    lines.push('');
    lines.push('| measure | value | target | verdict |');
    lines.push('|---|---:|---|---|');
    lines.push(
      `| search over ${fmt(search.count)} companies, in process (${fmt(search.queries)} queries) | p50 ${search.p50.toFixed(3)} ms · p99 ${search.p99.toFixed(3)} ms | p99 ≤ 5 ms | ${verdict(search.p99 <= 5, `${(search.p99 - 5).toFixed(2)} ms`)} |`,
    );
    for (const [page, w] of [
      ['/', weights[0]],
      ['/stock/1', weights[1]],
    ] as const) {
      const kb = (w?.bytes ?? 0) / 1024;
      lines.push(
        `| initial JS ${page} (gzip, ${w?.files} files) | ${kb.toFixed(1)} KB | ≤ 150 KB | ${verdict(kb <= 150, `${(kb - 150).toFixed(1)} KB`)} |`,
      );
    }
    for (const [page, s] of lh) {
      const misses: string[] = [];
      if (s.performance < 90) misses.push(`performance −${90 - s.performance}`);
      for (const [k, v] of [
        ['accessibility', s.accessibility],
        ['best practices', s.bestPractices],
        ['SEO', s.seo],
      ] as const)
        if (v < 95) misses.push(`${k} −${95 - v}`);
      lines.push(
        `| Lighthouse mobile ${page} (median of 3): performance / accessibility / best practices / SEO | ${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo} | ≥ 90 / 95 / 95 / 95 | ${misses.length ? `missed (${misses.join(', ')})` : 'met'} |`,
      );
    }
    if (quick) lines.push('| Lighthouse | skipped (--quick) | | |');
    const table = lines.join('\n');
    console.log(`\n${table}\n`);
    const notes = [
      '## Reading the table',
      '',
      '- The load generator runs on the same 2 cores as the server, so absolute figures are low and vary between runs (by 10–25 % on a shared VM, ratios included: stock profile read 0.52 and 0.41 of bare in two runs half an hour apart); ratios are taken within one run.',
      '- The bare route answers 25 bytes. A CPU profile of the search route under load shows the server idle half the time and most of its busy time writing the ~3 KB UTF-8 body (20 results); the search itself is under 1 %. The gap to the bare route is payload, not work.',
      '- The SSR page renders the whole stock page with React (about 3 ms of CPU each). At 100 concurrent connections on 2 shared cores its p99 is queueing time; it is listed against the 25 ms target for completeness.',
      '- The sell listings answer is about 2.6 KB of UTF-8 (20 listings with their writers); the list comes from a per-instance cache between writes, and a CPU profile under load shows the server idle 40 % of the time and a fifth of its time writing the body to the socket: payload again, as for search.',
      '- Lighthouse runs its mobile preset (simulated slow 4G, 4× CPU slowdown) against the production build served by the API process.',
      "- Lighthouse's simulation counts every request that started before the first paint it observed, so its performance score is bimodal on a slow machine: when Chromium's first paint lands late (about 1.3 s on a 2-core AMD EPYC VM), after every script and font was fetched, the score falls to about 70. On one such machine the same build scored 72 / 67 in one run and 96 / 95 in the next, and the build of 45839d7 scored 70–74 on / between them. Rerun, and compare with an older build on the same machine, before reading a drop as a regression.",
    ].join('\n');
    if (!quick)
      writeFileSync(
        join(root, 'docs/benchmarks.md'),
        `# Benchmarks\n\nWritten by \`npm run bench\` (scripts/bench/run.ts); numbers from the latest run.\n\n${table}\n\n${notes}\n`,
      );
  } finally {
    app.kill('SIGTERM');
    bare.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
