import {
  type ConversationDetail,
  type Deal,
  type DealPerson,
  type MemberPage,
  type Message,
  type Trade,
  TradeType,
} from '@beesang/contract';
import { REGULAR_MEMBER } from '../../../test/members';

/** The deal tests' world: me (REGULAR_MEMBER, 7) and 김매도 (77), who sells 300 shares of 비상에너지. */

export const ME = REGULAR_MEMBER.userIdx;
export const THEM = 77;
export const NOW = '2026-11-23T05:05:00.000Z';

export const person = (userIdx: number, userNickname: string): DealPerson => ({
  userIdx,
  userNickname,
  profileImageUrl: '',
  deleted: false,
});
export const MY_PERSON = person(ME, REGULAR_MEMBER.userNickname);
export const THEIR_PERSON = person(THEM, '김매도');

export function sellListing(over: Partial<Trade> = {}): Trade {
  return {
    tradeIdx: 501,
    companyIdx: 12,
    companyName: '비상에너지',
    companyLogoUrl: '',
    tradeType: TradeType.SELL,
    stockCount: 300,
    openStockCount: 300,
    stockPerPrice: 10_000,
    totalPrice: 3_000_000,
    stockCountNegotiationFlag: false,
    stockPriceNegotiationFlag: false,
    tradeStatus: 11,
    listPin: 0,
    proofType: 'NONE',
    proofCheckStatus: 0,
    stockTradeProofImageUrl: '',
    finishedPrice: null,
    writer: { userIdx: THEM, userNickname: '김매도', profileImageUrl: '', expertType: 'NORMAL', expertName: '' },
    writerTrust: {
      identityVerified: true,
      memberSince: '2026-03-02T01:00:00.000Z',
      countedTrades: 0,
      upheldReports: 0,
      confirmedTrades: 3,
      goodReviews: 2,
      badReviews: 0,
    },
    isMine: false,
    isReported: false,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    expiresAt: '2026-12-20T01:00:00.000Z',
    finishedAt: null,
    ...over,
  };
}

/** An offer of mine (the buyer) on their sell listing, awaiting their answer. */
export function deal(over: Partial<Deal> = {}): Deal {
  return {
    dealId: 31,
    conversationId: 55,
    tradeIdx: 501,
    companyIdx: 12,
    status: 'OFFERED',
    sellerIdx: THEM,
    buyerIdx: ME,
    stockCount: 12,
    stockPerPrice: 10_000,
    totalPrice: 120_000,
    proposedBy: ME,
    awaiting: THEM,
    sellerConfirmedAt: null,
    buyerConfirmedAt: null,
    agreedAt: null,
    lapsesAt: null,
    declineReason: '',
    createdAt: '2026-11-23T04:00:00.000Z',
    updatedAt: '2026-11-23T04:00:00.000Z',
    reviewable: false,
    ...over,
  };
}

export function message(messageId: number, over: Partial<Message> = {}): Message {
  return {
    messageId,
    conversationId: 55,
    kind: 'TEXT',
    sender: THEIR_PERSON,
    text: `메시지 ${messageId}`,
    dealId: null,
    stockCount: null,
    stockPerPrice: null,
    cautions: [],
    createdAt: '2026-11-23T04:00:00.000Z',
    ...over,
  };
}

export const mine = (messageId: number, over: Partial<Message> = {}) => message(messageId, { sender: MY_PERSON, ...over });

export function conversation(over: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    conversationId: 55,
    counterpart: THEIR_PERSON,
    listing: {
      tradeIdx: 501,
      companyIdx: 12,
      companyName: '비상에너지',
      companyLogoUrl: '',
      tradeType: TradeType.SELL,
      stockPerPrice: 10_000,
      stockCount: 300,
      openStockCount: 300,
      tradeStatus: 11,
      stockCountNegotiationFlag: true,
      stockPriceNegotiationFlag: true,
      ownerIdx: THEM,
    },
    lastMessage: null,
    unreadCount: 0,
    liveDeal: null,
    updatedAt: '2026-11-23T04:00:00.000Z',
    deals: [],
    counterpartReadMessageId: 0,
    myReadMessageId: 0,
    blockedByMe: false,
    blockedMe: false,
    reportedByMe: false,
    ...over,
  };
}

export function memberPage(over: Partial<MemberPage> = {}): MemberPage {
  return {
    userIdx: THEM,
    userNickname: '김매도',
    profileImageUrl: '',
    expertType: 'PB',
    expertName: '김피비',
    memberSince: '2026-03-02T01:00:00.000Z',
    identityVerified: true,
    confirmedTrades: 3,
    goodReviews: 2,
    badReviews: 1,
    tags: [
      { tag: '응답이 빨라요', count: 2, good: true },
      { tag: '약속 시간을 안 지켰어요', count: 1, good: false },
    ],
    reviews: [
      {
        good: true,
        tags: ['응답이 빨라요'],
        text: '친절하게 거래해주셨어요.',
        reviewer: person(8, '한빛'),
        createdAt: '2026-11-21T03:00:00.000Z',
      },
    ],
    listings: [sellListing()],
    deleted: false,
    ...over,
  };
}
