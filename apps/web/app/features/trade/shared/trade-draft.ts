import { type StockProfile, type Trade, type TradeCreateBody, TradeType, type TradeUpdateBody } from '@beesang/contract';

// The app shell (root, the stock page) uses this module, so it imports no contract value that lives
// beside zod schemas; the amount limits the modal checks are in draft-limits.ts.

/** The company a draft is for, with what the modal needs of it (logo, band, proof offer). */
export interface TradeCompany {
  companyIdx: number;
  companyName: string;
  companyLogoUrl: string;
  currentPrice: number;
  /** An UNISSUED-labelled company: its sale may carry a proof image. */
  unissued: boolean;
}

export type ProofKind = 'BANK' | 'CONTRACT';

/** Spec §3 "Trade params" as the modal edits them: amounts kept as digit strings while typing. */
export interface TradeDraft {
  /** 0 means new (spec §3). */
  tradeIdx: number;
  tradeType: TradeType;
  company: TradeCompany | null;
  count: string;
  price: string;
  countNegotiable: boolean;
  priceNegotiable: boolean;
  /** An uploaded proof of an unissued-stock sale; '' when none. */
  proofUrl: string;
  proofType: ProofKind;
}

export function companyOfProfile(p: StockProfile): TradeCompany {
  return {
    companyIdx: p.companyIdx,
    companyName: p.companyName,
    companyLogoUrl: p.companyLogoUrl,
    currentPrice: p.companyStockCurrentPrice,
    unissued: p.stockLabelType.includes('UNISSUED'),
  };
}

/** Defaults of spec §3 (SELL, nothing typed), keeping a company when there is one. */
export function emptyDraft(company: TradeCompany | null = null): TradeDraft {
  return {
    tradeIdx: 0,
    tradeType: TradeType.SELL,
    company,
    count: '',
    price: '',
    countNegotiable: false,
    priceNegotiable: false,
    proofUrl: '',
    proofType: 'BANK',
  };
}

/** Spec §4: opening for a stock pre-fills company, logo and its current price. */
export function createDraft(company: TradeCompany | null): TradeDraft {
  return { ...emptyDraft(company), price: company && company.currentPrice > 0 ? String(company.currentPrice) : '' };
}

/** Spec §4: edit starts from the listing's count, price and flags; company and side are locked. */
export function editDraft(trade: Trade, company: TradeCompany): TradeDraft {
  return {
    ...emptyDraft(company),
    tradeIdx: trade.tradeIdx,
    tradeType: trade.tradeType === TradeType.BUY ? TradeType.BUY : TradeType.SELL,
    count: String(trade.stockCount),
    price: String(trade.stockPerPrice),
    countNegotiable: trade.stockCountNegotiationFlag,
    priceNegotiable: trade.stockPriceNegotiationFlag,
  };
}

export const isEdit = (d: TradeDraft) => d.tradeIdx !== 0;

/** A typed amount: neither empty nor '0'. */
export const filled = (v: string) => v !== '' && v !== '0';

/** Spec §4: a company, and count and price both non-empty and not '0'. */
export function canSubmit(d: TradeDraft): boolean {
  return (d.company?.companyIdx ?? 0) !== 0 && filled(d.count) && filled(d.price);
}

/** count × price exactly (BigInt): totals past 2^53 must still compare and print right. */
export function totalOf(d: TradeDraft): bigint {
  return BigInt(d.count || '0') * BigInt(d.price || '0');
}

/** Whether the unissued-stock proof is offered: a new sale of an unissued company. */
export const offersProof = (d: TradeDraft) => !isEdit(d) && d.tradeType === TradeType.SELL && d.company?.unissued === true;

/**
 * POST body (spec §3): the proof image is the company logo on create and blank for a buy; the proof
 * check is asked for only with an uploaded proof of an unissued-stock sale.
 */
export function createBody(d: TradeDraft): TradeCreateBody {
  const sell = d.tradeType === TradeType.SELL;
  const withProof = offersProof(d) && d.proofUrl !== '';
  return {
    tradeType: d.tradeType,
    companyIdx: d.company?.companyIdx ?? 0,
    stockCount: Number(d.count),
    stockPerPrice: Number(d.price),
    stockCountNegotiationFlag: d.countNegotiable,
    stockPriceNegotiationFlag: d.priceNegotiable,
    stockTradeProofImageUrl: withProof ? d.proofUrl : sell ? (d.company?.companyLogoUrl ?? '') : '',
    unissuedStockProofCheckFlag: withProof,
    proofType: withProof ? d.proofType : 'NONE',
  };
}

/** PATCH body (spec §7): count, price and the two flags only. */
export function updateBody(d: TradeDraft): TradeUpdateBody {
  return {
    tradeIdx: d.tradeIdx,
    stockCount: Number(d.count),
    stockPerPrice: Number(d.price),
    stockCountNegotiationFlag: d.countNegotiable,
    stockPriceNegotiationFlag: d.priceNegotiable,
  };
}
