import { type Trade, type TradeType, tradeUiMessages as t } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { fetchTrades, type Paged } from '../shared/trade-api';

/** A first page fetched here (다시 시도), for the loader's `first` it replaces. */
interface Reloaded {
  first: Paged<Trade> | null;
  page: Paged<Trade>;
}

/**
 * One side of the book: the loader's first page (or, when the loader could not read it, one
 * fetched again with 다시 시도), plus pages fetched with 더보기. A revalidated first page (after a
 * register, edit, finish or delete) starts the list again from it.
 */
export function useTradePages(companyIdx: number, tradeType: TradeType, first: Paged<Trade> | null) {
  const [extra, setExtra] = useState<Trade[]>([]);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [reloaded, setReloaded] = useState<Reloaded | null>(null);
  const [reloading, setReloading] = useState(false);
  const reload = useRef<AbortController | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first page is the trigger
  useEffect(() => {
    setExtra([]);
    setPage(1);
    setError('');
    reload.current?.abort();
    setReloading(false);
  }, [first]);
  useEffect(() => () => reload.current?.abort(), []);

  // A page fetched for an older `first` is forgotten the moment the loader answers again.
  const base = reloaded && reloaded.first === first ? reloaded.page : first;
  // Listings added meanwhile shift the pages: a row already shown is not shown twice.
  const seen = new Set<number>();
  const rows = [...(base?.data ?? []), ...extra].filter((r) => !seen.has(r.tradeIdx) && seen.add(r.tradeIdx));
  const total = base?.total ?? 0;
  const hasMore = base !== null && page * base.size < total;

  async function more() {
    if (loading || !hasMore) return;
    setLoading(true);
    setError('');
    try {
      const next = await fetchTrades(companyIdx, tradeType, page + 1);
      setExtra((list) => [...list, ...next.data]);
      setPage(page + 1);
    } catch {
      setError(t.loadFailed);
    } finally {
      setLoading(false);
    }
  }

  /** 다시 시도 of a side the loader could not read: its first page again; a failure leaves the side failed. */
  async function retry() {
    if (reloading) return;
    const controller = new AbortController();
    reload.current = controller;
    setReloading(true);
    try {
      const fresh = await fetchTrades(companyIdx, tradeType, 1);
      if (!controller.signal.aborted) setReloaded({ first, page: fresh });
    } catch {
      // The side keeps saying it failed, with its 다시 시도.
    } finally {
      if (!controller.signal.aborted) setReloading(false);
    }
  }

  return { rows, total, failed: base === null, reloading, hasMore, loading, error, more, retry };
}
