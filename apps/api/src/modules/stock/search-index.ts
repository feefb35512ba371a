import {
  type CompanySearchResult,
  compileQuery,
  MATCH_RANK,
  type MatchKind,
  matchKind,
  normalizeSearchText,
  SEARCH_RESULT_LIMIT,
  searchEntry,
} from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import type { SearchRow } from './stock.repository.ts';

interface Entry {
  row: SearchRow;
  name: string;
  code: string;
  initials: string;
  unissued: boolean;
  views: number;
}

/**
 * A read cache of every company's name and code, rebuilt from the database when older than
 * `ttlMs`. Each instance keeps its own copy: nothing here has to be shared between instances.
 */
export function createSearchIndex(load: () => Promise<SearchRow[]>, clock: Clock, ttlMs = 30_000) {
  let entries: Entry[] = [];
  // Answers for repeated keywords; valid exactly as long as `entries`, so cleared on every rebuild.
  let answers = new Map<string, ReturnType<typeof searchEntries>>();
  let loadedAt = -Infinity;
  let pending: Promise<void> | null = null;

  const rebuild = async () => {
    const rows = await load();
    answers = new Map();
    entries = rows.map((row) => ({
      row,
      ...searchEntry(row.name, row.code),
      unissued: row.labels.includes('UNISSUED'),
      views: Number(row.view_count),
    }));
    loadedAt = clock.now().getTime();
  };

  const ensureFresh = async () => {
    const age = clock.now().getTime() - loadedAt;
    if (age < ttlMs) return;
    pending ??= rebuild().finally(() => {
      pending = null;
    });
    // The first load waits; later ones serve the old copy while the new one loads.
    if (loadedAt === -Infinity) await pending;
  };

  return {
    invalidate() {
      loadedAt = -Infinity;
    },
    async search(keyword: string, options: { unissuedOnly?: boolean; limit?: number } = {}) {
      await ensureFresh();
      const key = `${options.unissuedOnly ? 1 : 0}:${options.limit ?? ''}:${normalizeSearchText(keyword)}`;
      let found = answers.get(key);
      if (!found) {
        found = searchEntries(entries, keyword, options);
        if (answers.size >= 2000) answers.clear();
        answers.set(key, found);
      }
      return found;
    },
    /** For the benchmark: search without touching the database. */
    searchSync(keyword: string) {
      return searchEntries(entries, keyword, {});
    },
    async warm() {
      await ensureFresh();
      return entries.length;
    },
  };
}

interface Hit {
  entry: Entry;
  rank: number;
}

/** Whether hit a ranks before hit b: match kind, then popularity, then shorter names, then id. */
function before(a: Hit, b: Hit): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.entry.views !== b.entry.views) return a.entry.views > b.entry.views;
  if (a.entry.name.length !== b.entry.name.length) return a.entry.name.length < b.entry.name.length;
  return a.entry.row.id < b.entry.row.id;
}

/** One pass over the entries keeping only the best `limit` hits (insertion into a short sorted list). */
function searchEntries(entries: Entry[], keyword: string, options: { unissuedOnly?: boolean; limit?: number }) {
  const query = compileQuery(normalizeSearchText(keyword));
  const limit = options.limit ?? SEARCH_RESULT_LIMIT;
  const best: Hit[] = [];
  for (const entry of entries) {
    if (options.unissuedOnly && !entry.unissued) continue;
    const kind: MatchKind | null = matchKind(query, entry);
    if (!kind) continue;
    const hit = { entry, rank: MATCH_RANK[kind] };
    if (best.length === limit && !before(hit, best[limit - 1] as Hit)) continue;
    let at = best.length;
    while (at > 0 && before(hit, best[at - 1] as Hit)) at--;
    best.splice(at, 0, hit);
    if (best.length > limit) best.pop();
  }
  return best.map(({ entry }) => toResult(entry.row));
}

/** Results for a visitor; the service sets isFavorite for a member's favourites. */
function toResult(row: SearchRow): CompanySearchResult {
  return {
    companyIdx: row.id,
    companyName: row.name,
    companyLogoUrl: row.logo_url,
    beesangCode: row.code,
    companyStockCurrentPrice: Number(row.current_price),
    isFavorite: false,
    priceSource: row.price_source,
    priceAt: row.price_updated_at.toISOString(),
    priceTradeCount: row.price_trade_count,
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
