import { NOTIFICATION_MS, TOAST_MS } from '@beesang/contract';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

type Tone = 'success' | 'warning' | 'error' | 'info';
interface Notice {
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

const TONE_BAR: Record<Tone, string> = { success: 'bg-success', warning: 'bg-warning', error: 'bg-danger', info: 'bg-brand' };

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<Notice[]>([]);
  const next = useRef(1);
  const push = useCallback((item: Omit<Notice, 'id'>, ms: number) => {
    const id = next.current++;
    setItems((list) => [...list, { ...item, id }]);
    setTimeout(() => setItems((list) => list.filter((n) => n.id !== id)), ms);
  }, []);
  const api = useMemo<NotifyApi>(
    () => ({
      notify: (tone, title, description) => push({ tone, title, description, kind: 'notification' }, NOTIFICATION_MS),
      toast: (tone, title) => push({ tone, title, kind: 'toast' }, TOAST_MS),
    }),
    [push],
  );
  return (
    <NotifyContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed top-4 left-4 z-[100] flex w-[min(360px,calc(100vw-32px))] flex-col gap-2"
      >
        {items
          .filter((n) => n.kind === 'notification')
          .map((n) => (
            <div
              key={n.id}
              role={n.tone === 'error' || n.tone === 'warning' ? 'alert' : 'status'}
              className="pointer-events-auto flex overflow-hidden rounded-card bg-white shadow-lg ring-1 ring-line"
            >
              <span className={`w-1.5 ${TONE_BAR[n.tone]}`} />
              <div className="px-4 py-3">
                <p className="font-semibold">{n.title}</p>
                {n.description && <p className="mt-0.5 text-sm text-ink-2">{n.description}</p>}
              </div>
            </div>
          ))}
      </div>
      <div
        aria-live="polite"
        className="pointer-events-none fixed bottom-8 left-1/2 z-[100] flex -translate-x-1/2 flex-col items-center gap-2"
      >
        {items
          .filter((n) => n.kind === 'toast')
          .map((n) => (
            <div key={n.id} role="status" className="rounded-full bg-ink/90 px-4 py-2 text-sm text-white shadow">
              {n.title}
            </div>
          ))}
      </div>
    </NotifyContext.Provider>
  );
}
