import type { Trade } from '@beesang/contract';
import { useEffect, useMemo, useState } from 'react';
import type { Paged } from '../shared/trade-api';
import { fetchMyTrades } from './my-trades-api';

/** What the route's loader read for the first HTML: the page of `path`, or null when the server could not (no or expired token). */
export interface MyTradesLoad {
  path: string;
  page: Paged<Trade> | null;
}

export type MyTradesState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: Paged<Trade> };

const LOADING: MyTradesState = { status: 'loading' };

/** A page fetched here, with the request it answers. */
interface Fetched {
  path: string;
  loaded: MyTradesLoad | null;
  attempt: number;
  state: MyTradesState;
}

/**
 * One page of the member's listings: the loader's when it read this very page, else fetched here
 * (a sign-in in the dialog, a token only the browser could refresh, a retry). Every run of the
 * loader — a filter, a page, a revalidation after a change — hands over a new `loaded`, shown in
 * the same render as the new address, never a frame late.
 */
export function useMyTrades(path: string, loaded: MyTradesLoad | null) {
  // Retries count for the `loaded` they were made on, so the loader's next answer is used again.
  const [retries, setRetries] = useState({ loaded, count: 0 });
  const attempt = retries.loaded === loaded ? retries.count : 0;
  const fromLoader = attempt === 0 && loaded?.path === path ? loaded.page : null;
  const [fetched, setFetched] = useState<Fetched | null>(null);

  useEffect(() => {
    if (fromLoader) return;
    const controller = new AbortController();
    const answer = (state: MyTradesState) => setFetched({ path, loaded, attempt, state });
    fetchMyTrades(path, controller.signal)
      .then((page) => answer({ status: 'ready', page }))
      .catch(() => {
        if (!controller.signal.aborted) answer({ status: 'error' });
      });
    return () => controller.abort();
  }, [path, loaded, attempt, fromLoader]);

  const current = fetched && fetched.path === path && fetched.loaded === loaded && fetched.attempt === attempt ? fetched.state : LOADING;
  const state = useMemo<MyTradesState>(() => (fromLoader ? { status: 'ready', page: fromLoader } : current), [fromLoader, current]);
  return { state, retry: () => setRetries({ loaded, count: attempt + 1 }) };
}
