import {
  type AdminConversation,
  type ConversationSummary,
  type Deal,
  type DealPerson,
  type DealStatus,
  dealMessages,
  ListingStatus,
  type Message,
  type MessageCaution,
  type MessageKind,
} from '@beesang/contract';
import type { MessageRow } from '../conversations/messages.repository.ts';
import type { OperatorViewRepository } from '../conversations/operator-view.repository.ts';
import type { DealRow } from '../offers/deals.repository.ts';

/** A member as the other side sees them: '탈퇴한 회원' once they left, with nothing else of theirs. */
export function personOf(id: number, nickname: string | null, image: string | null, deletedAt: Date | null): DealPerson {
  const deleted = deletedAt !== null;
  return {
    userIdx: id,
    userNickname: deleted ? dealMessages.deletedMember : (nickname ?? ''),
    profileImageUrl: deleted ? '' : (image ?? ''),
    deleted,
  };
}

/** A conversation's listing as read with it (conversations.repository's summaries, the operator's reading). */
export interface ListingRow {
  trade_id: number | string;
  company_id: number;
  company_name: string;
  company_logo_url: string;
  trade_type: number;
  stock_per_price: number | string;
  stock_count: number | string;
  reserved_count: number | string;
  sold_count: number | string;
  trade_status: number;
  expires_at: Date;
  count_negotiable: boolean;
  price_negotiable: boolean;
  owner_id: number;
}

/** The listing a conversation is about, as it stands at `now`: shares still open, and expired once past its end. */
export function listingOf(r: ListingRow, now: Date): ConversationSummary['listing'] {
  const openCount = Number(r.stock_count) - Number(r.reserved_count) - Number(r.sold_count);
  const open = r.trade_status === ListingStatus.IN_PROGRESS && r.expires_at.getTime() > now.getTime();
  return {
    tradeIdx: Number(r.trade_id),
    companyIdx: r.company_id,
    companyName: r.company_name,
    companyLogoUrl: r.company_logo_url,
    tradeType: r.trade_type,
    stockPerPrice: Number(r.stock_per_price),
    stockCount: Number(r.stock_count),
    openStockCount: openCount,
    tradeStatus: r.trade_status === ListingStatus.IN_PROGRESS && !open ? ListingStatus.TRADE_EXPIRED : r.trade_status,
    stockCountNegotiationFlag: r.count_negotiable,
    stockPriceNegotiationFlag: r.price_negotiable,
    ownerIdx: r.owner_id,
  };
}

export function toMessage(r: MessageRow): Message {
  return {
    messageId: Number(r.id),
    conversationId: Number(r.conversation_id),
    kind: r.kind as MessageKind,
    sender: r.sender_id === null ? null : personOf(r.sender_id, r.sender_nickname, r.sender_image, r.sender_deleted_at),
    text: r.text,
    dealId: r.deal_id === null ? null : Number(r.deal_id),
    stockCount: r.stock_count === null ? null : Number(r.stock_count),
    stockPerPrice: r.stock_per_price === null ? null : Number(r.stock_per_price),
    cautions: r.cautions as MessageCaution[],
    createdAt: r.created_at.toISOString(),
  };
}

export function toDeal(r: DealRow, reviewable = false): Deal {
  const count = Number(r.stock_count);
  const price = Number(r.stock_per_price);
  return {
    dealId: Number(r.id),
    conversationId: Number(r.conversation_id),
    tradeIdx: Number(r.trade_id),
    companyIdx: r.company_id,
    status: r.status as DealStatus,
    sellerIdx: r.seller_id,
    buyerIdx: r.buyer_id,
    stockCount: count,
    stockPerPrice: price,
    totalPrice: count * price,
    proposedBy: r.proposed_by,
    awaiting: r.awaiting,
    sellerConfirmedAt: r.seller_confirmed_at?.toISOString() ?? null,
    buyerConfirmedAt: r.buyer_confirmed_at?.toISOString() ?? null,
    agreedAt: r.agreed_at?.toISOString() ?? null,
    lapsesAt: r.lapses_at?.toISOString() ?? null,
    declineReason: r.decline_reason,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    reviewable,
  };
}

type OperatorRow = NonNullable<Awaited<ReturnType<OperatorViewRepository['conversation']>>>;

/** A reported conversation as an operator reads it (the staff module adds the reports on it). */
export function operatorViewOf(
  c: OperatorRow,
  messages: { rows: MessageRow[]; total: number },
  now: Date,
): Omit<AdminConversation, 'reportCount' | 'reportedBy'> {
  return {
    conversationId: Number(c.id),
    listing: listingOf(c, now),
    owner: personOf(c.owner_id, c.owner_nickname, c.owner_image, c.owner_deleted_at),
    member: personOf(c.member_id, c.member_nickname, c.member_image, c.member_deleted_at),
    messages: messages.rows.map(toMessage),
    messageCount: messages.total,
    createdAt: c.created_at.toISOString(),
  };
}
