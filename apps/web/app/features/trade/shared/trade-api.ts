import {
  type CompanyMemberParts,
  type CompanySearchResult,
  type StockProfile,
  TRADE_PAGE_SIZE,
  type Trade,
  type TradeCreateBody,
  TradeType,
  type TradeUpdateBody,
} from '@beesang/contract';
import { apiFetch } from '../../../lib/api-client';
import type { ProofKind } from './trade-draft';

/** The marketplace calls of docs/marketplace-api.md that the trade modal and the listings tab make. */

export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  size: number;
}

/** Rows per side and page of the listings tab (the contract's: the member's parts of a company's page read the first). */
export { TRADE_PAGE_SIZE };

/** One side of a company's in-progress listings; the API orders it (pinned, then by price for the side). */
export function tradeListPath(companyIdx: number, tradeType: TradeType, page = 1, size = TRADE_PAGE_SIZE): string {
  return `/api/v2/trade/all/company/${companyIdx}?tradeType=${tradeType}&page=${page}&size=${size}`;
}

export function fetchTrades(companyIdx: number, tradeType: TradeType, page: number): Promise<Paged<Trade>> {
  return apiFetch<Paged<Trade>>(tradeListPath(companyIdx, tradeType, page));
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({ method, body: JSON.stringify(body), headers });

/** POST /api/trade/sell or /buy; the key makes a retried request (timeout, double click) create one listing. */
export function createTrade(body: TradeCreateBody, idempotencyKey: string): Promise<Trade> {
  const path = body.tradeType === TradeType.BUY ? '/api/trade/buy' : '/api/trade/sell';
  return apiFetch<Trade>(path, json('POST', body, { 'idempotency-key': idempotencyKey }));
}

export function updateTrade(tradeIdx: number, body: TradeUpdateBody): Promise<Trade> {
  return apiFetch<Trade>(`/api/trade/${tradeIdx}`, json('PATCH', body));
}

/** The agreed price per share; the server moves the company's current price to it. */
export function finishTrade(tradeIdx: number, finishedPrice: number): Promise<Trade> {
  return apiFetch<Trade>(`/api/trade/finish/${tradeIdx}`, json('POST', { finishedPrice }));
}

/** PUT /api/trade/proof/{tradeIdx}: the proof of an own unissued-stock sale, (re)attached; its check becomes PENDING. */
export function attachProof(tradeIdx: number, proof: { stockTradeProofImageUrl: string; proofType: ProofKind }): Promise<Trade> {
  return apiFetch<Trade>(`/api/trade/proof/${tradeIdx}`, json('PUT', proof));
}

export function deleteTrade(tradeIdx: number): Promise<boolean> {
  return apiFetch<boolean>(`/api/trade/${tradeIdx}`, { method: 'DELETE' });
}

export function searchCompanies(keyword: string, signal?: AbortSignal): Promise<CompanySearchResult[]> {
  return apiFetch<CompanySearchResult[]>(`/api/v2/stock/search/${encodeURIComponent(keyword)}`, { signal });
}

/**
 * A company's page, the signed-in member's parts in one read (decision 0037): the profile with their
 * star, each side's first listings with their marks, all their price alerts.
 */
export function fetchCompanyMemberParts(companyIdx: number): Promise<CompanyMemberParts> {
  return apiFetch<CompanyMemberParts>(`/api/web/stock/${companyIdx}/member`);
}

/** A chosen company's labels (is it unissued?) and fresh current price. */
export function fetchStockProfile(companyIdx: number, signal?: AbortSignal): Promise<StockProfile> {
  return apiFetch<StockProfile>(`/api/v2/stock/profile/${companyIdx}`, { signal });
}
