import { type Deal, SanctionState, UserLevel } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DomainEventBus } from '../../../lib/domain-events.ts';
import { AppError } from '../../../lib/errors.ts';
import type { PriceService } from '../../stock/price/price.service.ts';
import type { TradeDealsService } from '../../trade/trade-deals.service.ts';
import type { ConversationService, DealMember } from '../conversations/conversation.service.ts';
import { toDeal } from '../shared/views.ts';
import type { DealService } from './deal.service.ts';
import type { DealRow, DealsRepository } from './deals.repository.ts';

const LAPSE_BATCH = 200;

/**
 * Settling an agreed deal (issue 22 §2): each side confirms that the shares and the money changed
 * hands, or cancels; confirmed by both, it is a confirmed trade: the shares are sold and the stock
 * module's price rule judges it (it alone writes prices). Not confirmed within 7 days, it lapses.
 */
export function createSettleService(deps: {
  db: Db;
  deals: DealsRepository;
  offers: DealService;
  conversations: ConversationService;
  trades: TradeDealsService;
  prices: PriceService;
  clock: Clock;
  memberChanged: (tx: Db, userId: number) => void;
  events: DomainEventBus;
}) {
  const { db, deals, offers, conversations, trades, prices, clock } = deps;
  const terms = (d: DealRow) => ({ id: Number(d.id), count: Number(d.stock_count), price: Number(d.stock_per_price) });

  /** An agreed deal still within its 7 days; one past them lapses first and the caller is told it changed. */
  async function agreed(tx: Db, dealId: number, memberId: number): Promise<DealRow> {
    const d = await offers.ours(tx, dealId, memberId);
    if (d.status !== 'AGREED') throw new AppError(409, 'dealStateChanged', 'DEAL_STATE');
    if (d.lapses_at && d.lapses_at.getTime() <= clock.now().getTime()) throw new AppError(409, 'dealStateChanged', 'DEAL_STATE');
    return d;
  }

  /** Both confirmed: sold, and handed to the price rule with both sides as they stand now. */
  async function complete(tx: Db, d: DealRow, now: Date): Promise<DealRow> {
    const listing = await trades.lock(tx, Number(d.trade_id));
    await trades.sell(tx, listing, Number(d.stock_count), Number(d.stock_per_price));
    const parties = await deals.parties(tx, d.seller_id, d.buyer_id);
    const owner = parties.get(listing.ownerId);
    const counterpartyId = listing.ownerId === d.seller_id ? d.buyer_id : d.seller_id;
    const counterparty = parties.get(counterpartyId);
    const sanctioned = (p: typeof owner) => !p || p.deleted_at !== null || p.sanction_state !== SanctionState.NORMAL;
    await prices.recordFinish(tx, {
      tradeId: listing.id,
      companyId: listing.companyId,
      userId: listing.ownerId,
      ownerVerified: (owner?.user_level ?? 0) >= UserLevel.REGULAR,
      ownerSanctioned: sanctioned(owner),
      listedAt: listing.listedAt,
      at: now,
      price: Number(d.stock_per_price),
      count: Number(d.stock_count),
      deal: {
        dealId: Number(d.id),
        counterpartyId,
        counterpartyVerified: (counterparty?.user_level ?? 0) >= UserLevel.REGULAR,
        counterpartySanctioned: sanctioned(counterparty),
        // One person with two accounts is one person: their identity (DI) tells.
        samePerson: !owner?.di_hash || !counterparty?.di_hash || owner.di_hash === counterparty.di_hash,
      },
    });
    deps.memberChanged(tx, d.seller_id);
    deps.memberChanged(tx, d.buyer_id);
    return deals.update(tx, Number(d.id), { status: 'CONFIRMED', ended_at: now, updated_at: now });
  }

  return {
    /** My side confirms; the second confirmation makes it a confirmed trade. */
    async confirm(member: DealMember, dealId: number): Promise<Deal> {
      if (member.sanction_state >= SanctionState.STOP_TRADE) throw new AppError(403, 'stopTrade', 'SANCTIONED');
      return unitOfWork(db, async (tx) => {
        const d = await agreed(tx, dealId, member.id);
        const now = clock.now();
        const seller = d.seller_id === member.id;
        if (seller ? d.seller_confirmed_at : d.buyer_confirmed_at) return toDeal(d);
        let updated = await deals.update(tx, dealId, {
          ...(seller ? { seller_confirmed_at: now } : { buyer_confirmed_at: now }),
          updated_at: now,
        });
        const both = updated.seller_confirmed_at !== null && updated.buyer_confirmed_at !== null;
        await conversations.post(tx, Number(d.conversation_id), { senderId: member.id, kind: 'CONFIRM', text: '', deal: terms(d) });
        if (both) {
          updated = await complete(tx, updated, now);
          await conversations.post(tx, Number(d.conversation_id), { senderId: null, kind: 'COMPLETE', text: '', deal: terms(d) });
        } else {
          const listing = await trades.lock(tx, Number(d.trade_id));
          await deps.events.emit(tx, 'deal.confirmed-by-one', {
            dealId,
            conversationId: Number(d.conversation_id),
            to: seller ? d.buyer_id : d.seller_id,
            from: member.id,
            companyName: listing.companyName,
          });
        }
        offers.announce(tx, updated);
        return toDeal(updated, both);
      });
    },

    /** Either side calls off an agreed deal; the shares go back to the listing. */
    async cancel(member: DealMember, dealId: number): Promise<Deal> {
      return unitOfWork(db, async (tx) => {
        const d = await agreed(tx, dealId, member.id);
        const now = clock.now();
        await trades.release(tx, await trades.lock(tx, Number(d.trade_id)), Number(d.stock_count));
        const updated = await deals.update(tx, dealId, { status: 'CANCELLED', ended_at: now, updated_at: now });
        await conversations.post(tx, Number(d.conversation_id), { senderId: member.id, kind: 'CANCEL', text: '', deal: terms(d) });
        offers.announce(tx, updated);
        return toDeal(updated);
      });
    },

    /** Agreed deals lapsing within `hours` (their members are told a day ahead: issue 23). */
    async lapsingWithin(hours: number) {
      const now = clock.now();
      const rows = await deps.deals.lapsingBetween(now, new Date(now.getTime() + hours * 3_600_000));
      return rows.map((r) => ({
        dealId: Number(r.id),
        conversationId: Number(r.conversation_id),
        sellerId: r.seller_id,
        buyerId: r.buyer_id,
        lapsesAt: r.lapses_at as Date,
        companyName: r.company_name,
      }));
    },

    /**
     * The housekeeping step: agreed deals past their 7 days lapse and give their shares back. Rows
     * another instance is lapsing are skipped, so several instances never lapse one twice. How many.
     */
    async lapseDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const n = await unitOfWork(db, async (tx) => {
          const now = clock.now();
          const due = await deals.lapsing(tx, now, LAPSE_BATCH);
          for (const d of due) {
            await trades.release(tx, await trades.lock(tx, Number(d.trade_id)), Number(d.stock_count));
            const updated = await deals.update(tx, Number(d.id), { status: 'LAPSED', ended_at: now, updated_at: now });
            await conversations.post(tx, Number(d.conversation_id), { senderId: null, kind: 'LAPSE', text: '', deal: terms(d) });
            offers.announce(tx, updated);
          }
          return due.length;
        });
        total += n;
        if (n < LAPSE_BATCH) return total;
      }
    },
  };
}
export type SettleService = ReturnType<typeof createSettleService>;
