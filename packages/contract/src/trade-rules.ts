import { MAX_PRICE_PER_SHARE, MAX_TOTAL_AMOUNT, PRICE_BAND_RATE } from './constants.ts';

/*
 * Kept apart from the zod schemas (trade-schemas.ts) so that the trade modal can use the very same
 * rules without loading zod; the server's schemas call them too.
 */

// ---------------------------------------------------------------------------------------------
// Money rules of spec §5 "Listing", shared by the trade modal and the server.
// ---------------------------------------------------------------------------------------------

/** Why a listing's amounts cannot be registered, checked in the spec's order (price, then total). */
export type ListingAmountProblem = 'priceTooHigh' | 'totalTooHigh';

/** Spec §5: price per share ≤ 99,999,999 and count × price ≤ 9,999,999,999,999 (integers only). */
export function listingAmountProblem(count: number, price: number): ListingAmountProblem | null {
  if (price > MAX_PRICE_PER_SHARE) return 'priceTooHigh';
  // BigInt: the product of two safe integers can exceed 2^53 and must not round.
  if (BigInt(Math.trunc(count)) * BigInt(Math.trunc(price)) > BigInt(MAX_TOTAL_AMOUNT)) return 'totalTooHigh';
  return null;
}

/**
 * Spec §5 price band: strictly inside 15 % of the current price on either side → no hint; at or
 * beyond the band → the red hint. Integer arithmetic (price·100 vs current·(100 ± 15)) so that
 * values exactly on the edge are always "at", never lost to floating point. Never blocks submit.
 */
export function isOutsidePriceBand(price: number, currentPrice: number): boolean {
  if (!(currentPrice > 0) || !(price > 0)) return false;
  const p = BigInt(Math.trunc(price)) * 100n;
  const c = BigInt(Math.trunc(currentPrice));
  return p <= c * BigInt(100 - PRICE_BAND_RATE) || p >= c * BigInt(100 + PRICE_BAND_RATE);
}

/** Digits only once thousands separators are removed (spec §5); '' stays '' and anything else is refused. */
export function parseAmountInput(text: string): string | null {
  const plain = text.replaceAll(',', '');
  if (plain === '') return '';
  if (!/^\d+$/.test(plain)) return null;
  return plain.replace(/^0+(?=\d)/, '');
}
