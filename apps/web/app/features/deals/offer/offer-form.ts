import { DEAL_MESSAGE_MAX, isOutsidePriceBand, listingAmountProblem, dealMessages as m, TradeType, tradeMessages } from '@beesang/contract';

/** What an offer needs of the listing it is made on (a listing row, or a conversation's listing). */
export interface OfferListing {
  tradeIdx: number;
  companyIdx: number;
  companyName: string;
  companyLogoUrl: string;
  tradeType: number;
  stockPerPrice: number;
  stockCount: number;
  openStockCount: number;
  stockCountNegotiationFlag: boolean;
  stockPriceNegotiationFlag: boolean;
}

/** Count, price (digit strings while typing) and the message of an offer or a counter-offer. */
export interface TermsDraft {
  count: string;
  price: string;
  message: string;
}

export type TermsErrors = Partial<Record<keyof TermsDraft, string>>;

export const countFixed = (l: OfferListing) => !l.stockCountNegotiationFlag;
export const priceFixed = (l: OfferListing) => !l.stockPriceNegotiationFlag;

/** A fixed count is the whole open count; a fixed price is the listing's (issue 22). */
export function initialTerms(l: OfferListing, from?: { stockCount: number; stockPerPrice: number }): TermsDraft {
  return {
    count: countFixed(l) ? String(l.openStockCount) : from ? String(from.stockCount) : '',
    price: String(priceFixed(l) ? l.stockPerPrice : (from?.stockPerPrice ?? l.stockPerPrice)),
    message: '',
  };
}

const filled = (v: string) => v !== '' && Number(v) > 0;

/**
 * Why the terms cannot be sent, field by field, in the contract's words. `submitted`: the required
 * fields count only once the member tried to send; limits show while typing.
 */
export function termsErrors(d: TermsDraft, l: OfferListing, opts: { messageRequired: boolean; submitted: boolean }): TermsErrors {
  const errors: TermsErrors = {};
  const count = Number(d.count);
  const price = Number(d.price);
  if (!filled(d.count)) {
    if (opts.submitted) errors.count = m.offerCountRequired;
  } else if (count > l.openStockCount) errors.count = m.countTooMany;
  else if (countFixed(l) && count !== l.openStockCount) errors.count = m.countFixed;
  if (!filled(d.price)) {
    if (opts.submitted) errors.price = m.offerPriceRequired;
  } else if (priceFixed(l) && price !== l.stockPerPrice) errors.price = m.priceFixed;
  else {
    const problem = listingAmountProblem(filled(d.count) ? count : 1, price);
    if (problem) errors.price = tradeMessages[problem];
  }
  if (d.message.length > DEAL_MESSAGE_MAX) errors.message = m.messageTooLong;
  else if (opts.messageRequired && opts.submitted && d.message.trim() === '') errors.message = m.firstMessageRequired;
  return errors;
}

export const hasErrors = (e: TermsErrors) => Object.keys(e).length > 0;

/** count × price exactly (BigInt), so that a large total prints right. */
export const totalOf = (d: TermsDraft) => BigInt(d.count || '0') * BigInt(d.price || '0');

/** The red ±15 % hint of the trade modal, against the company's current price when it is known. */
export const showsBandHint = (d: TermsDraft, currentPrice: number | null) =>
  currentPrice !== null && filled(d.price) && isOutsidePriceBand(Number(d.price), currentPrice);

/** The member making the offer buys from a sell listing and sells to a buy listing. */
export const offerBuys = (l: Pick<OfferListing, 'tradeType'>) => l.tradeType !== TradeType.BUY;

/** The API's field names, for the errors a 400 answers under them. */
export const FIELD_OF: Record<string, keyof TermsDraft> = { stockCount: 'count', stockPerPrice: 'price', message: 'message' };
