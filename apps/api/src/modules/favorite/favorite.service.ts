import { FAVORITES_MAX } from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MemberView } from '../../lib/member-view.ts';
import type { StockService } from '../stock/stock.service.ts';
import type { FavoriteRepository } from './favorite.repository.ts';

/**
 * A member's favourites read once: the ids, and the same list (in the member's order) as one string,
 * '' for none. An answer that differs between members only by their favourites is kept under the key.
 */
export interface Favorites {
  ids: ReadonlySet<number>;
  key: string;
}

/** A visitor's, or a member's without any. */
export const NO_FAVORITES: Favorites = { ids: new Set(), key: '' };

/** A member's favourite stocks (spec §4 favourite toggle, §7 Stock favourites): ordered, at most 100. */
export function createFavoriteService(deps: {
  repo: FavoriteRepository;
  stocks: StockService;
  clock: Clock;
  /** Each member's favourites kept per instance (issue 24): every page and search a member opens reads them. */
  view?: MemberView<readonly number[]>;
}) {
  const { repo, stocks, clock } = deps;
  const ids = (userId: number) => (deps.view ? deps.view.get(userId, 'ids', () => repo.ids(userId)) : repo.ids(userId));
  const sets = new WeakMap<readonly number[], Favorites>();
  /** One read of the list, as a set and as its key; the same objects while it does not change. */
  const favoritesOfList = (list: readonly number[]): Favorites => {
    let found = sets.get(list);
    if (!found) {
      found = { ids: new Set(list), key: list.join('.') };
      sets.set(list, found);
    }
    return found;
  };
  /** One page of the member's list, with the key of the list it was made from and the companies on it. */
  async function keyedPage(userId: number, page: number, size: number) {
    const all = await ids(userId);
    const companyIds = all.slice((page - 1) * size, page * size);
    return {
      key: favoritesOfList(all).key,
      companyIds,
      make: async () => ({ data: await stocks.summaries(companyIds), total: all.length, page, size }),
    };
  }
  return {
    /** The member's favourites, as a set and as the key of what differs between members by them alone. */
    async favoritesOf(userId: number): Promise<Favorites> {
      return favoritesOfList(await ids(userId));
    },

    /**
     * One page of the member's list as `list` answers it, with the key of the list it was made from
     * (favoritesOf's) and the companies on it: what a kept answer is kept under and dropped by.
     */
    keyedPage,

    async list(userId: number, page: number, size: number) {
      return (await keyedPage(userId, page, size)).make();
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
    /** A favourite's listing alert; 404 when the company is not a favourite of the member. */
    async alert(userId: number, companyId: number) {
      const row = await repo.alert(userId, companyId);
      if (!row) throw new AppError(404, 'favoriteNotFound', 'NOT_FOUND');
      return {
        companyIdx: companyId,
        enabled: row.listing_alert,
        price: row.listing_alert_price === null ? null : Number(row.listing_alert_price),
      };
    },
    async setAlert(userId: number, companyId: number, enabled: boolean, price: number | null) {
      if (!(await repo.setAlert(userId, companyId, enabled, price))) throw new AppError(404, 'favoriteNotFound', 'NOT_FOUND');
      return { companyIdx: companyId, enabled, price };
    },
    /** Who hears of a new listing on `companyId` (the notification module asks). */
    alertTakers: (companyId: number, sale: boolean, price: number, except: number) => repo.alertTakers(companyId, sale, price, except),

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
