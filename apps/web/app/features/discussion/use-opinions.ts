import type { Opinion } from '@beesang/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchOpinions } from './discussion-api';

type Status = 'loading' | 'ready' | 'error';

/**
 * A company's opinions, newest first, page by page ("더 보기"). Reloaded when the reader changes
 * (sign-in or out), since `isMine` and `isReported` depend on who reads. Opinions written here are
 * prepended; a later page may then repeat one, so pages are merged by id.
 */
export function useOpinions(companyIdx: number, readerIdx: number | null) {
  const [items, setItems] = useState<Opinion[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<Status>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  // Relative times are measured from the last load, not from each render.
  const [now, setNow] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: readerIdx and attempt are reload triggers
  useEffect(() => {
    const controller = new AbortController();
    const call = ++latest.current;
    setStatus('loading');
    fetchOpinions(companyIdx, 1, controller.signal)
      .then((res) => {
        if (call !== latest.current) return;
        setItems(res.data);
        setTotal(res.total);
        setPage(1);
        setNow(Date.now());
        setStatus('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [companyIdx, readerIdx, attempt]);

  const more = useCallback(async () => {
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const res = await fetchOpinions(companyIdx, page + 1);
      setItems((list) => {
        const seen = new Set(list.map((o) => o.opinionIdx));
        return [...list, ...res.data.filter((o) => !seen.has(o.opinionIdx))];
      });
      setTotal(res.total);
      setPage(res.page);
      setNow(Date.now());
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [companyIdx, page]);

  return {
    items,
    total,
    status,
    now,
    loadingMore,
    moreFailed,
    hasMore: items.length < total,
    more,
    retry: () => setAttempt((n) => n + 1),
    prepend(opinion: Opinion) {
      setItems((list) => [opinion, ...list.filter((o) => o.opinionIdx !== opinion.opinionIdx)]);
      setTotal((n) => n + 1);
      setNow(Date.now());
    },
    remove(opinionIdx: number) {
      setItems((list) => list.filter((o) => o.opinionIdx !== opinionIdx));
      setTotal((n) => Math.max(0, n - 1));
    },
    markReported(opinionIdx: number) {
      setItems((list) => list.map((o) => (o.opinionIdx === opinionIdx ? { ...o, isReported: true } : o)));
    },
  };
}
