import type { UserDetail } from '@beesang/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../test/dom';
import { TEST_MEMBER as USER } from '../../test/members';
import { renderInApp } from '../../test/render';
import { Header } from './header';

function renderHeader(user: UserDetail | null) {
  const header = <Header search={null} onOpenCustomerCentre={() => {}} onRegister={() => {}} />;
  return renderInApp(<p>stock</p>, { user, path: '/stock/1', layout: header }).router;
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('header session', () => {
  it('a member from the server shows the favourites link, the default profile image and the nickname', () => {
    renderHeader(USER);
    expect(screen.getByRole('link', { name: '관심 종목' }).getAttribute('href')).toBe('/favorite');
    expect(screen.getByText('비상개미')).toBeTruthy();
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('/default-profile.svg');
    expect(screen.queryByRole('button', { name: '로그인' })).toBeNull();
  });

  it('로그아웃 ends the session on the server, closes the menu, notifies and goes home', async () => {
    const api = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', api);
    const router = renderHeader(USER);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '메뉴' }));
    });
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
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('로그아웃');
    expect(notice.textContent).toContain('정상적으로 로그아웃되었습니다.');
    expect(screen.getByRole('button', { name: '로그인' })).toBeTruthy();
    expect(screen.queryByText('비상개미')).toBeNull();
  });

  it('a failed logout keeps the member and says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: '처리 중 오류가 발생했습니다.' }), { status: 500 })),
    );
    const router = renderHeader(USER);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '메뉴' }));
    });
    act(() => {
      fireEvent.click(screen.getByRole('menuitem', { name: '로그아웃' }));
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('처리 중 오류가 발생했습니다.');
    expect(screen.getByText('비상개미')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stock/1');
  });
});
