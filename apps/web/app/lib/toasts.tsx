import { NOTIFICATION_MS, TOAST_MS } from '@beesang/contract';
import * as Toast from '@radix-ui/react-toast';
import type { Notice, Tone } from './notify';

const TONE_BAR: Record<Tone, string> = { success: 'bg-success', warning: 'bg-warning', error: 'bg-danger', info: 'bg-brand' };
/** Errors and warnings interrupt a screen reader; confirmations wait their turn. */
const urgency = (tone: Tone) => (tone === 'error' || tone === 'warning' ? 'foreground' : 'background');

/**
 * Notifications (top left, 4.5 s) and toasts (bottom centre, 3 s) on Radix's Toast (decision 0021):
 * each is announced, its timer stops while the pointer is over it or focus is in it (and while the
 * window is in the background), F8 moves focus to the notifications, and Escape or a swipe
 * dismisses one. NotifyProvider fetches this code with the first notice.
 */
export function Toasts({ items, onClosed }: { items: Notice[]; onClosed(id: number): void }) {
  return (
    <>
      <Toast.Provider label="알림" duration={NOTIFICATION_MS} swipeDirection="left">
        {items
          .filter((n) => n.kind === 'notification')
          .map((n) => (
            <Toast.Root
              key={n.id}
              type={urgency(n.tone)}
              onOpenChange={(open) => !open && onClosed(n.id)}
              className="flex overflow-hidden rounded-card bg-white shadow-lg ring-1 ring-line data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)"
              data-notice={n.tone}
            >
              <span className={`w-1.5 shrink-0 ${TONE_BAR[n.tone]}`} />
              <div className="px-4 py-3">
                <Toast.Title className="font-semibold">{n.title}</Toast.Title>
                {n.description && <Toast.Description className="mt-0.5 text-sm text-ink-2">{n.description}</Toast.Description>}
              </div>
            </Toast.Root>
          ))}
        <Toast.Viewport
          label="알림 ({hotkey})"
          className="fixed top-4 left-4 z-[100] m-0 flex w-[min(360px,calc(100vw-32px))] list-none flex-col gap-2 p-0 outline-none"
        />
      </Toast.Provider>
      <Toast.Provider label="안내" duration={TOAST_MS} swipeDirection="down">
        {items
          .filter((n) => n.kind === 'toast')
          .map((n) => (
            <Toast.Root
              key={n.id}
              type={urgency(n.tone)}
              onOpenChange={(open) => !open && onClosed(n.id)}
              className="rounded-full bg-ink/90 px-4 py-2 text-sm text-white shadow"
              data-notice={n.tone}
            >
              <Toast.Title>{n.title}</Toast.Title>
            </Toast.Root>
          ))}
        <Toast.Viewport
          label="안내"
          hotkey={[]}
          className="fixed bottom-8 left-1/2 z-[100] m-0 flex -translate-x-1/2 list-none flex-col items-center gap-2 p-0 outline-none"
        />
      </Toast.Provider>
    </>
  );
}
