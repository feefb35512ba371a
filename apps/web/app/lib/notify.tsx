import { NOTIFICATION_MS, TOAST_MS } from '@beesang/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Toasts as ToastsComponent } from './toasts';

type ToastsView = { Toasts: typeof ToastsComponent };
let fetched: ToastsView | null = null;
const fetchToasts = () =>
  import('./toasts').then((m) => {
    fetched = { Toasts: m.Toasts };
    return fetched;
  });
/** Fetches the notices' code now (tests; a page fetches it with its first notice). */
export const preloadToasts = () => fetchToasts().then(() => {});

export type Tone = 'success' | 'warning' | 'error' | 'info';
export interface Notice {
  id: number;
  tone: Tone;
  title: string;
  description?: string;
  kind: 'notification' | 'toast';
}

interface NotifyApi {
  /** Titled notification, top-left, 4.5 s (spec §9). */
  notify(tone: Tone, title: string, description?: string): void;
  /** Small confirmation, 3 s. */
  toast(tone: Tone, title: string): void;
}

const NotifyContext = createContext<NotifyApi>({ notify: () => {}, toast: () => {} });
export const useNotify = () => useContext(NotifyContext);

/**
 * Keeps the notices and shows them with toasts.tsx (Radix's Toast), whose code is fetched with the
 * first notice rather than with every page. Should that fetch fail, the notices are still shown and
 * announced, as plain text, until each one's time is up.
 */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notice[]>([]);
  const [view, setView] = useState<ToastsView | 'failed' | null>(fetched);
  const next = useRef(1);
  const push = useCallback((item: Omit<Notice, 'id'>) => {
    const id = next.current++;
    setItems((list) => [...list, { ...item, id }]);
  }, []);
  const drop = useCallback((id: number) => setItems((list) => list.filter((n) => n.id !== id)), []);
  const api = useMemo<NotifyApi>(
    () => ({
      notify: (tone, title, description) => push({ tone, title, description, kind: 'notification' }),
      toast: (tone, title) => push({ tone, title, kind: 'toast' }),
    }),
    [push],
  );
  const wanted = items.length > 0;
  useEffect(() => {
    if (!wanted || (view && view !== 'failed')) return;
    fetchToasts().then(setView, () => setView('failed'));
  }, [wanted, view]);
  return (
    <NotifyContext.Provider value={api}>
      {children}
      {view && view !== 'failed' ? (
        <view.Toasts items={items} onClosed={drop} />
      ) : (
        <PlainNotices items={view ? items : []} onClosed={drop} />
      )}
    </NotifyContext.Provider>
  );
}

/** The notices without their code: announced, each gone after its time. */
function PlainNotices({ items, onClosed }: { items: Notice[]; onClosed(id: number): void }) {
  useEffect(() => {
    const timers = items.map((n) => setTimeout(() => onClosed(n.id), n.kind === 'toast' ? TOAST_MS : NOTIFICATION_MS));
    return () => timers.forEach(clearTimeout);
  }, [items, onClosed]);
  return (
    <div role="status" className="fixed top-4 left-4 z-[100] flex flex-col gap-2">
      {items.map((n) => (
        <p key={n.id} className="rounded-card bg-white px-4 py-3 shadow-lg ring-1 ring-line">
          <span className="font-semibold">{n.title}</span>
          {n.description && <span className="block text-sm text-ink-2">{n.description}</span>}
        </p>
      ))}
    </div>
  );
}
