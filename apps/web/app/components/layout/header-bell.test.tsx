import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider, useUnreadNotifications } from '../../lib/live-provider';
import { settle } from '../../test/dom';
import { fakeApi, ok } from '../../test/fake-api';
import { FakeEventSource } from '../../test/fake-event-source';
import { renderInApp } from '../../test/render';
import { Header } from './header';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

/** The header as the app's shell wires it: the bell's count from the live channel. */
function ShellHeader() {
  return <Header search={null} unreadNotifications={useUnreadNotifications()} onOpenCustomerCentre={() => {}} onRegister={() => {}} />;
}

const notification = (notificationId: number) => ({
  notificationId,
  kind: 'PRICE_ALERT',
  title: '비상테크 가격 알림',
  body: '12,900원 위로 올라갔어요.',
  url: '/stock/12',
  createdAt: '2026-11-26T01:00:00.000Z',
  readAt: null,
});

describe('the bell, live (issue 23)', () => {
  it('counts a notification the moment it arrives on the live channel, on any page, and drops when read elsewhere', async () => {
    const api = fakeApi({ 'GET /api/notifications/unread': () => ok({ unreadCount: 0 }) });
    const source = FakeEventSource.install();
    renderInApp(<p>stock page</p>, {
      path: '/stock/12',
      layout: <ShellHeader />,
      around: (children) => <LiveProvider initialUnread={0}>{children}</LiveProvider>,
    });
    await settle();
    // No count from the page: it comes as the channel's first event, and nothing is read.
    expect(api.keys()).toEqual([]);
    expect(screen.getByRole('link', { name: '알림' })).toBeTruthy();
    source().open();
    source().send({ type: 'counts', messages: 0, notifications: 2 });
    await settle();
    expect(within(screen.getByRole('link', { name: '알림, 읽지 않은 알림 2개' })).getByTestId('unread-badge').textContent).toBe('2');
    source().send({ type: 'notifications-read', unreadCount: 0 });
    expect(api.keys()).toEqual([]);
    source().send({ type: 'notification', notification: notification(1), unreadCount: 1 });
    const bell = screen.getByRole('link', { name: '알림, 읽지 않은 알림 1개' });
    expect(within(bell).getByTestId('unread-badge').textContent).toBe('1');
    source().send({ type: 'notifications-read', unreadCount: 0 });
    expect(screen.getByRole('link', { name: '알림' }).querySelector('[data-testid="unread-badge"]')).toBeNull();
    // Only the one connection, shared with the messages.
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
