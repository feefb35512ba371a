import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider, useUnreadNotifications } from '../../../lib/live-provider';
import { button, click, notices, settle } from '../../../test/dom';
import { fakeApi, ok, type Routes } from '../../../test/fake-api';
import { FakeEventSource, openChannel } from '../../../test/fake-event-source';
import { renderInApp } from '../../../test/render';
import { type NotificationList, notificationsPath } from '../shared/notifications-api';
import { list, notification } from '../shared/test-kit';
import { NotificationsPage } from './notifications-page';

vi.mock('../../../lib/web-push', () => ({
  state: vi.fn(async () => 'off'),
  subscribe: vi.fn(async () => 'on'),
  unsubscribe: vi.fn(async () => 'off'),
}));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-26T01:00:00.000Z'));
});

function Bell() {
  return <output data-testid="bell">{useUnreadNotifications() ?? '-'}</output>;
}
const bell = () => screen.getByTestId('bell').textContent;

const THREE = list([
  notification(3, { kind: 'DEAL_OFFER', title: '김매도님의 거래 제안', body: '12주 × 231,000원', url: '/messages/55' }),
  notification(2, { createdAt: '2026-11-25T22:00:00.000Z' }),
  notification(1, { kind: 'SECURITY_PASSWORD', title: '비밀번호가 바뀌었어요', url: '/myPage', readAt: '2026-11-25T10:00:00.000Z' }),
]);

function show(initial: NotificationList | null, routes: Routes = {}, page = 1, failFirst?: string) {
  const api = fakeApi(routes);
  if (failFirst) api.failNext(failFirst, 500, '오류');
  const source = FakeEventSource.install();
  const view = renderInApp(<NotificationsPage initial={initial} page={page} />, {
    path: page > 1 ? `/notifications?page=${page}` : '/notifications',
    // The live channel and the bell stay as the member follows a link, as the app's shell keeps them.
    around: (children) => (
      <LiveProvider initialUnread={0} initialNotifications={initial?.unreadCount ?? 0}>
        {children}
      </LiveProvider>
    ),
    layout: <Bell />,
    routes: [
      { path: 'stock/:id', element: <p>stock page</p> },
      { path: 'messages/:id', element: <p>conversation</p> },
      { path: 'myPage', element: <p>my page</p> },
    ],
  });
  return { api, source, router: view.router };
}

const rows = () => screen.queryAllByTestId('notification-row');
const pushState = (settings: HTMLElement) => settings.querySelector('[data-push-state]')?.textContent;
const row = (title: string) => rows().find((r) => r.textContent?.includes(title)) as HTMLElement;

describe('/notifications', () => {
  it('lists newest first: the kind in words, when, title and body, unread ones marked, each a link to where it is about', () => {
    show(THREE);
    expect(rows()).toHaveLength(3);
    const [offer, price, password] = rows() as HTMLElement[];
    const link = within(offer as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('/messages/55');
    expect(link.textContent).toContain('거래 제안');
    expect(link.textContent).toContain('5분 전');
    expect(link.textContent).toContain('김매도님의 거래 제안');
    expect(link.textContent).toContain('12주 × 231,000원');
    // Unread: said to screen readers, marked for the eye.
    expect(link.textContent).toContain(', 읽지 않음');
    expect(offer?.dataset.unread).toBe('true');
    expect(within(price as HTMLElement).getByRole('link').textContent).toContain('3시간 전');
    expect(password?.dataset.unread).toBeUndefined();
    expect(within(password as HTMLElement).getByRole('link').textContent).not.toContain('읽지 않음');
    expect(within(password as HTMLElement).getByRole('link').textContent).toContain('비밀번호 변경');
    expect(screen.getByTestId('notifications-unread').textContent).toBe('읽지 않음 2');
    expect(button('모두 읽음').disabled).toBe(false);
  });

  it('following one reads it (the bell drops) and goes where it is about', async () => {
    const { api, router } = show(THREE, { 'POST /api/notifications/read': () => ok({ unreadCount: 1 }) });
    click(within(row('김매도님의 거래 제안')).getByRole('link'));
    await settle();
    expect(api.last('POST /api/notifications/read')?.body).toEqual({ ids: [3] });
    expect(bell()).toBe('1');
    expect(router.state.location.pathname).toBe('/messages/55');
  });

  it('a read one is followed without a call', async () => {
    const { api, router } = show(THREE);
    click(within(row('비밀번호가 바뀌었어요')).getByRole('link'));
    await settle();
    expect(api.calls).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/myPage');
  });

  it('모두 읽음 reads every one: none marked, the bell at 0, the button off', async () => {
    const { api } = show(THREE, { 'POST /api/notifications/read': () => ok({ unreadCount: 0 }) });
    click(button('모두 읽음'));
    await settle();
    expect(api.last('POST /api/notifications/read')?.body).toEqual({ all: true });
    expect(rows().filter((r) => r.dataset.unread)).toHaveLength(0);
    expect(bell()).toBe('0');
    expect(screen.queryByTestId('notifications-unread')).toBeNull();
    expect(button('모두 읽음').disabled).toBe(true);
  });

  it('삭제 takes one away with a toast, the bell follows, and focus moves to the next one', async () => {
    const { api } = show(THREE, { 'DELETE /api/notifications/3': () => ok({ unreadCount: 1 }) });
    click(button('김매도님의 거래 제안 알림 삭제'));
    await settle();
    expect(api.keys()).toEqual(['DELETE /api/notifications/3']);
    expect(rows()).toHaveLength(2);
    expect(row('김매도님의 거래 제안')).toBeUndefined();
    expect(bell()).toBe('1');
    expect(notices('calm').map((n) => n.textContent)).toContain('알림을 삭제했어요.');
    expect(document.activeElement).toBe(within(row('비상테크 가격 알림 2')).getByRole('link'));
  });

  it('a refused delete keeps the row and says why', async () => {
    const { api } = show(THREE);
    api.failNext('DELETE /api/notifications/2', 404, '이미 삭제된 알림이에요.');
    click(button('비상테크 가격 알림 2 알림 삭제'));
    await settle();
    expect(rows()).toHaveLength(3);
    expect(notices('urgent')[0]?.textContent).toContain('이미 삭제된 알림이에요.');
  });

  it('live: a new notification goes on top of page 1 without a reload; a read elsewhere reads the page again', async () => {
    let readElsewhere = false;
    const { api, source } = show(THREE, {
      [`GET ${notificationsPath(1)}`]: () =>
        ok(readElsewhere ? list([notification(4, { readAt: '2026-11-26T01:00:00.000Z' })], { unreadCount: 0 }) : THREE),
    });
    await openChannel(source, api);
    source().send({ type: 'notification', notification: notification(4, { title: '새 가격 알림' }), unreadCount: 3 });
    expect(rows()[0]?.textContent).toContain('새 가격 알림');
    expect(rows()).toHaveLength(4);
    expect(bell()).toBe('3');
    // The same one again (a reconnect's replay) is not shown twice.
    source().send({ type: 'notification', notification: notification(4, { title: '새 가격 알림' }), unreadCount: 3 });
    expect(rows()).toHaveLength(4);

    readElsewhere = true;
    source().send({ type: 'notifications-read', unreadCount: 0 });
    expect(bell()).toBe('0');
    await settle(300);
    expect(api.keys()).toEqual([`GET ${notificationsPath(1)}`]);
    expect(rows()).toHaveLength(1);
  });

  it('on a later page a new notification only moves the count', () => {
    const { source } = show(list([notification(1)], { page: 2, total: 21, unreadCount: 1 }), {}, 2);
    source().open();
    source().send({ type: 'notification', notification: notification(30, { title: '새 가격 알림' }), unreadCount: 2 });
    expect(rows()).toHaveLength(1);
    expect(bell()).toBe('2');
  });

  it('pages: twenty a page, the links keep to /notifications?page=N', () => {
    show(list([notification(1)], { total: 45 }));
    const pages = screen.getByRole('navigation', { name: '페이지' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/notifications?page=1', '/notifications?page=2', '/notifications?page=3', '/notifications?page=2']);
  });

  it('without a list from the page it reads one, showing the shape of the list meanwhile; a failure offers 다시 시도; none says so', async () => {
    const first = `GET ${notificationsPath(1)}`;
    const { api } = show(null, { [first]: () => ok(list([])) }, 1, first);
    expect(screen.getByText('알림을 불러오는 중…').closest('[aria-busy="true"]')).toBeTruthy();
    await settle();
    expect(screen.getByText('알림을 불러오지 못했습니다.')).toBeTruthy();
    click(button('다시 시도'));
    await settle();
    expect(screen.getByText('아직 받은 알림이 없어요')).toBeTruthy();
    expect(button('모두 읽음').disabled).toBe(true);
    expect(api.keys()).toEqual([first, first]);
  });
});

describe('/notifications › 알림 설정: this browser', () => {
  it('says whether this browser gets notifications and turns them on; the kinds are on /myPage', async () => {
    const push = await import('../../../lib/web-push');
    show(list([]));
    await settle();
    const settings = screen.getByRole('region', { name: '알림 설정' });
    expect(pushState(settings)).toBe('이 브라우저로는 알림을 받지 않고 있어요.');
    click(within(settings).getByRole('button', { name: '이 브라우저에서 알림 받기' }));
    await settle();
    expect(push.subscribe).toHaveBeenCalledTimes(1);
    expect(pushState(settings)).toBe('이 브라우저로 알림을 받고 있어요.');
    expect(within(settings).getByRole('button', { name: '이 브라우저 알림 끄기' })).toBeTruthy();
    expect(notices('calm').some((n) => n.textContent?.includes('이 브라우저로 알림을 보내드릴게요.'))).toBe(true);
    expect(within(settings).getByRole('link', { name: '마이페이지 알림 설정' }).getAttribute('href')).toBe('/myPage#notification-settings');
  });

  it('on: 이 브라우저 알림 끄기 turns this browser off and says so', async () => {
    const push = await import('../../../lib/web-push');
    vi.mocked(push.state).mockResolvedValueOnce('on');
    show(list([]));
    await settle();
    const settings = screen.getByRole('region', { name: '알림 설정' });
    expect(pushState(settings)).toBe('이 브라우저로 알림을 받고 있어요.');
    click(within(settings).getByRole('button', { name: '이 브라우저 알림 끄기' }));
    await settle();
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    expect(pushState(settings)).toBe('이 브라우저로는 알림을 받지 않고 있어요.');
    expect(notices('calm').some((n) => n.textContent?.includes('이 브라우저로는 알림을 보내지 않아요.'))).toBe(true);
  });

  it('blocked in the browser: the way to allow it, and no button', async () => {
    const push = await import('../../../lib/web-push');
    vi.mocked(push.state).mockResolvedValueOnce('denied');
    show(list([]));
    await settle();
    const settings = screen.getByRole('region', { name: '알림 설정' });
    expect(pushState(settings)).toContain('사이트 설정에서 알림을 허용');
    expect(within(settings).queryByRole('button')).toBeNull();
  });
});
