import type { UserDetail } from '@beesang/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { key, notices, settle, urgentNotice } from '../../test/dom';
import { TEST_MEMBER as USER } from '../../test/members';
import { renderInApp } from '../../test/render';
import { Header } from './header';

function renderHeader(
  user: UserDetail | null,
  opts: {
    introUrl?: string | null;
    onRegister?: () => void;
    onOpenCustomerCentre?: () => void;
    unreadMessages?: number | null;
    unreadNotifications?: number | null;
  } = {},
) {
  const header = (
    <Header
      search={null}
      introUrl={opts.introUrl ?? null}
      unreadMessages={opts.unreadMessages ?? null}
      unreadNotifications={opts.unreadNotifications ?? null}
      onOpenCustomerCentre={opts.onOpenCustomerCentre ?? (() => {})}
      onRegister={opts.onRegister ?? (() => {})}
    />
  );
  return renderInApp(<p>stock</p>, { user, path: '/stock/1', layout: header }).router;
}

/** A press on the menu button (Radix's menu opens on pointerdown, as a native menu does). */
const openMenu = () =>
  act(() => {
    fireEvent.pointerDown(screen.getByRole('button', { name: '메뉴' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
  });
/** The menu's entries in order, each with where it goes ('button' for an action). */
function menuEntries(): Array<[string, string]> {
  return within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((el) => [el.textContent?.trim() ?? '', el.getAttribute('href') ?? 'button']);
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('header session', () => {
  it('a member from the server shows the favourites link, the default profile image and the nickname, a link to their page', () => {
    renderHeader(USER);
    expect(screen.getByRole('link', { name: '관심 종목' }).getAttribute('href')).toBe('/favorite');
    expect(screen.getByRole('link', { name: '비상개미 회원정보' }).getAttribute('href')).toBe('/myPage');
    expect(screen.getByText('비상개미')).toBeTruthy();
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('/default-profile.svg');
    expect(screen.queryByRole('button', { name: '로그인' })).toBeNull();
  });

  it('로그아웃 ends the session on the server, closes the menu, notifies and goes home', async () => {
    const api = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', api);
    const router = renderHeader(USER);
    openMenu();
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: '로그아웃' }));
    });
    await settle();
    expect(api).toHaveBeenCalledTimes(1);
    const [path, init] = api.mock.calls[0] as unknown as [string, RequestInit];
    expect([path, init.method]).toEqual(['/api/auth/logout', 'POST']);
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    const [notice] = notices('calm');
    expect(notice?.textContent).toContain('로그아웃');
    expect(notice?.textContent).toContain('정상적으로 로그아웃되었습니다.');
    expect(screen.getByRole('button', { name: '로그인' })).toBeTruthy();
    expect(screen.queryByText('비상개미')).toBeNull();
  });

  it('a failed logout keeps the member and says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: '처리 중 오류가 발생했습니다.' }), { status: 500 })),
    );
    const router = renderHeader(USER);
    openMenu();
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: '로그아웃' }));
    });
    await settle();
    expect(urgentNotice().textContent).toContain('처리 중 오류가 발생했습니다.');
    expect(screen.getByText('비상개미')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stock/1');
  });
});

// The menu holds, besides the spec's entries, every destination the header hides on a phone; which
// of them a width shows is CSS (md:hidden, sm:hidden), proved in Chromium by e2e/header.e2e.ts.
const PUBLIC_ENTRIES: Array<[string, string]> = [
  ['서비스 소개', '/intro'],
  ['전체 종목', '/stock'],
  ['이벤트', '/event'],
  ['공지사항', '/notice'],
  ['고객센터', 'button'],
];
const MEMBER_ENTRIES: Array<[string, string]> = [
  ['비상개미회원정보 수정', '/myPage'],
  ['관심 종목', '/favorite'],
  ['메시지', '/messages'],
  ['내 매물', '/myPage/trades'],
  ['회원정보 수정', '/myPage'],
  ['매물 등록', 'button'],
  ...PUBLIC_ENTRIES,
];

describe('messages (issue 22)', () => {
  it('a member sees 메시지 beside 관심 종목 with the unread count, on a phone too (the link stays in the bar), and in the menu', () => {
    renderHeader(USER, { unreadMessages: 3 });
    const link = screen.getByRole('link', { name: '메시지, 읽지 않은 메시지 3개' });
    expect(link.getAttribute('href')).toBe('/messages');
    expect(link.className).not.toContain('hidden');
    expect(within(link).getByTestId('unread-badge').textContent).toBe('3');
    openMenu();
    const entry = screen.getByRole('menuitem', { name: /^메시지/ });
    expect(entry.getAttribute('href')).toBe('/messages');
    expect(within(entry).getByTestId('unread-badge').textContent).toBe('3');
  });

  it('no badge without unread messages, 99+ past 99, and no link for a visitor', () => {
    renderHeader(USER, { unreadMessages: 0 });
    expect(screen.getByRole('link', { name: '메시지' }).querySelector('[data-testid="unread-badge"]')).toBeNull();
    cleanup();
    renderHeader(USER, { unreadMessages: 120 });
    expect(screen.getByRole('link', { name: '메시지, 읽지 않은 메시지 120개' }).textContent).toContain('99+');
    cleanup();
    renderHeader(null, { unreadMessages: null });
    expect(screen.queryByRole('link', { name: /^메시지/ })).toBeNull();
  });
});

describe('the bell (issue 23)', () => {
  it('a member sees the bell beside 메시지 on every width, named with the unread count, linking to /notifications', () => {
    renderHeader(USER, { unreadMessages: 2, unreadNotifications: 5 });
    const bell = screen.getByRole('link', { name: '알림, 읽지 않은 알림 5개' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bell.className).not.toContain('hidden');
    expect(within(bell).getByTestId('unread-badge').textContent).toBe('5');
    // Beside 메시지, in the bar (not the menu: it never leaves the bar, so the menu does not repeat it).
    const messages = screen.getByRole('link', { name: '메시지, 읽지 않은 메시지 2개' });
    expect(messages.nextElementSibling).toBe(bell);
    openMenu();
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: /^알림/ })).toBeNull();
  });

  it('no badge without unread notifications, 99+ past 99, and no bell for a visitor', () => {
    renderHeader(USER, { unreadNotifications: 0 });
    expect(screen.getByRole('link', { name: '알림' }).querySelector('[data-testid="unread-badge"]')).toBeNull();
    cleanup();
    renderHeader(USER, { unreadNotifications: 140 });
    expect(within(screen.getByRole('link', { name: '알림, 읽지 않은 알림 140개' })).getByTestId('unread-badge').textContent).toBe('99+');
    cleanup();
    renderHeader(null, { unreadNotifications: null });
    expect(screen.queryByRole('link', { name: /^알림/ })).toBeNull();
  });
});

describe('the menu for each role', () => {
  it('a visitor: 매물 등록, 서비스 소개 and the public pages; no account entries', () => {
    renderHeader(null);
    expect(screen.getByRole('button', { name: '로그인' })).toBeTruthy();
    openMenu();
    expect(menuEntries()).toEqual([['매물 등록', 'button'], ...PUBLIC_ENTRIES]);
  });

  it('a member: their page, favourites, listings, register, the public pages and 로그아웃; no console', () => {
    renderHeader(USER);
    openMenu();
    expect(menuEntries()).toEqual([...MEMBER_ENTRIES, ['로그아웃', 'button']]);
  });

  it('an approved expert sees what a member sees', () => {
    renderHeader({ ...USER, userNickname: '김전문', expertType: 'PB', expertStatus: 'APPROVED', expertName: '김전문' });
    openMenu();
    expect(menuEntries()).toEqual([['김전문회원정보 수정', '/myPage'], ...MEMBER_ENTRIES.slice(1), ['로그아웃', 'button']]);
  });

  it('a staff member also reaches the console', () => {
    renderHeader({ ...USER, staffRole: 'MODERATOR' });
    openMenu();
    expect(menuEntries()).toEqual([...MEMBER_ENTRIES, ['운영자 콘솔', '/admin'], ['로그아웃', 'button']]);
  });

  it("the menu's 매물 등록 and 고객센터 close the menu and do what the header's would", () => {
    const onRegister = vi.fn();
    const onOpenCustomerCentre = vi.fn();
    renderHeader(null, { onRegister, onOpenCustomerCentre });
    openMenu();
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: '매물 등록' }));
    });
    expect(onRegister).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    openMenu();
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: '고객센터' }));
    });
    expect(onOpenCustomerCentre).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on route change', () => {
    const router = renderHeader(USER);
    openMenu();
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: '전체 종목' }));
    });
    expect(router.state.location.pathname).toBe('/stock');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('by keyboard: opens on ArrowDown at its first entry, moves with arrows, Home and End, Escape returns to the button', async () => {
    renderHeader(USER);
    const button = screen.getByRole('button', { name: '메뉴' });
    button.focus();
    key(button, 'ArrowDown');
    await settle(20);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const entries = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(document.activeElement).toBe(entries[0]);
    // Radix moves focus on the next tick: each key is followed by the timers it sets.
    const press = async (k: string) => {
      key(document.activeElement as HTMLElement, k);
      await settle(0);
    };
    await press('ArrowUp');
    expect(document.activeElement?.textContent).toBe('로그아웃');
    await press('ArrowDown');
    expect(document.activeElement).toBe(entries[0]);
    await press('End');
    expect(document.activeElement?.textContent).toBe('로그아웃');
    await press('Home');
    expect(document.activeElement).toBe(entries[0]);
    await press('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('서비스 소개', () => {
  it('without INTRO_URL: the site’s own /intro, in the same tab', () => {
    renderHeader(null);
    const link = screen.getByRole('link', { name: '서비스 소개' });
    expect(link.getAttribute('href')).toBe('/intro');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('with INTRO_URL: that page in a new tab without our window, in the header and the menu alike', () => {
    renderHeader(USER, { introUrl: 'https://about.beesang.kr/' });
    openMenu();
    const links = [
      screen.getByRole('link', { name: '서비스 소개 (새 창)' }),
      within(screen.getByRole('menu')).getByRole('menuitem', { name: '서비스 소개 (새 창)' }),
    ];
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('https://about.beesang.kr/');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener');
    }
  });
});
