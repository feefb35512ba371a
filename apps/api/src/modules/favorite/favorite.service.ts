import { FAVORITES_MAX } from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import type { FavoriteRepository } from './favorite.repository.ts';

/** A member's favourite stocks (spec §4 favourite toggle, §7 Stock favourites): ordered, at most 100. */
export function createFavoriteService(deps: { repo: FavoriteRepository; stocks: StockService; clock: Clock }) {
  const { repo, stocks, clock } = deps;
  return {
    async idsOf(userId: number): Promise<Set<number>> {
      return new Set(await repo.ids(userId));
    },

    async list(userId: number, page: number, size: number) {
      const ids = await repo.ids(userId);
      const slice = ids.slice((page - 1) * size, page * size);
      return { data: await stocks.summaries(slice), total: ids.length, page, size };
    },

    /** Adding twice is not an error: a double tap leaves one favourite. */
    async add(userId: number, companyId: number): Promise<true> {
      await stocks.company(companyId);
      const outcome = await repo.add(userId, companyId, clock.now(), FAVORITES_MAX);
      if (outcome === 'full') throw new AppError(409, 'favoriteLimit', 'FAVORITE_LIMIT');
      return true;
    },

    /** Removing what is not there is not an error either (the flag the client saw may be stale). */
    async remove(userId: number, companyId: number): Promise<true> {
      await stocks.company(companyId);
      await repo.remove(userId, companyId);
      return true;
    },

    /** The new order must name exactly the member's favourites; anything else means the list changed elsewhere. */
    async reorder(userId: number, ids: number[]): Promise<true> {
      const current = await repo.ids(userId);
      const same = current.length === ids.length && ids.every((id) => current.includes(id));
      if (!same) throw new AppError(409, 'favoriteOrderStale', 'FAVORITES_CHANGED');
      await repo.reorder(userId, ids);
      return true;
    },
  };
}

export type FavoriteService = ReturnType<typeof createFavoriteService>;
