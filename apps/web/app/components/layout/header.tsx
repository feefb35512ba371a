import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { Avatar } from '../ui/avatar';
import { BellIcon } from './bell-icon';
import { BrandMark } from './brand-mark';
import { HeaderMenu } from './header-menu';
import { IntroLink } from './intro-link';
import { MessagesIcon } from './messages-icon';
import { messagesLabel, notificationsLabel, UnreadBadge } from './unread-badge';

/**
 * Global header (spec §2): logo, intro link, search, login or profile, register, menu; for a member
 * also 메시지 with the unread count (issue 22) and the bell with the unread notifications (issue 23),
 * on every width. What does
 * not fit a narrower screen (서비스 소개, 관심 종목 and the nickname below 768 px, 매물 등록 below
 * 640 px) moves into the menu; the profile image stays, a link to /myPage. Controls are 44 px on a
 * phone.
 */
export function Header({
  search,
  introUrl = null,
  unreadMessages = null,
  unreadNotifications = null,
  onOpenCustomerCentre,
  onRegister,
  onLoginIntent,
  onRegisterIntent,
}: {
  search: ReactNode;
  /** INTRO_URL from the server: 서비스 소개 opens it in a new tab; null: the site's own /intro. */
  introUrl?: string | null;
  /** Unread messages of the signed-in member (issue 22), kept current by the live channel; null when not known. */
  unreadMessages?: number | null;
  /** Unread notifications of the signed-in member (issue 23), kept current by the same live channel; null when not known. */
  unreadNotifications?: number | null;
  onOpenCustomerCentre(): void;
  onRegister(): void;
  /** Pointer over or focus on 로그인 / 매물 등록: a click may follow, so the dialog's code can be fetched now. */
  onLoginIntent?(): void;
  onRegisterIntent?(): void;
}) {
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-[1200px] items-center gap-2 px-4 md:gap-6">
        <Link to="/" className="flex min-h-11 shrink-0 items-center gap-2" aria-label="비상 홈">
          <BrandMark />
          <span className="text-xl font-extrabold tracking-tight max-sm:hidden">비상</span>
        </Link>
        <IntroLink url={introUrl} className="shrink-0 text-sm font-medium text-ink-2 hover:text-ink max-md:hidden">
          서비스 소개
        </IntroLink>
        <div className="min-w-0 flex-1 md:mx-auto md:max-w-[480px]">{search}</div>
        {/* No gap on a phone: each control is a 44 px box around a 22 px mark, spaced enough, and the search keeps the room. */}
        <div className="flex shrink-0 items-center md:gap-2">
          {session.isLoggedIn && session.user ? (
            <>
              <Link to="/favorite" className="text-sm font-medium text-ink-2 hover:text-ink max-md:hidden">
                관심 종목
              </Link>
              {/* Beside 관심 종목 on a desktop; on a phone an icon that stays in the bar, so the count is always seen.
                  Named by one screen-reader text, not aria-label: the badge's digits are seen but would not be
                  in such a name (axe: label-content-name-mismatch); the word shown is that text's first. */}
              <Link
                to="/messages"
                className="relative flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-control text-sm font-medium text-ink-2 hover:text-ink md:min-h-9 md:min-w-0"
              >
                <MessagesIcon className="md:hidden" />
                <span aria-hidden="true" className="max-md:hidden">
                  메시지
                </span>
                <span className="sr-only">{messagesLabel(unreadMessages)}</span>
                <UnreadBadge count={unreadMessages} className="max-md:absolute max-md:top-1 max-md:right-0" />
              </Link>
              {/* The bell: an icon on every width, always in the bar, so the menu does not repeat it. */}
              <Link
                to="/notifications"
                className="relative flex min-h-11 min-w-11 items-center justify-center rounded-control text-ink-2 hover:text-ink md:min-h-9 md:min-w-9 md:hover:bg-page"
              >
                <BellIcon />
                <span className="sr-only">{notificationsLabel(unreadNotifications)}</span>
                <UnreadBadge count={unreadNotifications} className="absolute top-1 right-0 md:-top-0.5 md:-right-1" />
              </Link>
              <Link
                to="/myPage"
                aria-label={`${session.user.userNickname} 회원정보`}
                className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-control md:min-h-9 md:px-1 md:hover:bg-page"
              >
                <Avatar url={session.user.profileImageUrl} size={28} className="size-7" />
                <span className="max-w-[10em] truncate text-sm font-semibold max-md:hidden">{session.user.userNickname}</span>
              </Link>
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
              className="h-11 shrink-0 rounded-control px-3 text-sm font-semibold text-ink-2 hover:bg-page md:h-9"
            >
              로그인
            </button>
          )}
          <button
            type="button"
            onClick={onRegister}
            onPointerEnter={onRegisterIntent}
            onFocus={onRegisterIntent}
            className="h-11 shrink-0 rounded-control bg-brand px-3 text-sm font-semibold text-white hover:bg-brand-hover max-sm:hidden md:h-9"
          >
            매물 등록
          </button>
          <HeaderMenu
            introUrl={introUrl}
            unreadMessages={unreadMessages}
            onOpenCustomerCentre={onOpenCustomerCentre}
            onRegister={onRegister}
            onRegisterIntent={onRegisterIntent}
          />
        </div>
      </div>
    </header>
  );
}
