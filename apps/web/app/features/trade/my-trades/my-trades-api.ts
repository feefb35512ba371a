import { ListingStatus, type Trade } from '@beesang/contract';
import { apiFetch } from '../../../lib/api-client';
import type { Paged } from '../shared/trade-api';

/** GET /api/trade/my (docs/marketplace-api.md): the member's own listings, newest first, ended ones included. */

export const MY_TRADES_PAGE_SIZE = 20;

/** The filters of 내 매물 as the address bar spells them (?status=open), with the API's status for each. */
export const MY_TRADE_FILTERS = [
  { slug: 'all', status: undefined },
  { slug: 'open', status: ListingStatus.IN_PROGRESS },
  { slug: 'finished', status: ListingStatus.TRADE_FINISHED },
  { slug: 'expired', status: ListingStatus.TRADE_EXPIRED },
] as const;
export type MyTradeFilter = (typeof MY_TRADE_FILTERS)[number]['slug'];

export interface MyTradesQuery {
  filter: MyTradeFilter;
  page: number;
}

/** The page's query from its address; anything unknown or out of range reads as the first page of 전체. */
export function myTradesQuery(search: URLSearchParams): MyTradesQuery {
  const filter = MY_TRADE_FILTERS.find((f) => f.slug === search.get('status'))?.slug ?? 'all';
  const page = Number(search.get('page'));
  return { filter, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

/** The API's query for a page of 내 매물 (GET /api/trade/my). */
export function myTradesApiQuery(
  { filter, page }: MyTradesQuery,
  size = MY_TRADES_PAGE_SIZE,
): { status?: number; page: number; size: number } {
  const status = MY_TRADE_FILTERS.find((f) => f.slug === filter)?.status;
  return { ...(status !== undefined && { status }), page, size };
}

export function myTradesPath(query: MyTradesQuery, size = MY_TRADES_PAGE_SIZE): string {
  const { status, page } = myTradesApiQuery(query, size);
  return `/api/trade/my?${status === undefined ? '' : `status=${status}&`}page=${page}&size=${size}`;
}

export function fetchMyTrades(path: string, signal?: AbortSignal): Promise<Paged<Trade>> {
  return apiFetch<Paged<Trade>>(path, { signal });
}
