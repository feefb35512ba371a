import { type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])';

/** Accessible modal: focus trapped inside, Escape and backdrop close it, focus returns to the opener. */
export function Modal(props: {
  open: boolean;
  onClose(): void;
  title: string;
  width?: number;
  /** Fixed panel height (the login modal is 375×812); phones always get a full-screen sheet. */
  height?: number;
  /** Changing it moves focus back to the top, for modals that swap their content in place. */
  contentKey?: string;
  children: ReactNode;
  hideTitle?: boolean;
}) {
  const { open, onClose, title, width = 375, height, contentKey, children, hideTitle } = props;
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // A ref, so a new onClose each render does not re-run the open effect and steal focus.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const focusables = () => Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    (focusables()[0] ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
      if (e.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      const first = items[0] as HTMLElement;
      const last = items[items.length - 1] as HTMLElement;
      const outside = !panel.current?.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || outside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || outside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  // New content replaced the focused control: start again from the top of the panel.
  const shownKey = useRef(contentKey);
  useEffect(() => {
    if (!open || shownKey.current === contentKey) return;
    shownKey.current = contentKey;
    (panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current)?.focus();
  }, [open, contentKey]);

  if (!open) return null;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 max-sm:items-stretch"
      onMouseDown={(e) => e.target === e.currentTarget && closeRef.current()}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width, height }}
        className="relative max-h-[90vh] max-w-full overflow-y-auto rounded-card bg-white p-6 shadow-xl max-sm:h-auto! max-sm:max-h-none max-sm:w-full! max-sm:rounded-none"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-bold'}>
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label="닫기" className="-m-2 rounded-control p-2 text-ink-3 hover:bg-page">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
