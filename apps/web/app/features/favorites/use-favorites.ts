import { type StockSummary, communityMessages as t } from '@beesang/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, endsSession } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useFavoriteToggle } from '../../lib/use-favorite-toggle';
import { fetchFavorites, saveFavoriteOrder } from './favorites-api';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: StockSummary[] };

/**
 * The member's favourites: from the SSR loader when it had them, else fetched here (a sign-in in
 * the dialog, or an access token the server could not use). A new order shows at once and is
 * saved; when saving fails the list goes back to the last order the server accepted.
 */
export function useFavorites(initial: StockSummary[] | null, memberIdx: number | null) {
  const [state, setState] = useState<State>(initial ? { status: 'ready', items: initial } : { status: 'loading' });
  const saved = useRef<StockSummary[]>(initial ?? []);
  const saves = useRef(0);
  const [attempt, setAttempt] = useState(0);
  const { notify } = useNotify();
  const toggle = useFavoriteToggle();

  useEffect(() => {
    if (memberIdx === null) return;
    // A (re)run of the route's loader is the server's word on the list.
    if (initial && attempt === 0) {
      saved.current = initial;
      setState({ status: 'ready', items: initial });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchFavorites(controller.signal)
      .then((items) => {
        saved.current = items;
        setState({ status: 'ready', items });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [memberIdx, initial, attempt]);

  const reorder = useCallback(
    async (next: StockSummary[]) => {
      setState({ status: 'ready', items: next });
      const call = ++saves.current;
      try {
        await saveFavoriteOrder(next.map((s) => s.companyIdx));
        saved.current = next;
      } catch (error) {
        if (call !== saves.current) return; // a later order decides
        setState({ status: 'ready', items: saved.current });
        if (endsSession(error)) return;
        notify('error', t.favoriteOrderTitle, error instanceof ApiError && error.status === 409 ? error.message : t.favoriteOrderFailed);
        // The list changed elsewhere (another tab or device): show what the server has now.
        if (error instanceof ApiError && error.status === 409) setAttempt((n) => n + 1);
      }
    },
    [notify],
  );

  const remove = useCallback(
    async (item: StockSummary) => {
      const still = await toggle(item.companyIdx, true);
      if (still !== false) return;
      const without = (list: StockSummary[]) => list.filter((s) => s.companyIdx !== item.companyIdx);
      saved.current = without(saved.current);
      setState((s) => (s.status === 'ready' ? { status: 'ready', items: without(s.items) } : s));
    },
    [toggle],
  );

  return { state, reorder, remove, retry: () => setAttempt((n) => n + 1) };
}
