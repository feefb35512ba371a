import { type ConversationDetail, type Message, dealMessages as m } from '@beesang/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../../../lib/live-provider';
import { button, click, describedError, field, key, settle, type } from '../../../test/dom';
import { fakeApi, ok, type Routes } from '../../../test/fake-api';
import { FakeEventSource, openChannel } from '../../../test/fake-event-source';
import { renderInApp } from '../../../test/render';
import { conversation, deal, ME, message, mine, THEM } from '../shared/test-kit';
import { ConversationPage } from './conversation-page';
import { LAPSE_NOTE } from './deal-actions';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

const AFTER = (id: number) => `GET /api/conversations/55/messages?after=${id}`;

function show(detail: ConversationDetail, messages: Message[], routes: Routes = {}) {
  const api = fakeApi(
    {
      'POST /api/conversations/55/read': () => ok(true),
      'GET /api/conversations/unread': () => ok({ unreadCount: 0 }),
      'GET /api/notifications/unread': () => ok({ unreadCount: 0 }),
      'GET /api/conversations/55': () => ok(detail),
      ...routes,
    },
    (call) => (call.method === 'GET' && call.path.startsWith('/api/conversations/55/messages?after=') ? ok({ data: [] }) : undefined),
  );
  const source = FakeEventSource.install();
  renderInApp(
    <LiveProvider initialUnread={2} initialNotifications={0}>
      <ConversationPage id={55} me={ME} initial={{ detail, messages }} />
    </LiveProvider>,
    { path: '/messages/55' },
  );
  return { api, source };
}

const log = () => screen.getByRole('log', { name: '대화 내용' });
const texts = () =>
  within(log())
    .queryAllByTestId('message')
    .map((el) => el.textContent);
const card = () => within(log()).getAllByTestId('deal-step').at(-1) as HTMLElement;

describe('the thread', () => {
  it('is a polite log: my texts right, theirs left, deal steps as cards; 읽음 on mine up to what they read; the caution only on received texts', () => {
    const offer = message(1, {
      kind: 'OFFER',
      sender: { ...conversation().counterpart },
      dealId: 31,
      stockCount: 12,
      stockPerPrice: 10_000,
      text: '주말 가능해요',
    });
    show(conversation({ counterpartReadMessageId: 3, deals: [deal({ proposedBy: THEM, awaiting: ME })] }), [
      offer,
      mine(2, { text: '좋아요' }),
      mine(3, { text: '010-1234-5678로 연락 주세요', cautions: ['PHONE'] }),
      mine(4, { text: '확인 부탁드려요' }),
      message(5, { text: '오픈채팅으로 와요', cautions: ['OPEN_CHAT'] }),
    ]);
    expect(log().getAttribute('aria-live')).toBe('polite');
    const rows = within(log()).getAllByTestId('message');
    expect(rows.map((r) => r.className.includes('items-end'))).toEqual([true, true, true, false]);
    expect(texts()[0]).toContain('나: 좋아요');
    // Read up to 3: 읽음 on 2 and 3, not on 4.
    expect(rows.map((r) => r.textContent?.includes('읽음'))).toEqual([true, true, false, false]);
    // The caution: on the text received (5), never on mine (3) even though it would have earned one.
    expect(within(rows[2] as HTMLElement).queryByTestId('caution')).toBeNull();
    expect(within(rows[3] as HTMLElement).getByTestId('caution').textContent).toBe(m.caution);
    expect(card().textContent).toContain('김매도 님이 거래를 제안했어요');
    expect(card().textContent).toContain('12주 × 10,000원');
    expect(card().textContent).toContain('주말 가능해요');
  });

  it('marks what is shown as read, and the newest again when more arrives while visible', async () => {
    const { api, source } = show(conversation(), [message(1), message(2)], {
      [AFTER(2)]: () => ok({ data: [message(3)] }),
    });
    await settle();
    expect(api.last('POST /api/conversations/55/read')?.body).toEqual({ messageId: 2 });
    source().open();
    source().send({ type: 'message', conversationId: 55, message: message(3), unreadCount: 1 });
    await settle();
    expect(api.last('POST /api/conversations/55/read')?.body).toEqual({ messageId: 3 });
  });
});

describe('deal actions by role and state', () => {
  const offerStep = message(1, { kind: 'OFFER', dealId: 31, stockCount: 12, stockPerPrice: 10_000 });

  it('terms awaiting me: 수락, 거절 with a reason, 다시 제안; accepting shows the agreement and reads the step', async () => {
    const offered = deal({ proposedBy: THEM, awaiting: ME });
    const agreed = deal({ status: 'AGREED', awaiting: null, agreedAt: '2026-11-23T05:00:00.000Z', lapsesAt: '2026-11-30T05:00:00.000Z' });
    const { api } = show(conversation({ deals: [offered] }), [offerStep], {
      'POST /api/deals/31/accept': () => ok(agreed),
      [AFTER(1)]: () => ok({ data: [mine(2, { kind: 'ACCEPT', dealId: 31, text: '' })] }),
    });
    await settle();
    expect(within(card()).getByRole('button', { name: '수락 12주 × 10,000원' })).toBeTruthy();
    expect(within(card()).getByRole('button', { name: '다시 제안 12주 × 10,000원' })).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: /철회/ })).toBeNull();

    click(within(card()).getByRole('button', { name: '거절 12주 × 10,000원' }));
    const dialog = screen.getByRole('dialog', { name: '제안 거절' });
    click(within(dialog).getByRole('button', { name: '거절하기' }));
    expect(describedError(field('거절 사유'))).toContain(m.declineReasonRequired);
    expect(api.calls.some((c) => c.path.endsWith('/decline'))).toBe(false);
    click(within(dialog).getByRole('button', { name: '취소' }));

    click(within(card()).getByRole('button', { name: '수락 12주 × 10,000원' }));
    await settle();
    expect(api.keys()).toContain('POST /api/deals/31/accept');
    // The step the server wrote is read, and becomes the deal's current card.
    expect(card().textContent).toContain('내가 제안을 수락했어요');
    expect(card().textContent).toContain('합의됨 · 확정 대기');
    expect(card().textContent).toContain(LAPSE_NOTE);
  });

  it('다시 제안: what the member types stays while the page reads the conversation again (the channel came back)', async () => {
    const { api, source } = show(conversation({ deals: [deal({ proposedBy: THEM, awaiting: ME })] }), [offerStep]);
    await openChannel(source, api);
    click(within(card()).getByRole('button', { name: '다시 제안 12주 × 10,000원' }));
    const dialog = screen.getByRole('dialog', { name: '다시 제안' });
    type(within(dialog).getByLabelText('주당 가격'), '10500');
    type(within(dialog).getByLabelText('메시지 (선택)'), '이 가격이면 바로 가능해요');
    // The connection drops and comes back: the page reads the conversation again (a new listing object).
    source().drop();
    source().open();
    source().send({ type: 'resync' }, 'resync');
    await settle();
    expect(api.keys()).toContain('GET /api/conversations/55');
    expect((within(dialog).getByLabelText('주당 가격') as HTMLInputElement).value).toBe('10,500');
    expect((within(dialog).getByLabelText('메시지 (선택)') as HTMLTextAreaElement).value).toBe('이 가격이면 바로 가능해요');
  });

  it('terms I sent: only 제안 철회, while waiting for their answer', async () => {
    const { api } = show(
      conversation({ deals: [deal()] }),
      [mine(1, { kind: 'OFFER', dealId: 31, stockCount: 12, stockPerPrice: 10_000 })],
      {
        'POST /api/deals/31/withdraw': () => ok(deal({ status: 'WITHDRAWN', awaiting: null })),
      },
    );
    expect(card().textContent).toContain('김매도 님의 답을 기다리고 있어요.');
    expect(within(card()).queryByRole('button', { name: /^수락/ })).toBeNull();
    click(within(card()).getByRole('button', { name: '제안 철회 12주 × 10,000원' }));
    await settle();
    expect(api.keys()).toContain('POST /api/deals/31/withdraw');
    expect(card().textContent).toContain('철회됨');
    expect(within(card()).queryByRole('button')).toBeNull();
  });

  it('an agreement: who confirmed and when it lapses; 거래 완료 확인 asks first, then the button goes', async () => {
    const agreed = deal({
      status: 'AGREED',
      awaiting: null,
      sellerConfirmedAt: '2026-11-23T05:05:00.000Z',
      lapsesAt: '2026-11-30T05:00:00.000Z',
    });
    const { api } = show(conversation({ deals: [agreed] }), [message(1, { kind: 'ACCEPT', dealId: 31, text: '' })], {
      'POST /api/deals/31/confirm': () => ok({ ...agreed, buyerConfirmedAt: '2026-11-23T06:00:00.000Z' }),
    });
    const states = within(card()).getByTestId('confirmations').textContent;
    expect(states).toContain('나확인 전');
    expect(states).toContain('김매도확인함 · 2026년 11월 23일 14:05');
    expect(card().textContent).toContain('2026년 11월 30일 14:00까지');
    click(within(card()).getByRole('button', { name: '거래 완료 확인 12주 × 10,000원' }));
    const ask = screen.getByRole('dialog', { name: '거래 완료 확인' });
    expect(api.keys()).not.toContain('POST /api/deals/31/confirm');
    click(within(ask).getByRole('button', { name: '거래 완료 확인' }));
    await settle();
    expect(api.keys()).toContain('POST /api/deals/31/confirm');
    expect(within(card()).queryByRole('button', { name: /^거래 완료 확인/ })).toBeNull();
    expect(within(card()).getByRole('button', { name: /^거래 취소/ })).toBeTruthy();
  });

  it('a deal that changed meanwhile (409) is read again', async () => {
    const { api } = show(conversation({ deals: [deal({ proposedBy: THEM, awaiting: ME })] }), [offerStep], {
      'GET /api/conversations/55': () => ok(conversation({ deals: [deal({ status: 'WITHDRAWN', awaiting: null })] })),
    });
    api.failNext('POST /api/deals/31/accept', 409, m.dealStateChanged);
    click(within(card()).getByRole('button', { name: /^수락/ }));
    await settle();
    expect(screen.getByText(m.dealStateChanged)).toBeTruthy();
    expect(card().textContent).toContain('철회됨');
  });

  it('after a confirmed deal: 후기 남기기', () => {
    show(conversation({ deals: [deal({ status: 'CONFIRMED', awaiting: null, reviewable: true })] }), [
      message(1, { kind: 'COMPLETE', sender: null, dealId: 31, text: '' }),
    ]);
    click(within(card()).getByRole('button', { name: '후기 남기기 김매도 님과의 거래' }));
    expect(screen.getByRole('dialog', { name: '후기 남기기' })).toBeTruthy();
  });
});

describe('the composer', () => {
  it('Enter sends, Shift+Enter does not; the text sent shows once', async () => {
    const sent = mine(2, { text: '안녕하세요' });
    const { api } = show(conversation(), [message(1)], {
      'POST /api/conversations/55/messages': () => ok(sent),
      [AFTER(2)]: () => ok({ data: [] }),
    });
    const box = field('메시지');
    type(box, '안녕하세요');
    act(() => {
      fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    });
    expect(api.keys()).not.toContain('POST /api/conversations/55/messages');
    key(box, 'Enter');
    await settle();
    expect(api.last('POST /api/conversations/55/messages')?.body).toEqual({ text: '안녕하세요' });
    expect(box.value).toBe('');
    expect(texts().filter((t) => t?.includes('안녕하세요'))).toHaveLength(1);
  });

  it('Enter while a syllable is being composed does not send', () => {
    const { api } = show(conversation(), [message(1)]);
    const box = field('메시지');
    type(box, '안녕');
    act(() => {
      fireEvent.keyDown(box, { key: 'Enter', isComposing: true, keyCode: 229 });
    });
    expect(api.keys()).not.toContain('POST /api/conversations/55/messages');
  });

  it('over 1,000 characters it says so and does not send', () => {
    const { api } = show(conversation(), [message(1)]);
    const box = field('메시지');
    type(box, 'a'.repeat(1_001));
    expect(describedError(box)).toContain(m.messageTooLong);
    expect(describedError(box)).toContain('1,001 / 1,000');
    expect(button('보내기').disabled).toBe(true);
    key(box, 'Enter');
    expect(api.keys()).not.toContain('POST /api/conversations/55/messages');
  });

  it('blocked either way: the box is disabled and says why', () => {
    show(conversation({ blockedMe: true }), [message(1)]);
    expect(field('메시지').disabled).toBe(true);
    expect(describedError(field('메시지'))).toContain(m.blocked);
  });
});

describe('the conversation menu', () => {
  const openMenu = () =>
    act(() => {
      fireEvent.pointerDown(screen.getByRole('button', { name: '대화 메뉴' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    });

  it('차단하기 asks first, then the box says why it is closed; 차단 풀기 opens it again', async () => {
    const { api } = show(conversation(), [message(1)], {
      'POST /api/conversations/55/block': () => ok(true),
      'DELETE /api/conversations/55/block': () => ok(true),
    });
    openMenu();
    click(screen.getByRole('menuitem', { name: '차단하기' }));
    const ask = screen.getByRole('dialog', { name: '차단하기' });
    click(within(ask).getByRole('button', { name: '차단하기' }));
    await settle();
    expect(api.keys()).toContain('POST /api/conversations/55/block');
    expect(field('메시지').disabled).toBe(true);
    openMenu();
    click(screen.getByRole('menuitem', { name: '차단 풀기' }));
    await settle();
    expect(api.keys()).toContain('DELETE /api/conversations/55/block');
    expect(field('메시지').disabled).toBe(false);
  });

  it('신고하기 reports the conversation with the listing report’s reasons; once reported it says so', async () => {
    const { api } = show(conversation(), [message(1)], { 'POST /api/conversations/55/report': () => ok({ accuseIdx: 3 }) });
    openMenu();
    click(screen.getByRole('menuitem', { name: '신고하기' }));
    const dialog = screen.getByRole('dialog', { name: '대화 신고' });
    click(within(dialog).getAllByRole('radio')[0] as HTMLElement);
    click(within(dialog).getByRole('button', { name: '신고하기' }));
    await settle();
    expect(api.last('POST /api/conversations/55/report')?.body).toMatchObject({ detail: '' });
    expect(screen.getByText(m.conversationReported)).toBeTruthy();
    openMenu();
    expect(screen.getByRole('menuitem', { name: '신고한 대화' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('the counterpart links to their page and the listing to its stock', () => {
    show(conversation(), [message(1)]);
    expect(screen.getByRole('link', { name: '김매도 님의 거래 프로필' }).getAttribute('href')).toBe(`/member/${THEM}`);
    expect(screen.getByRole('link', { name: /비상에너지/ }).getAttribute('href')).toBe('/stock/12');
    expect(screen.getByRole('link', { name: '대화 목록' }).getAttribute('href')).toBe('/messages');
  });
});

describe('live', () => {
  it('a message event reads after the last id shown; what arrives twice shows once', async () => {
    const { api, source } = show(conversation(), [message(1), message(2)], {
      [AFTER(2)]: () => ok({ data: [message(3), message(4)] }),
    });
    source().open();
    source().send({ type: 'message', conversationId: 55, message: message(4), unreadCount: 3 });
    await settle();
    expect(api.keys()).toContain(AFTER(2));
    expect(texts().map((t) => t?.replace(/\D+$/, ''))).toHaveLength(4);
    // The same message again (another event): read after 4, nothing new, nothing doubled.
    source().send({ type: 'message', conversationId: 55, message: message(3), unreadCount: 3 });
    await settle();
    expect(api.keys()).toContain(AFTER(4));
    expect(
      within(log())
        .getAllByTestId('message')
        .map((el) => el.dataset.messageId),
    ).toEqual(['1', '2', '3', '4']);
  });

  it('another conversation’s message reads nothing here', async () => {
    const { api, source } = show(conversation(), [message(1)]);
    await openChannel(source, api);
    source().send({ type: 'message', conversationId: 99, message: message(7, { conversationId: 99 }), unreadCount: 1 });
    await settle();
    expect(api.keys().some((k) => k.startsWith('GET /api/conversations/55/messages'))).toBe(false);
  });

  it('a counter-offer sent between the page’s render and the channel’s first open shows once the channel opens', async () => {
    const countered = deal({ proposedBy: THEM, awaiting: ME, stockPerPrice: 11_000, totalPrice: 132_000 });
    const { api, source } = show(
      conversation({ deals: [deal()] }),
      [mine(1, { kind: 'OFFER', dealId: 31, stockCount: 12, stockPerPrice: 10_000 })],
      {
        [AFTER(1)]: () => ok({ data: [message(2, { kind: 'COUNTER', dealId: 31, stockCount: 12, stockPerPrice: 11_000 })] }),
        'GET /api/conversations/55': () => ok(conversation({ deals: [countered] })),
      },
    );
    await settle();
    // Nothing is read before the channel listens: the page came with everything.
    expect(api.keys()).not.toContain(AFTER(1));
    expect(api.keys()).not.toContain('GET /api/conversations/55');
    source().open();
    await settle();
    expect(api.keys()).toContain(AFTER(1));
    expect(api.keys()).toContain('GET /api/conversations/55');
    expect(within(log()).getAllByTestId('deal-step')).toHaveLength(2);
    expect(card().textContent).toContain('12주 × 11,000원');
  });

  it('opened from another page while the channel listens, it reads once what came between its data and its mount', async () => {
    const detail = conversation();
    const api = fakeApi(
      {
        'POST /api/conversations/55/read': () => ok(true),
        'GET /api/conversations/unread': () => ok({ unreadCount: 0 }),
        'GET /api/notifications/unread': () => ok({ unreadCount: 0 }),
        'GET /api/conversations/55': () => ok(detail),
        [AFTER(1)]: () => ok({ data: [message(2, { text: '방금 보낸 말' })] }),
      },
      () => undefined,
    );
    const source = FakeEventSource.install();
    function Later() {
      const [shown, setShown] = useState(false);
      return shown ? (
        <ConversationPage id={55} me={ME} initial={{ detail, messages: [message(1)] }} />
      ) : (
        <button type="button" onClick={() => setShown(true)}>
          대화 열기
        </button>
      );
    }
    renderInApp(
      <LiveProvider initialUnread={0} initialNotifications={0}>
        <Later />
      </LiveProvider>,
      { path: '/messages/55' },
    );
    await openChannel(source, api);
    click(button('대화 열기'));
    await settle();
    expect(api.keys()).toContain(AFTER(1));
    expect(texts().at(-1)).toContain('방금 보낸 말');
  });

  it('after a dropped connection comes back it catches up from the last id, 100 at a time', async () => {
    const page = Array.from({ length: 100 }, (_, i) => message(3 + i));
    let sent = false;
    const { api, source } = show(conversation(), [message(1), message(2)], {
      [AFTER(2)]: () => ok({ data: sent ? page : [] }),
      [AFTER(102)]: () => ok({ data: [message(103)] }),
      'GET /api/conversations/55': () => ok(conversation({ counterpartReadMessageId: 2 })),
    });
    await openChannel(source, api);
    // Sent while the connection was down.
    sent = true;
    source().drop();
    source().open();
    // The stream's first event after a reconnection, as the server sends it: read once, not twice.
    source().send({ type: 'resync' }, 'resync');
    await settle();
    expect(api.keys().filter((k) => k.includes('/messages?after='))).toEqual([AFTER(2), AFTER(102)]);
    expect(within(log()).getAllByTestId('message')).toHaveLength(103);
  });

  it('a deal event updates the card in place', async () => {
    const { api, source } = show(conversation({ deals: [deal()] }), [
      mine(1, { kind: 'OFFER', dealId: 31, stockCount: 12, stockPerPrice: 10_000 }),
    ]);
    await openChannel(source, api);
    source().send({
      type: 'deal',
      conversationId: 55,
      deal: deal({ status: 'DECLINED', awaiting: null, declineReason: '가격이 안 맞아요' }),
    });
    await settle();
    expect(card().textContent).toContain('거절됨');
  });
});
