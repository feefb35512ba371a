/**
 * Search latency over N companies, in process (no HTTP, no database). Run as a script with
 * --expose-gc so that the index's memory can be measured:
 *   node --expose-gc scripts/bench/search-scale.ts 100000   → one JSON line
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { SECTORS, toChoseong } from '@beesang/contract';
import { companyName } from '../../apps/api/src/db/seed/names.ts';
import { createRandom } from '../../apps/api/src/db/seed/random.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { createSearchIndex } from '../../apps/api/src/modules/stock/search-index.ts';

export interface SearchScale {
  count: number;
  queries: number;
  p50: number;
  p99: number;
  /** the longest single search: how long one search held the event loop (wall time) */
  max: number;
  /** the longest single search during which no thread of this process was preempted by another process */
  maxUnpreempted: number;
  /** heap held by the index (rows included), MB */
  heapMb: number;
  buildMs: number;
  /** the longest slice of the first build */
  buildSliceMs: number;
  /** a background rebuild after 1 % of the companies changed: its time and longest slice */
  rebuildMs: number;
  rebuildSliceMs: number;
}

const WORDS = ['비상', 'ㅂㅅ', '비ㅅ', '빗', '1234', '1000', '테크', 'ㅋㅇ', '바이오', 'ㄴㅅㅌ', 'ai', '없는회사', '한빛반도체', 'ㅎㅂ'];

async function measure(count: number, queries: number): Promise<SearchScale> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const random = createRandom(7);
  const taken = new Set<string>();
  const names = Array.from({ length: count }, () => {
    const name = companyName(random, random.pick(SECTORS), taken);
    taken.add(name);
    return name;
  });
  taken.clear();
  // What visitors type: the fixed words, and the first letters or 초성 of real names.
  const typed = Array.from({ length: 400 }, () => {
    const name = random.pick(names);
    const n = random.int(1, 3);
    return random.chance(0.3) ? toChoseong(name).slice(0, n + 1) : name.slice(0, n);
  });
  const words = [...WORDS, ...typed];
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let rows: Array<Record<string, unknown>> | null = names.map((name, i) => ({
    id: i + 1,
    code: String(100000 + i),
    name,
    logo_url: `/media/logos/${100000 + i}.svg`,
    labels: [i % 7 === 0 ? 'UNISSUED' : 'KOTC'],
    current_price: String(1000 + i),
    view_count: String(random.int(0, 10_000)),
    price_source: 'DEMO' as const,
    price_updated_at: new Date(0),
    price_trade_count: 0,
  }));
  const index = createSearchIndex(async () => rows as never, systemClock, Number.POSITIVE_INFINITY);
  const t = performance.now();
  await index.warm();
  const buildMs = performance.now() - t;
  const buildSliceMs = index.stats().lastBuildMaxSliceMs;
  // A rebuild (the periodic one, or after an import) while 1 % of the prices changed.
  rows = rows?.map((row, i) => (i % 100 === 0 ? { ...row, current_price: String(Number(row.current_price) + 10) } : row)) ?? null;
  index.invalidate();
  const r = performance.now();
  await index.warm();
  const rebuildMs = performance.now() - r;
  const rebuildSliceMs = index.stats().lastBuildMaxSliceMs;
  rows = null; // the index keeps what it needs
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  for (const w of words) index.searchSync(w); // warm the JIT
  const samples: number[] = [];
  let maxUnpreempted = 0;
  for (let i = 0; i < queries; i++) {
    const q = words[i % words.length] as string;
    const switches = process.resourceUsage().involuntaryContextSwitches;
    const s = performance.now();
    index.searchSync(q);
    const ms = performance.now() - s;
    samples.push(ms);
    if (process.resourceUsage().involuntaryContextSwitches === switches) maxUnpreempted = Math.max(maxUnpreempted, ms);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] as number;
  return {
    count,
    queries,
    p50: at(50),
    p99: at(99),
    max: samples[samples.length - 1] as number,
    maxUnpreempted,
    heapMb,
    buildMs,
    buildSliceMs,
    rebuildMs,
    rebuildSliceMs,
  };
}

/** Runs the measure in a fresh process (its own heap, gc exposed). */
export function searchAtScale(count: number, queries = 8000): SearchScale {
  const r = spawnSync(process.execPath, ['--expose-gc', import.meta.filename, String(count), String(queries)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`search-scale failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as SearchScale;
}

if (import.meta.main) {
  const [count = '20000', queries = '8000'] = process.argv.slice(2);
  console.log(JSON.stringify(await measure(Number(count), Number(queries))));
}
