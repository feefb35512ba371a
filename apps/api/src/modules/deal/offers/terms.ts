import { dealMessages, MAX_TOTAL_AMOUNT, TradeType } from '@beesang/contract';
import { AppError } from '../../../lib/errors.ts';
import type { DealListing } from '../../trade/trade-deals.service.ts';

/**
 * Whether terms fit the listing (issue 22 §1): at most its open shares; for the member who did not
 * post it, the whole open count when the count is not negotiable and the listed price when the price
 * is not. The listing's owner may offer any terms on their own listing.
 */
export function checkTerms(listing: DealListing, byOwner: boolean, count: number, price: number): void {
  if (count > listing.openCount)
    throw new AppError(400, 'countTooMany', 'BAD_REQUEST', { fields: { stockCount: dealMessages.countTooMany } });
  if (BigInt(count) * BigInt(price) > BigInt(MAX_TOTAL_AMOUNT)) throw new AppError(400, 'totalTooHigh', 'BAD_REQUEST');
  if (byOwner) return;
  if (!listing.countNegotiable && count !== listing.openCount)
    throw new AppError(400, 'countFixed', 'BAD_REQUEST', { fields: { stockCount: dealMessages.countFixed } });
  if (!listing.priceNegotiable && price !== listing.price)
    throw new AppError(400, 'priceFixed', 'BAD_REQUEST', { fields: { stockPerPrice: dealMessages.priceFixed } });
}

/** Who sells and who buys: the owner of a sale sells to the member, the owner of a purchase buys from them. */
export function sidesOf(listing: DealListing, memberId: number) {
  return listing.tradeType === TradeType.SELL
    ? { sellerId: listing.ownerId, buyerId: memberId }
    : { sellerId: memberId, buyerId: listing.ownerId };
}
