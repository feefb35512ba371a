import type { ConversationSummary } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider, useUnreadCount } from '../../../lib/live-provider';
import { click, settle } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { FakeEventSource, openChannel } from '../../../test/fake-event-source';
import { renderInApp } from '../../../test/render';
import { type ConversationList, conversationsPath } from '../shared/deals-api';
import { conversation, person } from '../shared/test-kit';
import { InboxPage } from './inbox-page';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

function summary(conversationId: number, over: Partial<ConversationSummary> = {}): ConversationSummary {
  const c = conversation();
  const base = {
    counterpart: c.counterpart,
    listing: c.listing,
    lastMessage: null,
    unreadCount: 0,
    liveDeal: null,
    updatedAt: c.updatedAt,
  };
  return { ...base, conversationId, ...over };
}

const list = (data: ConversationSummary[], unreadCount = 0): ConversationList => ({ data, total: data.length, unreadCount });

function Badge() {
  return <output data-testid="badge">{useUnreadCount() ?? '-'}</output>;
}

function show(initial: ConversationList | null, first?: ConversationList) {
  const api = fakeApi({ ...(first ? { [`GET ${conversationsPath(1)}`]: () => ok(first) } : {}) });
  const source = FakeEventSource.install();
  renderInApp(
    <LiveProvider initialUnread={initial?.unreadCount ?? 0} initialNotifications={0}>
      <Badge />
      <InboxPage initial={initial} />
    </LiveProvider>,
    { path: '/messages', routes: [{ path: 'stock', element: <p>stocks</p> }] },
  );
  return { api, source };
}

const rows = () => screen.queryAllByTestId('conversation-row');

describe('/messages', () => {
  it('lists conversations with the counterpart, the listing, the last entry in words, the unread count and the deal under way', () => {
    show(
      list(
        [
          summary(55, {
            unreadCount: 2,
            lastMessage: {
              kind: 'OFFER',
              text: '주말 가능할까요',
              createdAt: '2026-11-23T04:00:00.000Z',
              mine: false,
              stockCount: 12,
              stockPerPrice: 231_000,
            } as never,
            liveDeal: { dealId: 31, status: 'OFFERED' },
          }),
          summary(56, {
            counterpart: person(80, '한빛'),
            lastMessage: {
              kind: 'TEXT',
              text: '감사합니다',
              createdAt: '2026-11-22T04:00:00.000Z',
              mine: true,
              stockCount: null,
              stockPerPrice: null,
            },
          }),
        ],
        2,
      ),
    );
    const [first, second] = rows();
    const link = within(first as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('/messages/55');
    // Its name is what it shows (axe: label-content-name-mismatch), with the unread count said to screen readers.
    expect(link.getAttribute('aria-label')).toBeNull();
    expect(link.textContent).toContain('김매도');
    expect(link.textContent).toContain('비상에너지 매도');
    expect(link.textContent).toContain(', 읽지 않은 메시지 2개');
    expect(within(first as HTMLElement).getByTestId('preview').textContent).toBe('거래 제안 · 12주 × 231,000원');
    expect(within(first as HTMLElement).getByTestId('deal-status').textContent).toBe('제안 중');
    expect(first?.textContent).toContain('10,000원');
    expect(within(second as HTMLElement).getByTestId('preview').textContent).toBe('나: 감사합니다');
    expect(within(second as HTMLElement).queryByTestId('deal-status')).toBeNull();
    expect(screen.getByTestId('inbox-unread').textContent).toBe('읽지 않음 2');
  });

  it('without conversations it says what to do; a failed read offers 다시 시도', async () => {
    const api = fakeApi();
    FakeEventSource.install();
    api.failNext(`GET ${conversationsPath(1)}`, 500, '오류');
    renderInApp(
      <LiveProvider initialUnread={0} initialNotifications={0}>
        <InboxPage initial={null} />
      </LiveProvider>,
      { path: '/messages' },
    );
    await settle();
    expect(screen.getByText('대화 목록을 불러오지 못했습니다.')).toBeTruthy();
    api.mock.mockResolvedValueOnce(new Response(JSON.stringify({ result: list([]) }), { status: 200 }));
    click(screen.getByRole('button', { name: '다시 시도' }));
    await settle();
    expect(screen.getByText('아직 대화가 없어요')).toBeTruthy();
    expect(screen.getByRole('link', { name: '종목 둘러보기' }).getAttribute('href')).toBe('/stock');
  });

  it('follows live: a new message reads page 1 again, moving that conversation up with its count', async () => {
    const moved = list(
      [
        summary(56, {
          counterpart: person(80, '한빛'),
          unreadCount: 1,
          lastMessage: {
            kind: 'TEXT',
            text: '방금 보낸 말',
            createdAt: '2026-11-23T05:00:00.000Z',
            mine: false,
            stockCount: null,
            stockPerPrice: null,
          },
        }),
        summary(55),
      ],
      1,
    );
    const { api, source } = show(list([summary(55), summary(56, { counterpart: person(80, '한빛') })]), moved);
    expect(screen.getByTestId('badge').textContent).toBe('0');
    await openChannel(source, api);
    // A notification (issue 23) shares the channel but changes no conversation: nothing is read.
    source().send({ type: 'notifications-read', unreadCount: 0 });
    await settle(300);
    expect(api.keys()).toEqual([]);
    source().send({ type: 'message', conversationId: 56, message: {}, unreadCount: 1 });
    expect(screen.getByTestId('badge').textContent).toBe('1');
    await settle(300);
    expect(api.keys()).toContain(`GET ${conversationsPath(1)}`);
    expect(rows().map((r) => within(r).getByRole('link').getAttribute('href'))).toEqual(['/messages/56', '/messages/55']);
    expect(within(rows()[0] as HTMLElement).getByTestId('preview').textContent).toBe('방금 보낸 말');
  });
});
