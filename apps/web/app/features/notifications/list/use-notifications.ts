import type { Notification } from '@beesang/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useLive, useLiveSignals } from '../../../lib/live-provider';
import { useNotify } from '../../../lib/notify';
import { deleteNotification, fetchNotifications, markAllRead, markRead, type NotificationList } from '../shared/notifications-api';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: Notification[]; total: number };

const LIVE_DEBOUNCE_MS = 250;
const FAILED = '처리하지 못했습니다. 잠시 후 다시 시도해주세요.';

const markedRead = (n: Notification, at: string): Notification => (n.readAt ? n : { ...n, readAt: at });

/**
 * One page of the member's notifications, newest first: from the loader when it had them, else read
 * here. Live: a new notification goes on top of page 1 at once; a read elsewhere (another tab, the
 * app), a reconnect or a resync reads the page again. Reading, reading all and deleting answer with
 * the unread total, which the header's bell takes.
 */
export function useNotifications(initial: NotificationList | null, page: number) {
  const [state, setState] = useState<State>(
    initial ? { status: 'ready', items: initial.data, total: initial.total } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const { setNotificationCount } = useLive();
  const { notify, toast } = useNotify();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const accept = useCallback(
    (list: NotificationList) => {
      setNotificationCount(list.unreadCount);
      setState({ status: 'ready', items: list.data, total: list.total });
    },
    [setNotificationCount],
  );

  useEffect(() => {
    if (initial && attempt === 0) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchNotifications(page, controller.signal).then(accept, () => !controller.signal.aborted && setState({ status: 'failed' }));
    return () => controller.abort();
  }, [initial, page, attempt, accept]);

  const update = (change: (items: Notification[], total: number) => { items: Notification[]; total: number }) =>
    setState((s) => (s.status === 'ready' ? { status: 'ready', ...change(s.items, s.total) } : s));

  useLiveSignals((signal) => {
    if (signal.type === 'notification') {
      if (page !== 1) return;
      const fresh = signal.notification;
      update((items, total) =>
        items.some((n) => n.notificationId === fresh.notificationId) ? { items, total } : { items: [fresh, ...items], total: total + 1 },
      );
      return;
    }
    if (signal.type !== 'notifications-read' && signal.type !== 'reconnected' && signal.type !== 'resync') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => fetchNotifications(page).then(accept, () => {}), LIVE_DEBOUNCE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const failed = (title: string, error: unknown) => {
    if (!endsSession(error)) notify('error', title, error instanceof ApiError ? error.message : FAILED);
  };

  /** The member follows a notification's link: it is read from now on (the page they go to does not wait for it). */
  const open = (item: Notification) => {
    if (item.readAt) return;
    const at = new Date().toISOString();
    update((items, total) => ({ items: items.map((n) => (n.notificationId === item.notificationId ? markedRead(n, at) : n)), total }));
    markRead([item.notificationId]).then(
      (r) => setNotificationCount(r.unreadCount),
      () => {},
    );
  };

  const readAll = async () => {
    setBusy(true);
    try {
      const r = await markAllRead();
      const at = new Date().toISOString();
      update((items, total) => ({ items: items.map((n) => markedRead(n, at)), total }));
      setNotificationCount(r.unreadCount);
    } catch (error) {
      failed('모두 읽음', error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: Notification) => {
    try {
      const r = await deleteNotification(item.notificationId);
      update((items, total) => ({ items: items.filter((n) => n.notificationId !== item.notificationId), total: total - 1 }));
      setNotificationCount(r.unreadCount);
      toast('success', '알림을 삭제했어요.');
    } catch (error) {
      failed('알림 삭제', error);
    }
  };

  return { state, busy, open, readAll, remove, retry: () => setAttempt((n) => n + 1) };
}
