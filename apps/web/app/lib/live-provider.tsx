import type { LiveEvent } from '@beesang/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { apiFetch, refreshSession } from './api-client';
import { useSession } from './session';

// The app shell renders this provider: it imports contract types only, so that no zod schema module
// joins the JavaScript every page loads (see trade-draft.ts). It lives in lib, not in a feature,
// because two features listen to it: the deals (issue 22) and the notifications (issue 23).

export const LIVE_PATH = '/api/live';
/**
 * The header's two counts: a fresh channel's first event carries them; they are read on a resync (a
 * reconnection's first event), when the channel fails before it ever opened, and where there is none.
 */
export const UNREAD_MESSAGES_PATH = '/api/conversations/unread';
export const UNREAD_NOTIFICATIONS_PATH = '/api/notifications/unread';

/**
 * What listeners hear: the server's events, and `reconnected` whenever the channel opens: after a
 * dropped connection came back, and at its first open too, since whatever the page was rendered with
 * may have changed before the channel listened.
 */
export type LiveSignal = LiveEvent | { type: 'reconnected' };
type Listener = (signal: LiveSignal) => void;

interface LiveApi {
  /** Unread messages over all conversations (the header's 메시지 badge); null until known, and for visitors. */
  unreadCount: number | null;
  setUnreadCount(count: number): void;
  /** Reads the count again (after marking a conversation read). */
  refreshUnread(): void;
  /** Unread notifications (the header's bell); null until known, and for visitors. */
  notificationCount: number | null;
  setNotificationCount(count: number): void;
  subscribe(listener: Listener): () => void;
  /** Whether the channel is open now: a listener that mounts later catches up on what it missed. */
  isOpen(): boolean;
}

const LiveContext = createContext<LiveApi>({
  unreadCount: null,
  setUnreadCount: () => {},
  refreshUnread: () => {},
  notificationCount: null,
  setNotificationCount: () => {},
  subscribe: () => () => {},
  isOpen: () => false,
});

export const useLive = () => useContext(LiveContext);
export const useUnreadCount = () => useContext(LiveContext).unreadCount;
export const useUnreadNotifications = () => useContext(LiveContext).notificationCount;

/** Runs `listener` on every live signal while mounted (the latest listener, without resubscribing). */
export function useLiveSignals(listener: Listener) {
  const { subscribe } = useLive();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((signal) => latest.current(signal)), [subscribe]);
}

// The server sends unnamed events today; named ones are listened to as well, should it name them.
const EVENT_NAMES = ['deal', 'read', 'resync', 'notification', 'notifications-read', 'counts'] as const;
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;
/**
 * How long after an open the counts may take to come: an instance of the previous release (during a
 * deployment) opens without them, and they are then read.
 */
export const OPENING_COUNTS_MS = 3_000;

function parse(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as LiveEvent;
    return event && typeof event === 'object' && typeof event.type === 'string' ? event : null;
  } catch {
    return null;
  }
}

/**
 * One unread count of the signed-in member: the page's (SSR) when it brought one, else read from
 * `path`; read again on `refresh()`, where only the latest read may set it. With a live channel
 * (`channel`), whose opening brings the counts, a member who turns up is not read for here.
 */
function useMemberCount(path: string, memberIdx: number | null, initial: number | null, channel: boolean) {
  const [count, setCount] = useState<number | null>(memberIdx === null ? null : initial);
  const reads = useRef(0);
  const refresh = useCallback(() => {
    const call = ++reads.current;
    apiFetch<{ unreadCount: number }>(path).then(
      (r) => call === reads.current && setCount(r.unreadCount),
      () => {},
    );
  }, [path]);
  const set = useCallback((next: number) => {
    // A count from an answer or an event is newer than a read still on its way.
    reads.current++;
    setCount(next);
  }, []);

  // Another member (or none): their own count, from the server unless the page came with it.
  const countedFor = useRef(initial === null ? null : memberIdx);
  useEffect(() => {
    if (memberIdx === null) {
      reads.current++;
      countedFor.current = null;
      setCount(null);
      return;
    }
    if (countedFor.current === memberIdx) return;
    countedFor.current = memberIdx;
    if (!channel) {
      refresh();
      return;
    }
    // Not the last member's count while the channel opens for this one.
    reads.current++;
    setCount(null);
  }, [memberIdx, refresh, channel]);
  return { count, set, refresh };
}

/**
 * One live channel per tab (GET /api/live, Server-Sent Events) for the signed-in member: it keeps
 * the two unread counts of the header (messages and notifications) and hands every event to the
 * pages that listen. The browser reconnects a dropped connection by itself. Whenever the channel
 * opens, the first time included, listeners hear `reconnected` and catch up: an event sent between
 * the page's render and the channel's open reached nobody. The counts come as the channel's first
 * event (`counts`), read by the server after it began listening for this member, so the header reads
 * nothing; a reconnection's first event is `resync`, and the counts are read then. A connection the
 * server refused (an access token that lapsed) is opened again after a session refresh, waiting
 * longer each time.
 */
export function LiveProvider({
  initialUnread = null,
  initialNotifications = null,
  children,
}: {
  initialUnread?: number | null;
  initialNotifications?: number | null;
  children: ReactNode;
}) {
  const { user } = useSession();
  const memberIdx = user?.userIdx ?? null;
  // Whether the channel opens (and reads the counts then): not where the browser has no EventSource.
  const [channel] = useState(() => typeof EventSource !== 'undefined');
  const messages = useMemberCount(UNREAD_MESSAGES_PATH, memberIdx, initialUnread, channel);
  const notifications = useMemberCount(UNREAD_NOTIFICATIONS_PATH, memberIdx, initialNotifications, channel);
  const listeners = useRef(new Set<Listener>());
  const connected = useRef(false);
  const { set: setUnreadCount, refresh: refreshUnread } = messages;
  const { set: setNotificationCount, refresh: refreshNotifications } = notifications;

  useEffect(() => {
    if (memberIdx === null || !channel) return;
    const emit = (signal: LiveSignal) => {
      for (const listener of [...listeners.current]) listener(signal);
    };
    const refreshCounts = () => {
      refreshUnread();
      refreshNotifications();
    };
    let source: EventSource | null = null;
    let stopped = false;
    // Whether the counts were read for this member yet: at every open, or at the first failure if that comes first.
    let counted = false;
    let retryMs = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Until the open's first event (counts or resync) came: then the counts are read after OPENING_COUNTS_MS.
    let opening: ReturnType<typeof setTimeout> | undefined;
    // Whether nothing has arrived since the open: a resync then is the reconnection's own, which the
    // `reconnected` just emitted already covers (its listeners are reading again).
    let justOpened = false;

    const onEvent = (e: MessageEvent) => {
      const event = parse(e.data);
      if (!event) return;
      const first = justOpened;
      justOpened = false;
      if (event.type === 'counts') {
        clearTimeout(opening);
        setUnreadCount(event.messages);
        setNotificationCount(event.notifications);
        return;
      }
      // Each event carries its own total: messages' on a message or a read, notifications' on theirs.
      if ((event.type === 'message' || event.type === 'read') && event.unreadCount !== undefined) setUnreadCount(event.unreadCount);
      if (event.type === 'notification' || event.type === 'notifications-read') setNotificationCount(event.unreadCount);
      if (event.type === 'resync') {
        clearTimeout(opening);
        refreshCounts();
        if (first) return;
      }
      emit(event);
    };
    const open = () => {
      const s = new EventSource(LIVE_PATH);
      source = s;
      s.onopen = () => {
        counted = true;
        retryMs = FIRST_RETRY_MS;
        connected.current = true;
        clearTimeout(opening);
        opening = setTimeout(refreshCounts, OPENING_COUNTS_MS);
        justOpened = true;
        emit({ type: 'reconnected' });
      };
      // Unnamed events and `event: message` arrive here; the others by their names.
      s.onmessage = onEvent;
      for (const name of EVENT_NAMES) s.addEventListener(name, onEvent as EventListener);
      s.onerror = () => {
        connected.current = false;
        clearTimeout(opening);
        if (!counted) {
          counted = true;
          refreshCounts();
        }
        if (s.readyState !== EventSource.CLOSED) return; // the browser is reconnecting
        s.close();
        timer = setTimeout(() => {
          void refreshSession().finally(() => {
            if (!stopped) open();
          });
        }, retryMs);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      connected.current = false;
      clearTimeout(timer);
      clearTimeout(opening);
      source?.close();
    };
  }, [memberIdx, channel, setUnreadCount, refreshUnread, setNotificationCount, refreshNotifications]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const isOpen = useCallback(() => connected.current, []);

  const value = useMemo<LiveApi>(
    () => ({
      unreadCount: messages.count,
      setUnreadCount,
      refreshUnread,
      notificationCount: notifications.count,
      setNotificationCount,
      subscribe,
      isOpen,
    }),
    [messages.count, notifications.count, setUnreadCount, refreshUnread, setNotificationCount, subscribe, isOpen],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}
