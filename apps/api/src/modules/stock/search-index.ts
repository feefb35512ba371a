import {
  type CompanySearchResult,
  MATCH_RANK,
  type MatchKind,
  matchKind,
  normalizeSearchText,
  SEARCH_RESULT_LIMIT,
} from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import type { SearchRow } from './stock.repository.ts';

interface Entry {
  row: SearchRow;
  name: string;
  code: string;
  unissued: boolean;
  views: number;
}

/**
 * A read cache of every company's name and code, rebuilt from the database when older than
 * `ttlMs`. Each instance keeps its own copy: nothing here has to be shared between instances.
 */
export function createSearchIndex(load: () => Promise<SearchRow[]>, clock: Clock, ttlMs = 30_000) {
  let entries: Entry[] = [];
  let loadedAt = -Infinity;
  let pending: Promise<void> | null = null;

  const rebuild = async () => {
    const rows = await load();
    entries = rows.map((row) => ({
      row,
      name: normalizeSearchText(row.name),
      code: row.code.toLowerCase(),
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
      return searchEntries(entries, keyword, options);
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

function searchEntries(entries: Entry[], keyword: string, options: { unissuedOnly?: boolean; limit?: number }) {
  const query = normalizeSearchText(keyword);
  const limit = options.limit ?? SEARCH_RESULT_LIMIT;
  const hits: Array<{ entry: Entry; kind: MatchKind }> = [];
  for (const entry of entries) {
    if (options.unissuedOnly && !entry.unissued) continue;
    const kind = matchKind(query, entry);
    if (kind) hits.push({ entry, kind });
  }
  hits.sort(
    (a, b) =>
      MATCH_RANK[a.kind] - MATCH_RANK[b.kind] ||
      b.entry.views - a.entry.views ||
      a.entry.name.length - b.entry.name.length ||
      a.entry.row.id - b.entry.row.id,
  );
  return hits.slice(0, limit).map(({ entry }) => toResult(entry.row));
}

function toResult(row: SearchRow): Omit<CompanySearchResult, 'isFavorite'> {
  return {
    companyIdx: row.id,
    companyName: row.name,
    companyLogoUrl: row.logo_url,
    beesangCode: row.code,
    companyStockCurrentPrice: Number(row.current_price),
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
