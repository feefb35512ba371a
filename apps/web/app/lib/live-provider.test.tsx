import { cleanup, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../test/dom';
import { fakeApi, ok } from '../test/fake-api';
import { FakeEventSource, openChannel } from '../test/fake-event-source';
import { REGULAR_MEMBER } from '../test/members';
import { renderInApp } from '../test/render';
import { LiveProvider, type LiveSignal, OPENING_COUNTS_MS, useLiveSignals, useUnreadCount, useUnreadNotifications } from './live-provider';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

const heard: LiveSignal[] = [];
function Probe() {
  useLiveSignals((s) => heard.push(s));
  return (
    <>
      <output data-testid="badge">{useUnreadCount() ?? '-'}</output>
      <output data-testid="bell">{useUnreadNotifications() ?? '-'}</output>
    </>
  );
}
const badge = () => screen.getByTestId('badge').textContent;
const bell = () => screen.getByTestId('bell').textContent;
const BOTH_READS = ['GET /api/conversations/unread', 'GET /api/notifications/unread'];

function show(initialUnread: number | null, user = REGULAR_MEMBER as typeof REGULAR_MEMBER | null, initialNotifications = initialUnread) {
  heard.length = 0;
  const api = fakeApi({
    'GET /api/conversations/unread': () => ok({ unreadCount: 4 }),
    'GET /api/notifications/unread': () => ok({ unreadCount: 6 }),
    'POST /api/auth/refresh': () => ok(true),
  });
  const source = FakeEventSource.install();
  renderInApp(
    <LiveProvider initialUnread={initialUnread} initialNotifications={initialNotifications}>
      <Probe />
    </LiveProvider>,
    { user },
  );
  return { api, source };
}

describe('the live channel', () => {
  it('one connection per tab for a member, none for a visitor', () => {
    show(2);
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/live']);
    expect(badge()).toBe('2');
    expect(bell()).toBe('2');
    cleanup();
    show(null, null);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(badge()).toBe('-');
    expect(bell()).toBe('-');
  });

  it('the counts come from the page, else as the channel’s first event: nothing is read; each event carries the new count', async () => {
    const { api, source } = show(null);
    await settle();
    expect(api.keys()).toEqual([]);
    expect([badge(), bell()]).toEqual(['-', '-']);
    source().open();
    source().send({ type: 'counts', messages: 4, notifications: 6 });
    await settle(OPENING_COUNTS_MS + 100);
    expect(api.keys()).toEqual([]);
    expect(badge()).toBe('4');
    expect(bell()).toBe('6');
    source().send({ type: 'message', conversationId: 55, message: {}, unreadCount: 5 });
    expect(badge()).toBe('5');
    source().send({ type: 'read', conversationId: 55, messageId: 9, unreadCount: 1 }, 'read');
    expect(badge()).toBe('1');
    // Not JSON, or not an event: ignored.
    source().send('ping');
    expect(heard.map((s) => s.type)).toEqual(['reconnected', 'message', 'read']);
  });

  it('the first open says `reconnected` too, and its counts replace the page’s: what happened between them shows', async () => {
    const { api, source } = show(2);
    await settle();
    // The page brought its counts: nothing is read before the channel listens.
    expect(api.keys()).toEqual([]);
    expect(heard).toHaveLength(0);
    source().open();
    await settle();
    expect(heard.map((s) => s.type)).toEqual(['reconnected']);
    source().send({ type: 'counts', messages: 4, notifications: 6 });
    expect([badge(), bell()]).toEqual(['4', '6']);
    // The counts are the header's: not handed to the pages that listen.
    expect(heard.map((s) => s.type)).toEqual(['reconnected']);
    expect(api.keys()).toEqual([]);
  });

  it('an open whose counts do not come (an instance of the previous release) reads them after a while', async () => {
    const { api, source } = show(null);
    source().open();
    await settle(OPENING_COUNTS_MS - 500);
    // Events that are not the opening's do not stand in for it.
    source().send({ type: 'message', conversationId: 55, message: {}, unreadCount: 5 });
    expect(api.keys()).toEqual([]);
    await settle(600);
    expect(api.keys()).toEqual(BOTH_READS);
    expect([badge(), bell()]).toEqual(['4', '6']);
  });

  it('a dropped connection that comes back says `reconnected` again and reads the counts on its resync, once', async () => {
    const { api, source } = show(2);
    source().open();
    source().send({ type: 'counts', messages: 1, notifications: 1 });
    await settle();
    source().drop();
    await settle();
    expect(heard.map((s) => s.type)).toEqual(['reconnected']);
    source().open();
    // A reconnection's first event (the server says so: Last-Event-ID).
    source().send({ type: 'resync' }, 'resync');
    await settle(OPENING_COUNTS_MS + 100);
    expect(heard.map((s) => s.type)).toEqual(['reconnected', 'reconnected']);
    expect(api.keys()).toEqual(BOTH_READS);
    expect([badge(), bell()]).toEqual(['4', '6']);
  });

  it('a connection the server refused (a lapsed token) opens again after refreshing the session', async () => {
    const { api, source } = show(2);
    source().refuse();
    expect(FakeEventSource.instances).toHaveLength(1);
    await settle(2_100);
    expect(api.keys()).toContain('POST /api/auth/refresh');
    expect(FakeEventSource.instances).toHaveLength(2);
    source().open();
    await settle();
    expect(heard.map((s) => s.type)).toEqual(['reconnected']);
  });

  it('a resync in the stream is handed on and the counts read again; a reconnection’s own resync only reads the counts', async () => {
    const { api, source } = show(2);
    source().open();
    source().send({ type: 'counts', messages: 1, notifications: 1 });
    await settle();
    source().send({ type: 'resync' }, 'resync');
    await settle();
    expect(heard.map((s) => s.type)).toEqual(['reconnected', 'resync']);
    expect(api.keys()).toEqual(BOTH_READS);
    // The connection comes back: `reconnected` has the pages read again, so the resync that opens the
    // stream is not a second call to do the same.
    api.calls.length = 0;
    source().drop();
    source().open();
    source().send({ type: 'resync' }, 'resync');
    await settle();
    expect(heard.map((s) => s.type)).toEqual(['reconnected', 'resync', 'reconnected']);
    expect(api.keys()).toEqual(BOTH_READS);
  });

  it('notifications carry their own count: the bell follows them and the messages badge does not (issue 23)', async () => {
    const { api, source } = show(2, REGULAR_MEMBER, 0);
    await openChannel(source, api);
    heard.length = 0;
    const notification = {
      notificationId: 9,
      kind: 'PRICE_ALERT',
      title: '비상테크 가격 알림',
      body: '12,900원을 넘었어요.',
      url: '/stock/12',
      createdAt: '2026-11-26T01:00:00.000Z',
      readAt: null,
    };
    // The open's counts: 4 messages.
    source().send({ type: 'counts', messages: 4, notifications: 0 });
    source().send({ type: 'notification', notification, unreadCount: 1 });
    expect(bell()).toBe('1');
    expect(badge()).toBe('4');
    source().send({ type: 'notifications-read', unreadCount: 0 });
    expect(bell()).toBe('0');
    // A named event reaches the same place.
    source().send({ type: 'notification', notification: { ...notification, notificationId: 10 }, unreadCount: 3 }, 'notification');
    expect(bell()).toBe('3');
    // A message's count is the messages' only.
    source().send({ type: 'message', conversationId: 55, message: {}, unreadCount: 5 });
    expect([badge(), bell()]).toEqual(['5', '3']);
    expect(heard.map((s) => s.type)).toEqual(['notification', 'notifications-read', 'notification', 'message']);
    await settle();
    expect(api.keys()).toEqual([]);
  });

  it('one count from the page, both from the channel when it opens (a page that brought only one)', async () => {
    const { api, source } = show(2, REGULAR_MEMBER, null);
    await settle();
    expect(api.keys()).toEqual([]);
    expect([badge(), bell()]).toEqual(['2', '-']);
    source().open();
    source().send({ type: 'counts', messages: 3, notifications: 7 });
    await settle();
    expect(api.keys()).toEqual([]);
    expect([badge(), bell()]).toEqual(['3', '7']);
  });

  it('a channel that fails before it ever opened reads the counts at once; when it opens they come with it', async () => {
    const { api, source } = show(null);
    source().refuse();
    await settle();
    expect(api.keys()).toEqual(BOTH_READS);
    expect([badge(), bell()]).toEqual(['4', '6']);
    // Failing again while it retries reads nothing more.
    api.calls.length = 0;
    await settle(2_100);
    source().drop();
    await settle();
    expect(api.keys()).not.toContain('GET /api/conversations/unread');
    source().open();
    source().send({ type: 'counts', messages: 8, notifications: 9 });
    await settle();
    expect(api.keys().filter((k) => k !== 'POST /api/auth/refresh')).toEqual([]);
    expect([badge(), bell()]).toEqual(['8', '9']);
  });

  it('a browser without EventSource reads the counts for its member at once', async () => {
    const { api } = show(null);
    cleanup();
    api.calls.length = 0;
    vi.stubGlobal('EventSource', undefined);
    renderInApp(
      <LiveProvider>
        <Probe />
      </LiveProvider>,
      { user: REGULAR_MEMBER },
    );
    await settle();
    expect(api.keys()).toEqual(BOTH_READS);
    expect([badge(), bell()]).toEqual(['4', '6']);
  });
});
