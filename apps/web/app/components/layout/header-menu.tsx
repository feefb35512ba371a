import { useState } from 'react';
import { onDemand } from '../../lib/on-demand';

export interface HeaderMenuProps {
  introUrl: string | null;
  unreadMessages?: number | null;
  onOpenCustomerCentre(): void;
  onRegister(): void;
  onRegisterIntent?(): void;
  /** The stand-in was pressed before the menu's code arrived: open at once. */
  requested: boolean;
  /** The stand-in had focus when the code arrived: the real button takes it. */
  hadFocus: boolean;
}

export const MENU_BUTTON_CLASS = 'flex size-11 items-center justify-center rounded-control hover:bg-page md:size-9';

export function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

type StandIn = HeaderMenuProps & { onRequest(): void; onFocusChange(focused: boolean): void };

// The menu (header-menu-radix.tsx, Radix's DropdownMenu with its positioning engine) is fetched right
// after the page is interactive, not with it: the server renders a button that looks and reads the
// same, and a press on it before the code is here opens the menu the moment it is.
const menu = onDemand<StandIn>(() => import('./header-menu-radix').then((m) => m.HeaderMenuRadix), {
  fallback: (p) => (
    <button
      type="button"
      aria-label="메뉴"
      aria-haspopup="menu"
      aria-expanded={p.requested}
      aria-busy={p.requested || undefined}
      // On press, as Radix's button does: a click whose press came before the swap still opens it.
      onPointerDown={(e) => e.button === 0 && p.onRequest()}
      onClick={p.onRequest}
      onFocus={() => p.onFocusChange(true)}
      onBlur={() => p.onFocusChange(false)}
      className={MENU_BUTTON_CLASS}
    >
      <MenuIcon open={false} />
    </button>
  ),
});

/** The header's menu button and menu (see header-menu-radix.tsx for the entries). */
export function HeaderMenu(props: Omit<HeaderMenuProps, 'requested' | 'hadFocus'>) {
  const [requested, setRequested] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  return (
    <menu.Component {...props} requested={requested} hadFocus={hadFocus} onRequest={() => setRequested(true)} onFocusChange={setHadFocus} />
  );
}

/** Fetches the menu's code now (tests; the page fetches it right after it is interactive). */
export const preloadHeaderMenu = menu.preload;
