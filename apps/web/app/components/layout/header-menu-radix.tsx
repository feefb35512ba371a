import * as Menu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { Avatar } from '../ui/avatar';
import { type HeaderMenuProps, MENU_BUTTON_CLASS, MenuIcon } from './header-menu';
import { IntroLink } from './intro-link';
import { UnreadBadge } from './unread-badge';

/**
 * The header's menu, on Radix's DropdownMenu (decision 0021): the spec's entries (account edit,
 * events, notices, customer centre, logout) plus everything the header itself hides on a narrower
 * screen, so that every destination of the desktop header is reachable on a phone. Entries marked
 * `md:hidden` / `sm:hidden` appear exactly where the header drops them (below 768 / 640 px); the
 * arrow keys skip the ones a width hides. On a phone the menu spans the screen under the header,
 * every entry 44 px tall, over a dimmed page. header-menu.tsx fetches this code once the page is
 * interactive; a press on its stand-in button before then opens this menu as soon as it arrives.
 */
export function HeaderMenuRadix(props: HeaderMenuProps) {
  const { introUrl, unreadMessages, onOpenCustomerCentre, onRegister, onRegisterIntent, requested, hadFocus } = props;
  const session = useSession();
  const user = session.isLoggedIn ? session.user : null;
  const [open, setOpen] = useState(requested);
  const { pathname } = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  // Taking the stand-in's place: its focus comes here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when this replaces the stand-in
  useEffect(() => {
    if (hadFocus && !requested) trigger.current?.focus();
  }, []);

  // Closes on every route change — not on mounting, where a press on the stand-in opened it.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
  }, [pathname]);

  const entry = 'flex min-h-11 w-full cursor-pointer items-center gap-3 px-4 text-left text-[15px] outline-none data-highlighted:bg-page';
  const item = `${entry} text-ink`;
  const rule = <Menu.Separator className="mx-4 my-1 h-px bg-line" />;
  const link = (to: string, label: ReactNode, className = item) => (
    <Menu.Item asChild>
      <Link to={to} className={className}>
        {label}
      </Link>
    </Menu.Item>
  );
  return (
    <div className="md:relative">
      <Menu.Root open={open} onOpenChange={setOpen} modal={false}>
        <Menu.Trigger ref={trigger} aria-label="메뉴" className={MENU_BUTTON_CLASS}>
          <MenuIcon open={open} />
        </Menu.Trigger>
        {/* On a phone the page under the header is dimmed while the menu is open; a tap there closes it. */}
        {open && <div aria-hidden="true" className="absolute inset-x-0 top-full h-dvh bg-ink/40 md:hidden" />}
        <Menu.Content
          id="header-menu"
          aria-label="메뉴"
          align="end"
          loop
          sideOffset={4}
          collisionPadding={0}
          className="z-50 max-h-(--radix-dropdown-menu-content-available-height) w-screen overflow-y-auto border-b border-line bg-white py-2 shadow-xl md:w-56 md:rounded-card md:border-0 md:ring-1 md:ring-line"
        >
          {user && (
            <>
              {link(
                '/myPage',
                <>
                  <Avatar url={user.profileImageUrl} size={32} className="size-8" />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{user.userNickname}</span>
                    <span className="block text-[13px] text-ink-3">회원정보 수정</span>
                  </span>
                </>,
                `${item} md:hidden`,
              )}
              {link('/favorite', '관심 종목', `${item} md:hidden`)}
              {link(
                '/messages',
                <>
                  메시지
                  {unreadMessages ? <span className="sr-only">, 읽지 않은 메시지 {unreadMessages}개</span> : null}
                  <UnreadBadge count={unreadMessages} className="ml-auto" />
                </>,
              )}
              {link('/myPage/trades', '내 매물')}
              {link('/myPage', '회원정보 수정', `${item} max-md:hidden`)}
            </>
          )}
          <Menu.Item
            className={`${entry} font-semibold text-brand sm:hidden`}
            onSelect={onRegister}
            onPointerEnter={onRegisterIntent}
            onFocus={onRegisterIntent}
          >
            매물 등록
          </Menu.Item>
          {user && rule}
          <Menu.Item asChild>
            <IntroLink url={introUrl} className={`${item} md:hidden`}>
              서비스 소개
            </IntroLink>
          </Menu.Item>
          {link('/stock', '전체 종목')}
          {link('/event', '이벤트')}
          {link('/notice', '공지사항')}
          <Menu.Item className={item} onSelect={onOpenCustomerCentre}>
            고객센터
          </Menu.Item>
          {user?.staffRole && link('/admin', '운영자 콘솔')}
          {user && (
            <>
              {rule}
              <Menu.Item className={item} onSelect={() => void session.logout()}>
                로그아웃
              </Menu.Item>
            </>
          )}
        </Menu.Content>
      </Menu.Root>
    </div>
  );
}
