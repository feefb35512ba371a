import type { ConversationSummary } from '@beesang/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLive, useLiveSignals } from '../../../lib/live-provider';
import { type ConversationList, fetchConversations, INBOX_PAGE_SIZE } from '../shared/deals-api';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: ConversationSummary[]; total: number };

const LIVE_DEBOUNCE_MS = 250;

/** Page 1 read again goes first; conversations further down that it does not hold stay below. */
function mergeFirstPage(first: ConversationSummary[], shown: ConversationSummary[]) {
  const ids = new Set(first.map((c) => c.conversationId));
  return [...first, ...shown.filter((c) => !ids.has(c.conversationId))];
}

/**
 * The member's conversations, newest first: from the loader when it had them, else read here; page
 * 1 is read again on any live signal of the deals (a message, a deal, a read, a reconnect), so the order, the
 * previews, the unread badges and the deal statuses follow without a reload.
 */
export function useInbox(initial: ConversationList | null) {
  const [state, setState] = useState<State>(
    initial ? { status: 'ready', items: initial.data, total: initial.total } : { status: 'loading' },
  );
  const [page, setPage] = useState(1);
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [attempt, setAttempt] = useState(0);
  const { setUnreadCount } = useLive();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const accept = useCallback(
    (list: ConversationList) => {
      setUnreadCount(list.unreadCount);
      setState((s) => ({ status: 'ready', items: mergeFirstPage(list.data, s.status === 'ready' ? s.items : []), total: list.total }));
    },
    [setUnreadCount],
  );

  useEffect(() => {
    if (initial && attempt === 0) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchConversations(1, controller.signal).then(accept, () => !controller.signal.aborted && setState({ status: 'failed' }));
    return () => controller.abort();
  }, [initial, attempt, accept]);

  useLiveSignals((signal) => {
    // Notifications (issue 23) share the channel; they change no conversation.
    if (signal.type === 'notification' || signal.type === 'notifications-read') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => fetchConversations(1).then(accept, () => {}), LIVE_DEBOUNCE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const loadMore = async () => {
    setMore('loading');
    try {
      const next = await fetchConversations(page + 1);
      setPage((p) => p + 1);
      setState((s) => (s.status === 'ready' ? { ...s, items: mergeFirstPage(s.items, next.data), total: next.total } : s));
      setMore('idle');
    } catch {
      setMore('failed');
    }
  };

  const hasMore = state.status === 'ready' && state.items.length < state.total && state.items.length >= page * INBOX_PAGE_SIZE;
  return { state, hasMore, more, loadMore, retry: () => setAttempt((n) => n + 1) };
}
