import { FAVORITES_MAX, type StockSummary } from '@beesang/contract';
import { apiFetch } from '../../lib/api-client';

/** Spec §9: the favourites list is page 1; a page holds every favourite (at most 100). */
export const FAVORITES_PATH = `/api/stock/favorite/stock/list/1?size=${FAVORITES_MAX}`;
export const FAVORITE_ORDER_PATH = '/api/stock/update/favorite/stock/order';

export async function fetchFavorites(signal?: AbortSignal): Promise<StockSummary[]> {
  const page = await apiFetch<{ data: StockSummary[] }>(FAVORITES_PATH, { signal });
  return page.data;
}

/** Every favourite's companyIdx in the new order. */
export function saveFavoriteOrder(ids: number[]): Promise<boolean> {
  return apiFetch<boolean>(FAVORITE_ORDER_PATH, { method: 'POST', body: JSON.stringify({ interestingStockList: ids }) });
}
