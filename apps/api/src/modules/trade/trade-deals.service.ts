import { ListingStatus } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { afterCommit } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import { createTradeDealsRepository } from './trade-deals.repository.ts';

/** A listing as a deal needs it, read under the deal's lock. */
export interface DealListing {
  id: number;
  companyId: number;
  companyName: string;
  ownerId: number;
  tradeType: number;
  stockCount: number;
  /** Shares neither agreed nor sold. */
  openCount: number;
  reservedCount: number;
  price: number;
  countNegotiable: boolean;
  priceNegotiable: boolean;
  /** In progress and before its end date. */
  open: boolean;
  /** When its owner last created or changed it (the price rule's 10 minutes). */
  listedAt: Date;
}

/**
 * The trade module's side of deals (issue 22): the deal module reads and changes listings only
 * through here, in its own transaction; every change tells all instances after the commit.
 */
export function createTradeDealsService(deps: { clock: Clock; bus: InvalidationBus; events: DomainEventBus }) {
  const { clock, bus } = deps;
  const repo = createTradeDealsRepository();
  const changed = (tx: Db, companyId: number) => afterCommit(tx, () => bus.publish(TOPICS.listings, String(companyId)));

  return {
    /** The listing, locked for the rest of the transaction; 404 when there is none. */
    async lock(tx: Db, tradeId: number): Promise<DealListing> {
      const r = await repo.lock(tx, tradeId);
      if (!r) throw new AppError(404, 'tradeNotFound', 'NOT_FOUND');
      const stockCount = Number(r.stock_count);
      return {
        id: Number(r.id),
        companyId: r.company_id,
        companyName: r.company_name,
        ownerId: r.user_id,
        tradeType: r.trade_type,
        stockCount,
        openCount: stockCount - Number(r.reserved_count) - Number(r.sold_count),
        reservedCount: Number(r.reserved_count),
        price: Number(r.stock_per_price),
        countNegotiable: r.count_negotiable,
        priceNegotiable: r.price_negotiable,
        open: r.status === ListingStatus.IN_PROGRESS && r.expires_at.getTime() > clock.now().getTime(),
        listedAt: r.updated_at,
      };
    },

    /** Holds `count` shares for an agreed deal; 409 when fewer are left. */
    async reserve(tx: Db, listing: DealListing, count: number): Promise<void> {
      if (!(await repo.reserve(tx, listing.id, count))) throw new AppError(409, 'notEnoughLeft', 'NOT_ENOUGH_LEFT');
      changed(tx, listing.companyId);
    },

    async release(tx: Db, listing: DealListing, count: number): Promise<void> {
      await repo.release(tx, listing.id, count);
      changed(tx, listing.companyId);
    },

    /** Both sides confirmed: the shares are sold; whether the listing finished with them. */
    async sell(tx: Db, listing: DealListing, count: number, price: number): Promise<boolean> {
      const finished = await repo.sell(tx, listing.id, count, price, clock.now());
      if (finished)
        await deps.events.emit(tx, 'listing.ended', {
          tradeId: listing.id,
          companyId: listing.companyId,
          userId: listing.ownerId,
          reason: 'SOLD',
        });
      changed(tx, listing.companyId);
      return finished;
    },
  };
}
export type TradeDealsService = ReturnType<typeof createTradeDealsService>;
