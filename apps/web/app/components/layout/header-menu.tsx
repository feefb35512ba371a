import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { Avatar } from '../ui/avatar';
import { IntroLink } from './intro-link';

/**
 * The header's menu: the spec's entries (account edit, events, notices, customer centre, logout)
 * plus everything the header itself hides on a narrower screen, so that every destination of the
 * desktop header is reachable on a phone. Entries marked `md:hidden` / `sm:hidden` appear exactly
 * where the header drops them (below 768 / 640 px). On a phone the menu spans the screen under the
 * header, every entry 44 px tall.
 */
export function HeaderMenu({
  introUrl,
  onOpenCustomerCentre,
  onRegister,
  onRegisterIntent,
}: {
  introUrl: string | null;
  onOpenCustomerCentre(): void;
  onRegister(): void;
  onRegisterIntent?(): void;
}) {
  const session = useSession();
  const user = session.isLoggedIn ? session.user : null;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every route change
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape closes it wherever focus is; from inside the menu, focus goes back to its button.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      if (rootRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // The entries this width shows (the others are display: none), in order.
  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []).filter(
      (el) => getComputedStyle(el).display !== 'none',
    );
  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const target =
      e.key === 'ArrowDown'
        ? all[(at + 1) % all.length]
        : e.key === 'ArrowUp'
          ? all[(at - 1 + all.length) % all.length]
          : e.key === 'Home'
            ? all[0]
            : e.key === 'End'
              ? all.at(-1)
              : undefined;
    if (!target) return;
    e.preventDefault();
    target.focus();
  };
  // Opened from the keyboard, focus goes to the first entry (the menu button pattern).
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    setOpen(true);
    requestAnimationFrame(() => items()[0]?.focus());
  };
  const act = (run: () => void) => () => {
    setOpen(false);
    run();
  };

  const entry =
    'flex min-h-11 w-full items-center gap-3 px-4 text-left text-[15px] hover:bg-page focus-visible:bg-page focus-visible:outline-offset-[-2px]';
  const item = `${entry} text-ink`;
  const rule = <hr className="mx-4 my-1 border-line" />;
  return (
    <div
      ref={rootRef}
      className="md:relative"
      // Focus moving elsewhere (Tab past the last entry) closes the menu, as a click elsewhere does.
      onBlur={(e) => {
        if (e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label="메뉴"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'header-menu' : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
        className="flex size-11 items-center justify-center rounded-control hover:bg-page md:size-9"
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      {open && (
        // On a phone the page under the menu is dimmed; a tap there closes the menu.
        <div aria-hidden="true" className="absolute inset-x-0 top-full h-dvh bg-ink/40 md:hidden" onMouseDown={() => setOpen(false)} />
      )}
      {open && (
        <div
          ref={menuRef}
          id="header-menu"
          role="menu"
          aria-label="메뉴"
          onKeyDown={onMenuKey}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-white py-2 shadow-xl md:top-11 md:left-auto md:w-56 md:rounded-card md:border-0 md:ring-1 md:ring-line"
        >
          {user && (
            <>
              <Link role="menuitem" to="/myPage" className={`${item} md:hidden`}>
                <Avatar url={user.profileImageUrl} size={32} className="size-8" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{user.userNickname}</span>
                  <span className="block text-[13px] text-ink-3">회원정보 수정</span>
                </span>
              </Link>
              <Link role="menuitem" to="/favorite" className={`${item} md:hidden`}>
                관심 종목
              </Link>
              <Link role="menuitem" to="/myPage/trades" className={item}>
                내 매물
              </Link>
              <Link role="menuitem" to="/myPage" className={`${item} max-md:hidden`}>
                회원정보 수정
              </Link>
            </>
          )}
          <button
            role="menuitem"
            type="button"
            className={`${entry} font-semibold text-brand sm:hidden`}
            onClick={act(onRegister)}
            onPointerEnter={onRegisterIntent}
            onFocus={onRegisterIntent}
          >
            매물 등록
          </button>
          {user && rule}
          <IntroLink url={introUrl} role="menuitem" className={`${item} md:hidden`}>
            서비스 소개
          </IntroLink>
          <Link role="menuitem" to="/stock" className={item}>
            전체 종목
          </Link>
          <Link role="menuitem" to="/event" className={item}>
            이벤트
          </Link>
          <Link role="menuitem" to="/notice" className={item}>
            공지사항
          </Link>
          <button role="menuitem" type="button" className={item} onClick={act(onOpenCustomerCentre)}>
            고객센터
          </button>
          {user?.staffRole && (
            <Link role="menuitem" to="/admin" className={item}>
              운영자 콘솔
            </Link>
          )}
          {user && (
            <>
              {rule}
              <button role="menuitem" type="button" className={item} onClick={act(() => void session.logout())}>
                로그아웃
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
