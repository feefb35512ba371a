import * as Dialog from '@radix-ui/react-dialog';
import { setNonce } from 'get-nonce';
import { useEffect, useRef } from 'react';
import type { ModalProps } from './modal';

// The scroll lock writes a <style> element, which the page's CSP lets in only with this response's
// nonce (decision 0015); a browser keeps a script's nonce readable as a property only.
if (typeof document !== 'undefined') {
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) setNonce(nonce);
}

/** Open dialogs, oldest first: a toast's Escape closes only the last. */
const openDialogs: object[] = [];

/**
 * Escape closes the topmost dialog even when a toast came after it. Radix's layers give Escape to
 * the newest layer only, and a toast ("가격 알림을 추가했어요.") is one: a dialog that raised a toast
 * then ignored the key. A layer that took the key (the dialog itself, a menu inside it) marks the
 * event handled; an Escape inside a toast (reached with F8) is the toast's alone.
 */
function useEscapeOverToasts(open: boolean, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const self = {};
    openDialogs.push(self);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (openDialogs.at(-1) !== self) return;
      if (event.target instanceof Element && event.target.closest('[data-notice]')) return;
      close.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(self), 1);
    };
  }, [open]);
}

/** The first control a dialog's content offers, for moving focus back to the top. */
const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

/**
 * The site's modal dialog on Radix's Dialog (decision 0021): focus is trapped inside and returns
 * to the opener, the page behind is hidden from assistive technology and does not scroll, and
 * Escape or a press outside closes only the topmost dialog. On a phone it is a full-screen sheet.
 * Pages use `Modal` (modal.tsx), which fetches this code when a dialog first opens.
 */
export function ModalDialog(props: ModalProps) {
  const { open, onClose, title, width = 375, height, contentKey, children, hideTitle, returnFocus } = props;
  const panel = useRef<HTMLDivElement>(null);
  // Radix gives focus back to its own Dialog.Trigger only, and our dialogs are opened from anywhere
  // (a header button, a row's action, a session call): the control that had focus is kept here.
  const opener = useRef<HTMLElement | null>(null);
  useEscapeOverToasts(open, onClose);

  // New content replaced the focused control: start again from the top of the panel.
  const shownKey = useRef(contentKey);
  useEffect(() => {
    if (!open || shownKey.current === contentKey) return;
    shownKey.current = contentKey;
    (panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current)?.focus();
  }, [open, contentKey]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center max-sm:items-stretch">
          <Dialog.Content
            ref={panel}
            aria-describedby={undefined}
            onOpenAutoFocus={() => {
              // Runs before Radix moves focus in: the active element is still the opener.
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const back = opener.current;
              opener.current = null;
              (back?.isConnected && back !== document.body ? back : returnFocus?.())?.focus();
            }}
            aria-modal="true"
            style={{ width, height }}
            className="pointer-events-auto relative max-h-[90vh] max-w-full overflow-y-auto rounded-card bg-white p-6 shadow-xl focus:outline-none max-sm:h-auto! max-sm:max-h-none max-sm:w-full! max-sm:rounded-none"
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <Dialog.Title className={hideTitle ? 'sr-only' : 'text-lg font-bold'}>{title}</Dialog.Title>
              <Dialog.Close aria-label="닫기" className="-m-2 rounded-control p-2 text-ink-3 hover:bg-page">
                <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </Dialog.Close>
            </div>
            {children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
