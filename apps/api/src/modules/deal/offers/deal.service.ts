import { DEAL_LAPSE_MS, type Deal, type DealOfferData, SanctionState, UserLevel } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { idempotent } from '../../../db/idempotency.ts';
import { afterCommit, unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DomainEventBus } from '../../../lib/domain-events.ts';
import { AppError } from '../../../lib/errors.ts';
import type { TradeDealsService } from '../../trade/trade-deals.service.ts';
import type { ConversationService, DealMember } from '../conversations/conversation.service.ts';
import type { LiveSender } from '../shared/live.ts';
import { toDeal } from '../shared/views.ts';
import type { DealRow, DealsRepository } from './deals.repository.ts';
import { checkTerms, sidesOf } from './terms.ts';

/** Offers need a verified member whose sanctions allow trading (issue 22 §1, §4). */
function assertMayDeal(member: DealMember) {
  if (member.sanction_state >= SanctionState.STOP_TRADE) throw new AppError(403, 'stopTrade', 'SANCTIONED');
  if (member.user_level < UserLevel.REGULAR) throw new AppError(403, 'needsVerification', 'IDENTITY_REQUIRED');
}

/**
 * Offers (issue 22 §1): a member's offer on a listing, and the back and forth until one side
 * accepts (the shares are then held for the two), declines with a reason, or its sender withdraws
 * it. Settling an agreed deal is in settle.service.ts.
 */
export function createDealService(deps: {
  db: Db;
  deals: DealsRepository;
  conversations: ConversationService;
  trades: TradeDealsService;
  live: LiveSender;
  clock: Clock;
  /** Deal steps announced for the other side's notifications (issue 23). */
  events: DomainEventBus;
}) {
  const { db, deals, conversations, trades, live, clock, events } = deps;

  /** The deal, locked, for one of its two members; 404 for anyone else. */
  async function ours(tx: Db, dealId: number, memberId: number): Promise<DealRow> {
    const d = await deals.lock(tx, dealId);
    if (!d || (d.seller_id !== memberId && d.buyer_id !== memberId)) throw new AppError(404, 'dealNotFound', 'NOT_FOUND');
    return d;
  }

  /** Tells both sides' open pages the deal changed, after the commit. */
  function announce(tx: Db, d: DealRow) {
    // Announced as it changes: a deal confirmed just now has no review yet, so both sides may write one.
    const deal = toDeal(d, d.status === 'CONFIRMED');
    afterCommit(tx, () => live.send([d.seller_id, d.buyer_id], { type: 'deal', conversationId: Number(d.conversation_id), deal }));
  }

  async function awaitingOffer(tx: Db, dealId: number, member: DealMember) {
    const d = await ours(tx, dealId, member.id);
    if (d.status !== 'OFFERED') throw new AppError(409, 'dealStateChanged', 'DEAL_STATE');
    if (d.awaiting !== member.id) throw new AppError(409, 'notYourTurn', 'NOT_YOUR_TURN');
    return d;
  }

  async function notBlocked(tx: Db, d: DealRow) {
    if (await conversations.blocked(tx, d.seller_id, d.buyer_id)) throw new AppError(403, 'blocked', 'BLOCKED');
  }

  return {
    ours,
    announce,

    /** Whether the member already talks with the listing's owner about it (a new conversation counts against a daily limit). */
    async startsConversation(memberId: number, tradeId: number): Promise<boolean> {
      return !(await conversations.existing(tradeId, memberId));
    },

    async offer(member: DealMember, body: DealOfferData, key: string | undefined) {
      assertMayDeal(member);
      const now = clock.now();
      return idempotent(db, { userId: member.id, route: 'POST /api/deals', key, request: body, now }, async (tx) => {
        const listing = await trades.lock(tx, body.tradeIdx);
        if (listing.ownerId === member.id) throw new AppError(403, 'ownListing', 'OWN_LISTING');
        if (!listing.open || listing.openCount <= 0) throw new AppError(409, 'listingClosed', 'LISTING_CLOSED');
        checkTerms(listing, false, body.stockCount, body.stockPerPrice);
        if (await conversations.blocked(tx, member.id, listing.ownerId)) throw new AppError(403, 'blocked', 'BLOCKED');
        const conversationId = await conversations.open(tx, { tradeId: listing.id, ownerId: listing.ownerId, memberId: member.id });
        if (await deals.offerIn(tx, conversationId)) throw new AppError(409, 'offerOpen', 'OFFER_OPEN');
        const dealId = await deals.insert(tx, {
          conversationId,
          tradeId: listing.id,
          companyId: listing.companyId,
          ...sidesOf(listing, member.id),
          count: body.stockCount,
          price: body.stockPerPrice,
          proposedBy: member.id,
          awaiting: listing.ownerId,
          at: now,
        });
        await conversations.post(tx, conversationId, {
          senderId: member.id,
          kind: 'OFFER',
          text: body.message,
          deal: { id: dealId, count: body.stockCount, price: body.stockPerPrice },
        });
        announce(tx, (await deals.lock(tx, dealId)) as DealRow);
        await events.emit(tx, 'deal.offered', {
          dealId,
          conversationId,
          to: listing.ownerId,
          from: member.id,
          count: body.stockCount,
          price: body.stockPerPrice,
          companyName: listing.companyName,
        });
        return { dealId, conversationId };
      });
    },

    /** New terms from whoever the last ones await; the other side answers them next. */
    async counter(member: DealMember, dealId: number, body: { stockCount: number; stockPerPrice: number; message?: string | undefined }) {
      assertMayDeal(member);
      return unitOfWork(db, async (tx) => {
        const d = await awaitingOffer(tx, dealId, member);
        await notBlocked(tx, d);
        const listing = await trades.lock(tx, Number(d.trade_id));
        if (!listing.open) throw new AppError(409, 'listingClosed', 'LISTING_CLOSED');
        checkTerms(listing, listing.ownerId === member.id, body.stockCount, body.stockPerPrice);
        const other = d.seller_id === member.id ? d.buyer_id : d.seller_id;
        const updated = await deals.update(tx, dealId, {
          stock_count: body.stockCount,
          stock_per_price: body.stockPerPrice,
          proposed_by: member.id,
          awaiting: other,
          updated_at: clock.now(),
        });
        await conversations.post(tx, Number(d.conversation_id), {
          senderId: member.id,
          kind: 'COUNTER',
          text: body.message ?? '',
          deal: { id: dealId, count: body.stockCount, price: body.stockPerPrice },
        });
        announce(tx, updated);
        await events.emit(tx, 'deal.countered', {
          dealId,
          conversationId: Number(d.conversation_id),
          to: other,
          from: member.id,
          count: body.stockCount,
          price: body.stockPerPrice,
          companyName: listing.companyName,
        });
        return toDeal(updated);
      });
    },

    /** Agreed: the terms are fixed and the listing's shares held for the two until both confirm or 7 days pass. */
    async accept(member: DealMember, dealId: number): Promise<Deal> {
      assertMayDeal(member);
      return unitOfWork(db, async (tx) => {
        const d = await awaitingOffer(tx, dealId, member);
        await notBlocked(tx, d);
        const listing = await trades.lock(tx, Number(d.trade_id));
        if (!listing.open) throw new AppError(409, 'listingClosed', 'LISTING_CLOSED');
        await trades.reserve(tx, listing, Number(d.stock_count));
        const now = clock.now();
        const updated = await deals.update(tx, dealId, {
          status: 'AGREED',
          awaiting: null,
          agreed_at: now,
          lapses_at: new Date(now.getTime() + DEAL_LAPSE_MS),
          updated_at: now,
        });
        await conversations.post(tx, Number(d.conversation_id), {
          senderId: member.id,
          kind: 'ACCEPT',
          text: '',
          deal: { id: dealId, count: Number(d.stock_count), price: Number(d.stock_per_price) },
        });
        announce(tx, updated);
        await events.emit(tx, 'deal.accepted', {
          dealId,
          conversationId: Number(d.conversation_id),
          to: d.proposed_by,
          from: member.id,
          count: Number(d.stock_count),
          price: Number(d.stock_per_price),
          companyName: listing.companyName,
        });
        return toDeal(updated);
      });
    },

    async decline(member: DealMember, dealId: number, reason: string): Promise<Deal> {
      return unitOfWork(db, async (tx) => {
        const d = await awaitingOffer(tx, dealId, member);
        const now = clock.now();
        const updated = await deals.update(tx, dealId, {
          status: 'DECLINED',
          awaiting: null,
          decline_reason: reason,
          ended_at: now,
          updated_at: now,
        });
        await conversations.post(tx, Number(d.conversation_id), {
          senderId: member.id,
          kind: 'DECLINE',
          text: reason,
          deal: { id: dealId, count: Number(d.stock_count), price: Number(d.stock_per_price) },
        });
        announce(tx, updated);
        return toDeal(updated);
      });
    },

    /** Its sender takes an offer back, until it is accepted. */
    async withdraw(member: DealMember, dealId: number): Promise<Deal> {
      return unitOfWork(db, async (tx) => {
        const d = await ours(tx, dealId, member.id);
        if (d.status !== 'OFFERED') throw new AppError(409, 'dealStateChanged', 'DEAL_STATE');
        if (d.proposed_by !== member.id) throw new AppError(409, 'notYourTurn', 'NOT_YOUR_TURN');
        const now = clock.now();
        const updated = await deals.update(tx, dealId, { status: 'WITHDRAWN', awaiting: null, ended_at: now, updated_at: now });
        await conversations.post(tx, Number(d.conversation_id), {
          senderId: member.id,
          kind: 'WITHDRAW',
          text: '',
          deal: { id: dealId, count: Number(d.stock_count), price: Number(d.stock_per_price) },
        });
        announce(tx, updated);
        return toDeal(updated);
      });
    },
  };
}
export type DealService = ReturnType<typeof createDealService>;
export { assertMayDeal };
