import { performance } from 'node:perf_hooks';
import { type CompanySearchResult, compileQuery, normalizeSearchText, SEARCH_RESULT_LIMIT } from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import { type Base, buildBase, type Entry, runSliced, runToEnd, searchBase, toEntry } from './search-postings.ts';
import type { SearchRow } from './stock.repository.ts';

/**
 * Loads search rows: every company without `ids`, else at least those companies (a loader that
 * returns more is fine; the index keeps the ones it asked for).
 */
export type SearchLoader = (ids?: readonly number[]) => Promise<SearchRow[]>;

export interface SearchIndexOptions {
  /**
   * After an invalidation of every company (an import, a reconnected bus) a search waits for the
   * rebuild while the index holds at most this many companies (a few milliseconds' work), so an
   * operator sees an import at once; a larger index answers from its previous copy until the new
   * one is ready.
   */
  waitForRebuildUpTo?: number;
  /** Companies changed since the last build, beyond which a rebuild folds them in (in the background). */
  overlayLimit?: number;
}

/**
 * A read cache of every company's name and code for search (decision 0011). Each instance keeps
 * its own copy: nothing here has to be shared between instances.
 *
 * - The first search waits for the first build; later full rebuilds (every `ttlMs`, after an
 *   invalidation of everything, or when many companies changed) run in the background, in slices
 *   of a few milliseconds, and swap in when done.
 * - `invalidate(id)` reloads that one company (one indexed query) before the next search answers:
 *   a price change updates its entry in place; a new name, code or label moves it to a small
 *   overlay searched beside the built index. Views, which only order results, are those of the
 *   last build (or of the company's last change).
 */
export function createSearchIndex(load: SearchLoader, clock: Clock, ttlMs = 300_000, options: SearchIndexOptions = {}) {
  const waitForRebuildUpTo = options.waitForRebuildUpTo ?? 20_000;
  const overlayLimit = options.overlayLimit ?? 1000;
  let base: Base = runToEnd(buildBase([]));
  let built = false;
  const overlay = new Map<number, Entry>();
  // Answers for repeated keywords; valid exactly as long as the entries, so cleared on every change.
  let answers = new Map<string, CompanySearchResult[]>();
  let builtAt = -Infinity;
  // Invalidations of every company asked for, and how many of them the current build includes.
  let wanted = 0;
  let included = 0;
  const stale = () => included < wanted;
  let rebuilding: Promise<void> | null = null;
  let touched: Set<number> | null = null;
  const pending = new Set<number>();
  let flushing: Promise<void> | null = null;
  let flushScheduled = false;
  const stats = { builds: 0, lastBuildMs: 0, lastBuildMaxSliceMs: 0, maxSliceMs: 0, refreshed: 0, failures: 0 };

  const rebuild = (): Promise<void> => {
    rebuilding ??= runRebuild();
    return rebuilding;
  };

  async function runRebuild() {
    try {
      do {
        const generation = wanted;
        // Companies refreshed one by one while this build loads may be newer than its rows.
        touched = new Set();
        const startedAt = clock.now().getTime();
        const t0 = performance.now();
        const rows = await load();
        let longest = 0;
        const next = await runSliced(buildBase(rows, base), 4, (ms) => {
          longest = Math.max(longest, ms);
        });
        stats.lastBuildMaxSliceMs = longest;
        stats.maxSliceMs = Math.max(stats.maxSliceMs, longest);
        base = next;
        overlay.clear();
        answers = new Map();
        builtAt = startedAt;
        built = true;
        included = generation;
        stats.builds++;
        stats.lastBuildMs = performance.now() - t0;
        for (const id of touched) pending.add(id);
        touched = null;
      } while (stale());
    } finally {
      rebuilding = null;
      touched = null;
    }
    if (pending.size > 0) scheduleFlush();
  }

  const rebuildInBackground = () => {
    rebuild().catch(() => {
      stats.failures++;
    });
  };

  /** One company's fresh row (or none: deleted) into the built index or the overlay. */
  const apply = (id: number, row: SearchRow | undefined) => {
    const pos = base.idToPos.get(id);
    const live = pos !== undefined && !base.dead[pos];
    if (!row) {
      if (live) base.dead[pos] = 1;
      overlay.delete(id);
      return;
    }
    const entry = toEntry(row);
    if (live) {
      const old = base.entries[pos] as Entry;
      if (old.name === entry.name && old.code === entry.code && old.unissued === entry.unissued) {
        old.result = entry.result; // price, logo, provenance: same place in the ranking
        return;
      }
      base.dead[pos] = 1;
    }
    overlay.set(id, entry);
    if (overlay.size > overlayLimit) rebuildInBackground();
  };

  const flush = (): Promise<void> => {
    flushing ??= runFlush();
    return flushing;
  };

  async function runFlush() {
    try {
      while (pending.size > 0) {
        const ids = [...pending];
        pending.clear();
        for (const id of ids) touched?.add(id);
        const rows = await load(ids);
        const found = new Map<number, SearchRow>();
        const wanted = new Set(ids);
        for (const row of rows) if (wanted.has(row.id)) found.set(row.id, row);
        for (const id of ids) apply(id, found.get(id));
        answers = new Map();
        stats.refreshed += ids.length;
      }
    } catch {
      // The database failed us: the next full rebuild picks the changes up.
      stats.failures++;
      pending.clear();
      wanted++;
    } finally {
      flushing = null;
    }
  }

  function scheduleFlush() {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      void flush();
    });
  }

  async function ready() {
    if (!built) {
      await rebuild();
    } else if (stale() || clock.now().getTime() - builtAt >= ttlMs) {
      const waits = stale() && base.entries.length <= waitForRebuildUpTo;
      if (waits) await rebuild();
      else rebuildInBackground();
    }
    if (pending.size > 0 || flushing) await flush();
  }

  const run = (keyword: string, opts: { unissuedOnly?: boolean | undefined; limit?: number | undefined }) =>
    searchBase(base, compileQuery(normalizeSearchText(keyword)), overlay.values(), {
      unissuedOnly: opts.unissuedOnly,
      limit: opts.limit ?? SEARCH_RESULT_LIMIT,
    }).map((entry) => entry.result);

  return {
    /** A company changed (its id), or every company (no id). */
    invalidate(id?: number) {
      // Nothing loaded nor loading: the first build reads everything anyway.
      if (!built && !rebuilding) return;
      if (id === undefined) {
        wanted++;
        rebuildInBackground();
        return;
      }
      pending.add(id);
      scheduleFlush();
    },
    async search(keyword: string, opts: { unissuedOnly?: boolean; limit?: number } = {}) {
      await ready();
      const key = `${opts.unissuedOnly ? 1 : 0}:${opts.limit ?? ''}:${normalizeSearchText(keyword)}`;
      let found = answers.get(key);
      if (!found) {
        found = run(keyword, opts);
        if (answers.size >= 2000) answers.clear();
        answers.set(key, found);
      }
      return found;
    },
    /** For the benchmark: search the current copy, without the answer cache or the database. */
    searchSync(keyword: string, opts: { unissuedOnly?: boolean; limit?: number } = {}) {
      return run(keyword, opts);
    },
    /** Waits for a built index (the first build, or a pending one); the number of companies. */
    async warm() {
      if (!built || stale()) await rebuild();
      return base.entries.length - base.dead.reduce((n, d) => n + d, 0) + overlay.size;
    },
    stats() {
      return { ...stats, companies: base.entries.length, overlay: overlay.size, pending: pending.size, rebuilding: rebuilding !== null };
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
