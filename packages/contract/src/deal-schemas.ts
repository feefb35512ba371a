import { dealMessages as m } from './deal-messages.ts';
import { notificationSchema } from './notification-schemas.ts';
import { idParam } from './schemas-common.ts';
import { tradeSchema } from './trade-schemas.ts';
import { z } from './zod.ts';

/**
 * Deals and conversations (issue 22): a member offers on a listing, the two talk on the site,
 * agree, and both confirm the trade. Paths and shapes the mobile app generates its client from.
 */

export const DEAL_MESSAGE_MAX = 1000;
export const DEAL_DECLINE_REASON_MAX = 200;
export const DEAL_REVIEW_TEXT_MAX = 200;
/** An agreed deal that both sides have not confirmed within this lapses and frees its shares. */
export const DEAL_LAPSE_MS = 7 * 24 * 3_600_000;
/** How many messages one read of a conversation returns at most. */
export const DEAL_MESSAGES_PAGE = 100;

export const DEAL_STATUSES = ['OFFERED', 'AGREED', 'CONFIRMED', 'DECLINED', 'WITHDRAWN', 'CANCELLED', 'LAPSED'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
/** A deal still going: an offer awaiting its answer, or an agreement awaiting both confirmations. */
export const isLiveDeal = (status: DealStatus) => status === 'OFFERED' || status === 'AGREED';

export const DEAL_STATUS_TEXT: Record<DealStatus, string> = {
  OFFERED: '제안 중',
  AGREED: '합의됨 · 확정 대기',
  CONFIRMED: '거래 완료',
  DECLINED: '거절됨',
  WITHDRAWN: '철회됨',
  CANCELLED: '취소됨',
  LAPSED: '기한 만료',
};

/** What a conversation's entry is: a text, or a step of a deal (shown as a card in the thread). */
export const MESSAGE_KINDS = [
  'TEXT',
  'OFFER',
  'COUNTER',
  'ACCEPT',
  'DECLINE',
  'WITHDRAW',
  'CONFIRM',
  'CANCEL',
  'LAPSE',
  'COMPLETE',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** How a deal step reads as words (the thread's cards, the inbox, the console's reading); a text has none. */
export const MESSAGE_KIND_TEXT: Record<MessageKind, string> = {
  TEXT: '',
  OFFER: '거래 제안',
  COUNTER: '다시 제안',
  ACCEPT: '제안 수락',
  DECLINE: '제안 거절',
  WITHDRAW: '제안 철회',
  CONFIRM: '거래 완료 확인',
  CANCEL: '거래 취소',
  LAPSE: '기한 만료로 자동 취소',
  COMPLETE: '거래 완료',
};

/** Why a message shows the caution line to its recipient (the scam signals, and account numbers). */
export const MESSAGE_CAUTIONS = ['PHONE', 'OPEN_CHAT', 'ACCOUNT', 'PHRASE'] as const;
export type MessageCaution = (typeof MESSAGE_CAUTIONS)[number];
/** Each caution as operators read it on a message (the console's chips). */
export const MESSAGE_CAUTION_TEXT: Record<MessageCaution, string> = {
  PHONE: '전화번호',
  OPEN_CHAT: '오픈채팅·메신저',
  ACCOUNT: '계좌번호',
  PHRASE: '사기 의심 문구',
};

/** Review tags: one list, shown as chips; good ones with 좋아요, the others with 아쉬워요. */
export const REVIEW_TAGS = {
  good: ['시간 약속을 잘 지켜요', '응답이 빨라요', '친절하고 매너가 좋아요', '거래 조건대로 진행했어요', '서류·증빙이 확실해요'],
  bad: ['거래 조건을 바꿨어요', '응답이 느려요', '약속 시간을 안 지켰어요', '외부 연락을 요구했어요', '선입금을 요구했어요'],
} as const;
export const ALL_REVIEW_TAGS: readonly string[] = [...REVIEW_TAGS.good, ...REVIEW_TAGS.bad];

const count = z
  .number({ error: m.offerCountRequired })
  .int({ error: m.offerCountRequired })
  .min(1, { error: m.offerCountRequired })
  .max(1_000_000_000, { error: m.offerCountRequired });
const price = z
  .number({ error: m.offerPriceRequired })
  .int({ error: m.offerPriceRequired })
  .min(1, { error: m.offerPriceRequired })
  .max(99_999_999, { error: m.offerPriceRequired });
const messageText = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(DEAL_MESSAGE_MAX, { error: m.messageTooLong });

/** POST /api/deals */
export const dealOfferBody = z.strictObject({
  tradeIdx: idParam,
  stockCount: count,
  stockPerPrice: price,
  message: messageText(m.firstMessageRequired),
});
export type DealOfferBody = z.input<typeof dealOfferBody>;
export type DealOfferData = z.output<typeof dealOfferBody>;

/** POST /api/deals/{dealId}/counter */
export const dealCounterBody = z.strictObject({
  stockCount: count,
  stockPerPrice: price,
  message: z.string().trim().max(DEAL_MESSAGE_MAX, { error: m.messageTooLong }).optional(),
});
/** POST /api/deals/{dealId}/decline */
export const dealDeclineBody = z.strictObject({
  reason: z
    .string({ error: m.declineReasonRequired })
    .trim()
    .min(1, { error: m.declineReasonRequired })
    .max(DEAL_DECLINE_REASON_MAX, { error: m.declineReasonTooLong }),
});
/** POST /api/conversations/{id}/messages */
export const messageBody = z.strictObject({ text: messageText(m.messageRequired) });
/** POST /api/conversations/{id}/read: up to a message (default: the newest). */
export const readBody = z.strictObject({ messageId: idParam.optional() }).default({});
/** POST /api/conversations/{id}/report: the listing report's body (a reason, optional words). */
export { reportBody as conversationReportBody } from './trade-schemas.ts';
/** POST /api/deals/{dealId}/review */
export const dealReviewBody = z.strictObject({
  good: z.boolean({ error: m.reviewGoodRequired }),
  tags: z
    .array(
      z.string().refine((t) => ALL_REVIEW_TAGS.includes(t), { error: m.reviewTagInvalid }),
      { error: m.reviewTagInvalid },
    )
    .max(ALL_REVIEW_TAGS.length, { error: m.reviewTagInvalid })
    .refine((tags) => new Set(tags).size === tags.length, { error: m.reviewTagInvalid })
    .default([]),
  text: z.string().trim().max(DEAL_REVIEW_TEXT_MAX, { error: m.reviewTextTooLong }).default(''),
});
export type DealReviewBody = z.input<typeof dealReviewBody>;

export const dealIdParams = z.object({ dealId: idParam });
export const conversationIdParams = z.object({ id: idParam });
export const messagesQuery = z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });
export const memberIdParams = z.object({ userIdx: idParam });

/** A member as the other side (or an operator reading a reported conversation) sees them. */
export const dealPersonSchema = z.object({
  userIdx: z.number().int(),
  /** '탈퇴한 회원' once the member deleted their account. */
  userNickname: z.string(),
  profileImageUrl: z.string(),
  deleted: z.boolean(),
});
export type DealPerson = z.infer<typeof dealPersonSchema>;
const person = dealPersonSchema;

export const dealSchema = z.object({
  dealId: z.number().int(),
  conversationId: z.number().int(),
  tradeIdx: z.number().int(),
  companyIdx: z.number().int(),
  status: z.enum(DEAL_STATUSES),
  sellerIdx: z.number().int(),
  buyerIdx: z.number().int(),
  stockCount: z.number().int(),
  stockPerPrice: z.number().int(),
  totalPrice: z.number().int(),
  /** Who sent the terms on the table, and who may answer them (null once agreed or ended). */
  proposedBy: z.number().int(),
  awaiting: z.number().int().nullable(),
  sellerConfirmedAt: z.string().nullable(),
  buyerConfirmedAt: z.string().nullable(),
  agreedAt: z.string().nullable(),
  /** An agreed deal lapses at this time unless both confirm. */
  lapsesAt: z.string().nullable(),
  declineReason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the reader may still review the other side of this confirmed deal. */
  reviewable: z.boolean(),
});
export type Deal = z.infer<typeof dealSchema>;

export const messageSchema = z.object({
  messageId: z.number().int(),
  conversationId: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  /** null for what the site itself wrote (a deal that lapsed). */
  sender: person.nullable(),
  text: z.string(),
  /** The deal step this entry records, with its terms at the time. */
  dealId: z.number().int().nullable(),
  stockCount: z.number().int().nullable(),
  stockPerPrice: z.number().int().nullable(),
  /** Why the recipient is shown the caution line; empty when none. */
  cautions: z.array(z.enum(MESSAGE_CAUTIONS)),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationListingSchema = z.object({
  tradeIdx: z.number().int(),
  companyIdx: z.number().int(),
  companyName: z.string(),
  companyLogoUrl: z.string(),
  tradeType: z.number().int(),
  stockPerPrice: z.number().int(),
  stockCount: z.number().int(),
  openStockCount: z.number().int(),
  tradeStatus: z.number().int(),
  stockCountNegotiationFlag: z.boolean(),
  stockPriceNegotiationFlag: z.boolean(),
  /** The listing's owner. */
  ownerIdx: z.number().int(),
});

export const conversationSummarySchema = z.object({
  conversationId: z.number().int(),
  counterpart: person,
  listing: conversationListingSchema,
  lastMessage: z
    .object({
      kind: z.enum(MESSAGE_KINDS),
      text: z.string(),
      createdAt: z.string(),
      mine: z.boolean(),
      /** The terms of a deal step ('거래 제안 · 12주 × 231,000원'); null for a text. */
      stockCount: z.number().int().nullable(),
      stockPerPrice: z.number().int().nullable(),
    })
    .nullable(),
  unreadCount: z.number().int(),
  /** The deal going on in it, if any (an offer or an agreement). */
  liveDeal: z.object({ dealId: z.number().int(), status: z.enum(DEAL_STATUSES) }).nullable(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  data: z.array(conversationSummarySchema),
  total: z.number().int(),
  /** Unread messages over all of the member's conversations (the header's badge). */
  unreadCount: z.number().int(),
});

export const conversationDetailSchema = conversationSummarySchema.extend({
  deals: z.array(dealSchema),
  /** The newest message the other side has read (read receipts); 0 before they read anything. */
  counterpartReadMessageId: z.number().int(),
  myReadMessageId: z.number().int(),
  /** I blocked them / they blocked me: no offers or messages either way; agreed deals can still be settled. */
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
  reportedByMe: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** GET /api/conversations/unread: the header's badge. */
export const unreadSchema = z.object({ unreadCount: z.number().int() });

export const dealStartedSchema = z.object({ dealId: z.number().int(), conversationId: z.number().int() });

export const memberReviewSchema = z.object({
  good: z.boolean(),
  tags: z.array(z.string()),
  text: z.string(),
  reviewer: person,
  createdAt: z.string(),
});

/** GET /api/members/{userIdx}: a member's public page. */
export const memberPageSchema = z.object({
  userIdx: z.number().int(),
  userNickname: z.string(),
  profileImageUrl: z.string(),
  expertType: z.string(),
  expertName: z.string(),
  memberSince: z.string(),
  identityVerified: z.boolean(),
  confirmedTrades: z.number().int(),
  goodReviews: z.number().int(),
  badReviews: z.number().int(),
  /** Tags others chose, most chosen first. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int(), good: z.boolean() })),
  reviews: z.array(memberReviewSchema),
  /** Their open listings, newest first (at most 20). */
  listings: z.array(tradeSchema),
  deleted: z.boolean(),
});
export type MemberPage = z.infer<typeof memberPageSchema>;

/** What the live channel (GET /api/live, Server-Sent Events) sends; each event's data is one of these. */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), conversationId: z.number().int(), message: messageSchema, unreadCount: z.number().int() }),
  z.object({ type: z.literal('deal'), conversationId: z.number().int(), deal: dealSchema }),
  /** `readerIdx` read up to `messageId`: the other side shows '읽음'; the reader's own tabs get their new unread total. */
  z.object({
    type: z.literal('read'),
    conversationId: z.number().int(),
    readerIdx: z.number().int(),
    messageId: z.number().int(),
    unreadCount: z.number().int().optional(),
  }),
  /** A new notification (issue 23), with the member's unread total; and the total after reading. */
  z.object({ type: z.literal('notification'), notification: notificationSchema, unreadCount: z.number().int() }),
  z.object({ type: z.literal('notifications-read'), unreadCount: z.number().int() }),
  /**
   * Read what is shown again: the server may have missed events (a reconnect of its bus), or a change
   * reached too many members to tell each one what it was (a price alert's fan-out, a campaign).
   */
  z.object({ type: z.literal('resync') }),
  /**
   * The header's two unread totals (messages, notifications), as the first event of a stream that
   * opens fresh: the browser need not read them after the open. A reconnection gets resync instead.
   */
  z.object({ type: z.literal('counts'), messages: z.number().int(), notifications: z.number().int() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
