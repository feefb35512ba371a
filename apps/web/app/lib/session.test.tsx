import { NOTIFICATION_MS } from '@beesang/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notices, urgentNotice } from '../test/dom';
import { fakeApi, json, ok } from '../test/fake-api';
import { REGULAR_MEMBER, TEST_MEMBER } from '../test/members';
import { member, renderInApp } from '../test/render';
import { apiFetch } from './api-client';
import { useSession } from './session';
import { useFavoriteToggle } from './use-favorite-toggle';

/** A page that calls the API, and one that needs a member: both go through the real providers. */
function CallingPage() {
  const session = useSession();
  const [offers, setOffers] = useState(0);
  return (
    <>
      <button type="button" onClick={() => void apiFetch('/api/user/myPage/detail').catch(() => {})}>
        call
      </button>
      <button type="button" onClick={session.openLoginDialog}>
        star
      </button>
      <button type="button" onClick={() => session.requireVerified(() => setOffers((n) => n + 1))}>
        offer
      </button>
      <p>dialog {session.loginDialogOpen ? 'open' : 'closed'}</p>
      <p>identity {session.identityDialogOpen ? 'open' : 'closed'}</p>
      <p>offers {offers}</p>
    </>
  );
}

/** A company's star, pressed as the page's own star is (lib/use-favorite-toggle.ts). */
function StarPage() {
  const session = useSession();
  const toggle = useFavoriteToggle();
  const [starred, setStarred] = useState<boolean | null | 'pending'>('pending');
  const [offered, setOffered] = useState(false);
  return (
    <>
      <button type="button" onClick={() => void toggle(7, false).then(setStarred)}>
        add star
      </button>
      <button type="button" onClick={() => session.requireVerified(() => setOffered(true))}>
        offer
      </button>
      <p>offered {String(offered)}</p>
      <p>starred {String(starred)}</p>
      <p>dialog {session.loginDialogOpen ? 'open' : 'closed'}</p>
    </>
  );
}

function renderApp(path: string) {
  return renderInApp(<CallingPage />, { user: null, path }).router;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

describe('session', () => {
  it('a 401 from any call clears the session, warns top-left for 4.5 s and goes home', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: '로그인이 만료되었습니다. 다시 로그인해주세요.', code: 'UNAUTHORIZED' }), { status: 401 }),
      ),
    );
    const router = renderApp('/stock/1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'call' }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const alert = urgentNotice();
    expect(alert.textContent).toContain('로그인 세션');
    expect(alert.textContent).toContain('로그인이 만료되었습니다. 다시 로그인해주세요.');
    expect(alert.closest('ol')?.className).toMatch(/top-4 left-4/);
    await act(async () => {
      vi.advanceTimersByTime(NOTIFICATION_MS - 100);
    });
    expect(notices()).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(notices()).toEqual([]);
  });

  it('an expired access token is refreshed silently: no notice, no navigation', async () => {
    let refreshed = false;
    const api = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/auth/refresh') {
        refreshed = true;
        return new Response(JSON.stringify({ result: { accessToken: 'a', refreshToken: 'r' } }), { status: 200 });
      }
      return refreshed
        ? new Response(JSON.stringify({ result: {} }), { status: 200 })
        : new Response(JSON.stringify({ message: '로그인이 만료되었습니다. 다시 로그인해주세요.' }), { status: 401 });
    });
    vi.stubGlobal('fetch', api);
    const router = renderApp('/stock/1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'call' }));
    });
    await vi.waitFor(() => expect(api).toHaveBeenCalledTimes(3));
    await act(async () => {
      vi.advanceTimersByTime(50);
    });
    expect(router.state.location.pathname).toBe('/stock/1');
    expect(notices()).toEqual([]);
  });

  it('other failures do not touch the session or the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: '처리 중 오류가 발생했습니다.' }), { status: 500 })),
    );
    const router = renderApp('/stock/1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'call' }));
    });
    await act(async () => {
      vi.advanceTimersByTime(50);
    });
    expect(router.state.location.pathname).toBe('/stock/1');
    expect(notices()).toEqual([]);
  });

  it('every control that needs a member opens the one login dialog', async () => {
    renderApp('/stock/1');
    expect(screen.getByText('dialog closed')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'star' }));
    });
    expect(screen.getByText('dialog open')).toBeTruthy();
  });

  describe('a page that came without its member (the shared page, or an access token that lapsed)', () => {
    const refused = () => json({ message: '로그인이 필요합니다.', code: 'UNAUTHORIZED' }, 401);

    it('the shared page of a signed-in member: one read of the member, no refresh, no notice, no move', async () => {
      const api = fakeApi({ 'GET /api/user/myPage/detail': () => ok(REGULAR_MEMBER) });
      const { router } = renderInApp(<CallingPage />, { user: null, path: '/stock/1', resumable: true });
      await vi.waitFor(() => expect(member()).toBe(REGULAR_MEMBER.userNickname));
      expect(api.keys()).toEqual(['GET /api/user/myPage/detail']);
      expect(router.state.location.pathname).toBe('/stock/1');
      expect(notices()).toEqual([]);
    });

    it('a lapsed access token: refreshes once, loads the member and shows them, without a notice or a move', async () => {
      let refreshed = false;
      const api = fakeApi({
        'POST /api/auth/refresh': () => {
          refreshed = true;
          return ok({ accessToken: 'a', refreshToken: 'r' });
        },
        'GET /api/user/myPage/detail': () => (refreshed ? ok(REGULAR_MEMBER) : refused()),
      });
      const { router } = renderInApp(<CallingPage />, { user: null, path: '/stock/1', resumable: true });
      await vi.waitFor(() => expect(member()).toBe(REGULAR_MEMBER.userNickname));
      expect(api.keys()).toEqual(['GET /api/user/myPage/detail', 'POST /api/auth/refresh', 'GET /api/user/myPage/detail']);
      expect(router.state.location.pathname).toBe('/stock/1');
      expect(notices()).toEqual([]);
    });

    it('a press on the star while the member is read: no login dialog when there is one, the dialog when there is none', async () => {
      fakeApi({ 'GET /api/user/myPage/detail': () => ok(REGULAR_MEMBER) });
      const first = renderInApp(<CallingPage />, { user: null, path: '/stock/1', resumable: true });
      fireEvent.click(screen.getByRole('button', { name: 'star' }));
      await vi.waitFor(() => expect(member()).toBe(REGULAR_MEMBER.userNickname));
      expect(screen.getByText('dialog closed')).toBeTruthy();
      first.unmount();

      fakeApi({ 'GET /api/user/myPage/detail': refused, 'POST /api/auth/refresh': refused });
      renderInApp(<CallingPage />, { user: null, path: '/stock/1', resumable: true });
      fireEvent.click(screen.getByRole('button', { name: 'star' }));
      expect(screen.getByText('dialog closed')).toBeTruthy();
      await vi.waitFor(() => expect(screen.getByText('dialog open')).toBeTruthy());
      expect(member()).toBe('guest');
    });

    it('a press on an action for verified members while the member is read goes on once they are known, never dropped', async () => {
      // A verified member: the action runs, once, when the member arrives; no dialog.
      let answer: (member: Response) => void = () => {};
      const reading = new Promise<Response>((resolve) => {
        answer = resolve;
      });
      fakeApi({ 'GET /api/user/myPage/detail': () => reading });
      const first = renderInApp(<CallingPage />, { user: null, path: '/stock/1', resumable: true });
      fireEvent.click(screen.getByRole('button', { name: 'offer' }));
      fireEvent.click(screen.getByRole('button', { name: 'offer' }));
      expect(screen.getByText('offers 0')).toBeTruthy();
      await act(async () => answer(ok(REGULAR_MEMBER)));
      await vi.waitFor(() => expect(screen.getByText('offers 1')).toBeTruthy());
      expect(screen.getByText('dialog closed')).toBeTruthy();
      expect(screen.getByText('identity closed')).toBeTruthy();
      first.unmount();

      // A member who has not verified their identity: the identity dialog instead.
      fakeApi({ 'GET /api/user/myPage/detail': () => ok(TEST_MEMBER) });
      const second = renderInApp(<CallingPage />, { user: null, path: '/stock/1', resumable: true });
      fireEvent.click(screen.getByRole('button', { name: 'offer' }));
      await vi.waitFor(() => expect(screen.getByText('identity open')).toBeTruthy());
      expect(screen.getByText('offers 0')).toBeTruthy();
      second.unmount();

      // No member after all: the login dialog.
      fakeApi({ 'GET /api/user/myPage/detail': refused, 'POST /api/auth/refresh': refused });
      renderInApp(<CallingPage />, { user: null, path: '/stock/1', resumable: true });
      fireEvent.click(screen.getByRole('button', { name: 'offer' }));
      await vi.waitFor(() => expect(screen.getByText('dialog open')).toBeTruthy());
      expect(screen.getByText('offers 0')).toBeTruthy();
      expect(screen.getByText('identity closed')).toBeTruthy();
    });

    it('a star pressed while the member is read is added for them once they are known; with no member, the login dialog', async () => {
      let answer: (member: Response) => void = () => {};
      const reading = new Promise<Response>((resolve) => {
        answer = resolve;
      });
      const api = fakeApi({ 'GET /api/user/myPage/detail': () => reading, 'POST /api/stock/add/favorite/stock/7': () => ok(true) });
      const first = renderInApp(<StarPage />, { user: null, path: '/stock/7', resumable: true });
      fireEvent.click(screen.getByRole('button', { name: 'add star' }));
      expect(api.keys()).toEqual(['GET /api/user/myPage/detail']);
      await act(async () => answer(ok(REGULAR_MEMBER)));
      await vi.waitFor(() => expect(screen.getByText('starred true')).toBeTruthy());
      expect(api.keys()).toEqual(['GET /api/user/myPage/detail', 'POST /api/stock/add/favorite/stock/7']);
      expect(screen.getByText('dialog closed')).toBeTruthy();
      first.unmount();

      // A star, then 거래 제안, both before the member is known: the last press counts, and the star's settles as not made.
      fakeApi({ 'GET /api/user/myPage/detail': () => ok(REGULAR_MEMBER) });
      const second = renderInApp(<StarPage />, { user: null, path: '/stock/7', resumable: true });
      fireEvent.click(screen.getByRole('button', { name: 'add star' }));
      fireEvent.click(screen.getByRole('button', { name: 'offer' }));
      await vi.waitFor(() => expect(screen.getByText('offered true')).toBeTruthy());
      expect(screen.getByText('starred null')).toBeTruthy();
      second.unmount();

      const none = fakeApi({ 'GET /api/user/myPage/detail': refused, 'POST /api/auth/refresh': refused });
      renderInApp(<StarPage />, { user: null, path: '/stock/7', resumable: true });
      fireEvent.click(screen.getByRole('button', { name: 'add star' }));
      await vi.waitFor(() => expect(screen.getByText('dialog open')).toBeTruthy());
      expect(screen.getByText('starred null')).toBeTruthy();
      expect(none.keys()).toEqual(['GET /api/user/myPage/detail', 'POST /api/auth/refresh']);
    });

    it('stays a visitor, quietly, when the session really ended', async () => {
      const api = fakeApi({ 'GET /api/user/myPage/detail': refused, 'POST /api/auth/refresh': refused });
      const { router } = renderInApp(<CallingPage />, { user: null, path: '/stock/1', resumable: true });
      await vi.waitFor(() => expect(api.keys()).toEqual(['GET /api/user/myPage/detail', 'POST /api/auth/refresh']));
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(member()).toBe('guest');
      expect(router.state.location.pathname).toBe('/stock/1');
      expect(notices()).toEqual([]);
    });

    it('asks nothing when there is no session to resume', async () => {
      const api = fakeApi();
      renderInApp(<CallingPage />, { user: null, path: '/stock/1' });
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
      expect(api.calls).toEqual([]);
      expect(member()).toBe('guest');
    });
  });
});
