import { type ConversationDetail, DEAL_MESSAGES_PAGE, type Deal, type Message } from '@beesang/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLive, useLiveSignals } from '../../../lib/live-provider';
import { fetchConversation, fetchMessages, markRead } from '../shared/deals-api';
import { lastMessageId, mergeMessages } from './merge-messages';

export interface ConversationData {
  detail: ConversationDetail;
  messages: Message[];
}

type State = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & ConversationData);

const upsertDeal = (deals: Deal[], deal: Deal) =>
  deals.some((d) => d.dealId === deal.dealId) ? deals.map((d) => (d.dealId === deal.dealId ? deal : d)) : [...deals, deal];

/**
 * One conversation as shown: its detail (deals, receipts, blocks) and every message, in order. New
 * messages are read with `?after=<last id shown>` — on a live message, whenever the channel opens,
 * on a resync, and once on mount when the channel was already open — one catch-up at a time, and
 * merged by id, so nothing is lost or shown twice. What is shown while the page is visible is marked
 * read.
 */
export function useConversation(id: number, initial: ConversationData | null) {
  const [state, setState] = useState<State>(initial ? { status: 'ready', ...initial } : { status: 'loading' });
  const live = useLive();
  const messages = useRef<Message[]>(initial?.messages ?? []);
  const catching = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const [attempt, setAttempt] = useState(0);

  const setMessages = useCallback((incoming: Message[]) => {
    const next = mergeMessages(messages.current, incoming);
    if (next === messages.current) return;
    messages.current = next;
    setState((s) => (s.status === 'ready' ? { ...s, messages: next } : s));
  }, []);

  const setDetail = useCallback((change: (d: ConversationDetail) => ConversationDetail) => {
    setState((s) => (s.status === 'ready' ? { ...s, detail: change(s.detail) } : s));
  }, []);

  /** Reads what came after the last message shown, 100 at a time; a call meanwhile runs once more after. */
  const catchUp = useCallback((): Promise<void> => {
    if (catching.current) {
      again.current = true;
      return catching.current;
    }
    const run = async () => {
      do {
        again.current = false;
        for (;;) {
          const { data } = await fetchMessages(id, lastMessageId(messages.current));
          setMessages(data);
          if (data.length < DEAL_MESSAGES_PAGE) break;
        }
      } while (again.current);
    };
    catching.current = run()
      .catch(() => {
        // The next event, reconnect or resync reads again from the last id shown.
      })
      .finally(() => {
        catching.current = null;
      });
    return catching.current;
  }, [id, setMessages]);

  const refreshDetail = useCallback(async () => {
    try {
      const detail = await fetchConversation(id);
      setDetail(() => detail);
    } catch {
      // Shown as it was; the next signal reads again.
    }
  }, [id, setDetail]);

  // Without the server's first read (a sign-in here, a token the server could not use): read it all.
  useEffect(() => {
    if (initial && attempt === 0) return;
    let current = true;
    setState({ status: 'loading' });
    messages.current = [];
    fetchConversation(id).then(
      (detail) => {
        if (!current) return;
        setState({ status: 'ready', detail, messages: [] });
        void catchUp();
      },
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [id, initial, attempt, catchUp]);

  // Opened from another page, the channel was already listening while this page's data was read and
  // before this page listened: read what came in between once. (A first open catches up by itself.)
  const { isOpen } = live;
  useEffect(() => {
    if (initial && isOpen()) {
      void catchUp();
      void refreshDetail();
    }
  }, [initial, isOpen, catchUp, refreshDetail]);

  useLiveSignals((signal) => {
    if (signal.type === 'reconnected' || signal.type === 'resync') {
      void catchUp();
      void refreshDetail();
      return;
    }
    if (!('conversationId' in signal) || signal.conversationId !== id) return;
    // Order of arrival is not trusted: read everything after the last id shown.
    if (signal.type === 'message') void catchUp();
    else if (signal.type === 'deal') setDetail((d) => ({ ...d, deals: upsertDeal(d.deals, signal.deal) }));
    else if (signal.type === 'read') void refreshDetail();
  });

  // Read receipts for the other side, and the header's count: what is shown while visible is read.
  const ready = state.status === 'ready';
  const newest = ready ? lastMessageId(state.messages) : 0;
  const readUpTo = useRef(initial?.detail.myReadMessageId ?? 0);
  const { refreshUnread } = live;
  useEffect(() => {
    if (!ready || typeof document === 'undefined') return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || newest <= readUpTo.current) return;
      readUpTo.current = newest;
      markRead(id, newest).then(refreshUnread, () => {
        readUpTo.current = 0;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [id, ready, newest, refreshUnread]);

  return {
    state,
    retry: () => setAttempt((n) => n + 1),
    catchUp,
    refreshDetail,
    addMessage: (m: Message) => setMessages([m]),
    setDeal: (deal: Deal) => setDetail((d) => ({ ...d, deals: upsertDeal(d.deals, deal) })),
    setDetail,
  };
}
