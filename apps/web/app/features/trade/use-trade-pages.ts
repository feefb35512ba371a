import { type Trade, type TradeType, tradeUiMessages as t } from '@beesang/contract';
import { useEffect, useState } from 'react';
import { fetchTrades, type Paged } from './trade-api';

/**
 * One side of the book: the loader's first page, plus pages fetched with 더보기. A revalidated
 * first page (after a register, edit, finish or delete) starts the list again from it.
 */
export function useTradePages(companyIdx: number, tradeType: TradeType, first: Paged<Trade> | null) {
  const [extra, setExtra] = useState<Trade[]>([]);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first page is the trigger
  useEffect(() => {
    setExtra([]);
    setPage(1);
    setError('');
  }, [first]);

  // Listings added meanwhile shift the pages: a row already shown is not shown twice.
  const seen = new Set<number>();
  const rows = [...(first?.data ?? []), ...extra].filter((r) => !seen.has(r.tradeIdx) && seen.add(r.tradeIdx));
  const total = first?.total ?? 0;
  const hasMore = first !== null && page * first.size < total;

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

  return { rows, total, hasMore, loading, error, more };
}
