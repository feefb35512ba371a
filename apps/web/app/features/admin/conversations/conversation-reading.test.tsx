import { type AdminConversation, dealMessages, type Message, messages } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { ConversationReading } from './conversation-reading';
import { refusalOf } from './refusal';

const moderator = { ...REGULAR_MEMBER, staffRole: 'MODERATOR' as const };
const admin = { ...REGULAR_MEMBER, staffRole: 'ADMIN' as const };
const seller = { userIdx: 11, userNickname: '매도인', profileImageUrl: '', deleted: false };
const buyer = { userIdx: 22, userNickname: '탈퇴한 회원', profileImageUrl: '', deleted: true };

const message = (id: number, over: Partial<Message>): Message => ({
  messageId: id,
  conversationId: 31,
  kind: 'TEXT',
  sender: buyer,
  text: '',
  dealId: null,
  stockCount: null,
  stockPerPrice: null,
  cautions: [],
  // 14:0N in Seoul.
  createdAt: `2026-11-20T05:0${id}:00.000Z`,
  ...over,
});

const reading = (over: Partial<AdminConversation> = {}): AdminConversation => ({
  conversationId: 31,
  listing: {
    tradeIdx: 12,
    companyIdx: 5,
    companyName: '비상전자',
    companyLogoUrl: '',
    tradeType: 2,
    stockPerPrice: 10_000,
    stockCount: 100,
    openStockCount: 90,
    tradeStatus: 11,
    stockCountNegotiationFlag: true,
    stockPriceNegotiationFlag: true,
    ownerIdx: 11,
  },
  owner: seller,
  member: buyer,
  messages: [
    message(1, { kind: 'OFFER', text: '10주 가능할까요?', stockCount: 10, stockPerPrice: 9_900, dealId: 3 }),
    message(2, { text: '010-1234-5678로 연락 주세요. 국민은행 123456-01-234567', cautions: ['PHONE', 'ACCOUNT'] }),
    message(3, { sender: seller, text: '사이트에서만 거래할게요' }),
    message(4, { kind: 'LAPSE', sender: null, dealId: 3 }),
  ],
  messageCount: 4,
  reportCount: 1,
  reportedBy: [11],
  createdAt: '2026-11-20T05:01:00.000Z',
  ...over,
});

describe('reading a reported conversation (issue 22 §4)', () => {
  it('lists every message in order with its time, sender, text and caution chips; the listing and both members above', () => {
    fakeApi();
    renderInApp(<ConversationReading conversation={reading()} />, { user: moderator });
    expect(screen.getByRole('heading', { level: 1, name: '신고된 대화 31번' })).toBeTruthy();
    expect(screen.getByText('메시지 4개 · 주의 표시 1개 · 신고 1건')).toBeTruthy();

    const rows = screen.getAllByTestId('conversation-message');
    expect(rows).toHaveLength(4);
    const [offer, cautioned, reply, lapse] = rows.map((r) => within(r));
    expect(offer?.getByText('2026년 11월 20일 14:01')).toBeTruthy();
    expect(offer?.getByText('거래 제안 · 10주 × 9,900원')).toBeTruthy();
    expect(offer?.getByText('10주 가능할까요?')).toBeTruthy();
    expect(cautioned?.getByText('탈퇴한 회원')).toBeTruthy();
    expect(cautioned?.getByText('010-1234-5678로 연락 주세요. 국민은행 123456-01-234567')).toBeTruthy();
    expect(cautioned?.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['전화번호', '계좌번호']);
    expect(reply?.getByText('매도인')).toBeTruthy();
    expect(reply?.queryByRole('list', { name: '주의 표시' })).toBeNull();
    expect(lapse?.getByText('비상 (자동)')).toBeTruthy();
    expect(lapse?.getByText('기한 만료로 자동 취소')).toBeTruthy();

    // The listing, and both members: who reported, and a way to each member's page in the console.
    expect(screen.getByRole('link', { name: '비상전자' }).getAttribute('href')).toBe('/stock/5');
    expect(screen.getByText(/매도 매물 12번/)).toBeTruthy();
    const owner = within(screen.getByText('매물 등록자').parentElement as HTMLElement);
    expect(owner.getByText('매도인')).toBeTruthy();
    expect(owner.getByText('신고함')).toBeTruthy();
    const member = within(screen.getByText('대화를 건 회원').parentElement as HTMLElement);
    expect(member.getByText('탈퇴한 회원')).toBeTruthy();
    expect(member.queryByText('신고함')).toBeNull();
    expect(member.getByRole('link', { name: '회원 보기' }).getAttribute('href')).toBe('/admin/members?query=22');
  });

  it('says the reading is in the audit log; an ADMIN gets the way to this conversation’s readings', () => {
    fakeApi();
    const { unmount } = renderInApp(<ConversationReading conversation={reading()} />, { user: moderator });
    expect(screen.getByRole('note').textContent).toContain('이 열람은 감사 로그에 ‘신고된 대화 열람’으로 기록됩니다');
    expect(screen.queryByRole('link', { name: '이 대화의 열람 기록' })).toBeNull();
    unmount();
    renderInApp(<ConversationReading conversation={reading()} />, { user: admin });
    expect(screen.getByRole('link', { name: '이 대화의 열람 기록' }).getAttribute('href')).toBe('/admin/audit?target=CONVERSATION:31');
  });

  it('says when only the first messages are shown', () => {
    fakeApi();
    renderInApp(<ConversationReading conversation={reading({ messageCount: 2_400 })} />, { user: moderator });
    expect(screen.getByText('처음 4개만 보여 줍니다 (전체 2,400개).')).toBeTruthy();
  });

  it('says why a conversation is not shown: nobody reported it, or there is none; anything else is a failure to retry', () => {
    expect(refusalOf({ statusCode: 403, code: 'NOT_REPORTED' })).toBe(messages.adminConversationNotReported);
    expect(refusalOf({ statusCode: 404, code: 'NOT_FOUND' })).toBe(dealMessages.conversationNotFound);
    expect(refusalOf({ statusCode: 400, code: 'BAD_REQUEST' })).toBe(dealMessages.conversationNotFound);
    expect(refusalOf({ statusCode: 403, code: 'STAFF_ONLY' })).toBeNull();
    expect(refusalOf(new Error('database down'))).toBeNull();
  });
});
