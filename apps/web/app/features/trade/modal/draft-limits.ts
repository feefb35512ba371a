import { isOutsidePriceBand, listingAmountProblem } from '@beesang/contract';
import { filled, type TradeDraft } from '../shared/trade-draft';

// The contract's own rules (trade-rules.ts, zod-free), which the server's schemas apply too.

/** The red 15 % hint (spec §5): only with a company whose current price is known. */
export function showsBandHint(d: TradeDraft): boolean {
  return d.company !== null && filled(d.price) && isOutsidePriceBand(Number(d.price), d.company.currentPrice);
}

export const amountProblem = (d: TradeDraft) => listingAmountProblem(Number(d.count), Number(d.price));
