import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import type { LoadOptions, LoadResult } from './load.ts';

export const START = '<!-- bench:start (written by npm run bench; edit outside the markers) -->';
export const END = '<!-- bench:end -->';

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Median and range of the rounds of one side of a comparison. */
export function summary(runs: LoadResult[]) {
  const rps = runs.map((r) => r.rps);
  return {
    rps: median(rps),
    min: Math.min(...rps),
    max: Math.max(...rps),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
  };
}

export const verdict = (ok: boolean, miss: string) => (ok ? 'met' : `missed (${miss})`);

/**
 * A member's visit to a shared page (issue 24): the document and the reads the browser makes after
 * it, `requests` in all, `steps` of them one after another (the rest alongside).
 */
export interface Visit {
  requests: number;
  steps: number;
}

/** One side of a comparison: where the load goes, and with what (a member's cookie or token). */
export interface Side extends LoadOptions {
  origin: string;
  paths: string[];
  /** Each connection's paths are visits of this shape: the figures are per visit. */
  visit?: Visit;
}

/**
 * A load's figures per visit: visits a second (requests ÷ requests per visit), and a visit's latency
 * bounded by its steps, each at the request's percentile (a sum of p99s is above the p99 of sums).
 */
export function perVisit(r: LoadResult, visit: Visit): LoadResult {
  return { ...r, rps: r.rps / visit.requests, p50: r.p50 * visit.steps, p99: r.p99 * visit.steps };
}

export interface Comparison {
  name: string;
  app: Side;
  baseline: Side;
  baselineName: string;
  /** the least acceptable app ÷ baseline throughput */
  atLeast: number;
  /** the longest acceptable app p99 (ms), for rendered pages: a ratio alone would pass a slow page on a slow machine */
  p99AtMost?: number;
}

export interface Compared {
  c: Comparison;
  app: ReturnType<typeof summary>;
  base: ReturnType<typeof summary>;
  ratio: number;
}

export const COMPARISON_HEAD = [
  '| measure | app req/s | baseline | baseline req/s | ratio | app p50 / p99 ms | target | verdict |',
  '|---|---:|---|---:|---:|---:|---|---|',
];

/** A comparison's line: its target is the ratio, and the p99 where it has one; both must hold. */
export function comparisonLine(r: Compared, own?: { target: string; ok: boolean; miss: string }): string {
  const misses: string[] = [];
  if (r.ratio < r.c.atLeast) misses.push(`${r.ratio.toFixed(2)} < ${r.c.atLeast}`);
  if (r.c.p99AtMost !== undefined && r.app.p99 > r.c.p99AtMost) misses.push(`p99 ${fmt(r.app.p99)} > ${r.c.p99AtMost} ms`);
  const target = own?.target ?? `≥ ${r.c.atLeast}×${r.c.p99AtMost === undefined ? '' : `, p99 ≤ ${r.c.p99AtMost} ms`}`;
  const result = own ? verdict(own.ok, own.miss) : verdict(misses.length === 0, misses.join('; '));
  return `| ${r.c.name} | ${fmt(r.app.rps)} [${fmt(r.app.min)}–${fmt(r.app.max)}] | ${r.c.baselineName} | ${fmt(r.base.rps)} [${fmt(r.base.min)}–${fmt(r.base.max)}] | ${r.ratio.toFixed(2)} | ${r.app.p50} / ${r.app.p99} | ${target} | ${result} |`;
}

export function machine() {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  const commit = git('rev-parse', '--short', 'HEAD') || 'unknown';
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const cpu = cpus();
  return {
    commit: dirty ? `${commit} + uncommitted changes` : commit,
    node: process.versions.node,
    cores: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    memoryGb: totalmem() / 2 ** 30,
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' / '),
  };
}

/** Replaces what lies between the markers of docs/benchmarks.md, keeping everything else. */
export function writeBetweenMarkers(file: string, generated: string) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : `# Benchmarks\n\n${START}\n${END}\n`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${file} lacks the markers ${START} … ${END}`);
  writeFileSync(file, `${text.slice(0, from + START.length)}\n${generated}\n${text.slice(to)}`);
}
