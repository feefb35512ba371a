import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { Avatar } from '../ui/avatar';
import { BrandMark } from './brand-mark';

/** Global header (spec §2): logo, intro link, search, login or profile, register, menu. */
export function Header({
  search,
  onOpenCustomerCentre,
  onRegister,
  onLoginIntent,
  onRegisterIntent,
}: {
  search: ReactNode;
  onOpenCustomerCentre(): void;
  onRegister(): void;
  /** Pointer over or focus on 로그인 / 매물 등록: a click may follow, so the dialog's code can be fetched now. */
  onLoginIntent?(): void;
  onRegisterIntent?(): void;
}) {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every route change
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onDown = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const item = 'block w-full px-4 py-2.5 text-left text-[15px] hover:bg-page';
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-[1200px] items-center gap-3 px-4 md:gap-6">
        <Link to="/" className="flex shrink-0 items-center gap-2" aria-label="비상 홈">
          <BrandMark />
          <span className="text-xl font-extrabold tracking-tight max-sm:hidden">비상</span>
        </Link>
        <Link to="/intro" className="shrink-0 text-sm font-medium text-ink-2 hover:text-ink max-md:hidden">
          서비스 소개
        </Link>
        <div className="min-w-0 flex-1 md:mx-auto md:max-w-[480px]">{search}</div>
        <div className="flex shrink-0 items-center gap-2">
          {session.isLoggedIn && session.user ? (
            <>
              <Link to="/favorite" className="text-sm font-medium text-ink-2 hover:text-ink max-md:hidden">
                관심 종목
              </Link>
              <span className="flex items-center gap-2">
                <Avatar url={session.user.profileImageUrl} size={28} className="size-7" />
                <span className="text-sm font-semibold max-md:hidden">{session.user.userNickname}</span>
              </span>
            </>
          ) : session.resuming ? (
            // The member is being recognised again (lapsed access token): neither 로그인 nor a name yet.
            <span data-testid="session-resuming" aria-hidden="true" className="h-7 w-16 animate-pulse rounded-full bg-page" />
          ) : (
            <button
              type="button"
              onClick={session.openLoginDialog}
              onPointerEnter={onLoginIntent}
              onFocus={onLoginIntent}
              className="h-9 rounded-control px-3 text-sm font-semibold text-ink-2 hover:bg-page"
            >
              로그인
            </button>
          )}
          <button
            type="button"
            onClick={onRegister}
            onPointerEnter={onRegisterIntent}
            onFocus={onRegisterIntent}
            className="h-9 rounded-control bg-brand px-3 text-sm font-semibold text-white hover:bg-brand-hover max-sm:hidden"
          >
            매물 등록
          </button>
          <div ref={menuRef} className="relative">
            <button
              type="button"
              aria-label="메뉴"
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((o) => !o)}
              className="flex size-9 items-center justify-center rounded-control hover:bg-page"
            >
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
            {menuOpen && (
              <div
                role="menu"
                className="absolute top-11 right-0 w-48 overflow-hidden rounded-card bg-white py-2 shadow-xl ring-1 ring-line"
              >
                {session.isLoggedIn && (
                  <Link role="menuitem" to="/myPage" className={item}>
                    회원정보 수정
                  </Link>
                )}
                {session.isLoggedIn && (
                  <Link role="menuitem" to="/myPage/trades" className={item}>
                    내 매물
                  </Link>
                )}
                {session.user?.staffRole && (
                  <Link role="menuitem" to="/admin" className={item}>
                    운영자 콘솔
                  </Link>
                )}
                <Link role="menuitem" to="/stock" className={item}>
                  전체 종목
                </Link>
                <Link role="menuitem" to="/event" className={item}>
                  이벤트
                </Link>
                <Link role="menuitem" to="/notice" className={item}>
                  공지사항
                </Link>
                <button
                  role="menuitem"
                  type="button"
                  className={item}
                  onClick={() => {
                    setMenuOpen(false);
                    onOpenCustomerCentre();
                  }}
                >
                  고객센터
                </button>
                {session.isLoggedIn && (
                  <button
                    role="menuitem"
                    type="button"
                    className={item}
                    onClick={() => {
                      setMenuOpen(false);
                      void session.logout();
                    }}
                  >
                    로그아웃
                  </button>
                )}
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
