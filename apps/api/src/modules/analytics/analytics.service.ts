import { PAGE_VIEW_WINDOW_MS, PAGE_VIEWS_PER_ADDRESS, seoulDay } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { StockService } from '../stock/stock.service.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

const STOCK_PATH = /^\/stock\/(\d{1,9})\/?$/;

/**
 * Crawlers and link previews: their visits are not people looking at a company. Scripts that
 * pretend otherwise are held by the visitor and address marks instead.
 */
const KNOWN_BOTS =
  /bot\b|bot\/|crawl|spider|slurp|yeti\/|daumoa|bingpreview|facebookexternalhit|embedly|kakaotalk-scrap|lighthouse|pingdom|python-requests|curl\/|wget\//i;

export function isKnownBot(userAgent: string | undefined): boolean {
  return !userAgent || KNOWN_BOTS.test(userAgent);
}

export interface Visitor {
  /**
   * Who is looking: the signed visitor cookie; without one, the cookie just issued and a hash of
   * address and agent together (a script that drops cookies is still one visitor, and a browser's
   * first view is not counted again once it sends its new cookie).
   */
  keys: string[];
  /** Where from: a hash of the address, which caps how many visitors one address can be. */
  address: string;
  bot: boolean;
}

/**
 * Page views (spec §2). Every view is logged; a view of a company counts toward 조회 상위 once per
 * visitor per company per 30 minutes, at most 10 visitors per address in that window, never for
 * known bots (issue 10 §4). The marks live in the shared database, so every instance agrees.
 */
export function createAnalyticsService(deps: { db: Db; repo: AnalyticsRepository; stocks: StockService; clock: Clock }) {
  const { db, repo, stocks, clock } = deps;
  return {
    async recordPageView(path: string, referrer: string | undefined, visitor: Visitor): Promise<{ counted: boolean }> {
      const now = clock.now();
      const pathname = path.split(/[?#]/)[0] as string;
      const match = STOCK_PATH.exec(pathname);
      const companyId = match && (await stocks.exists(Number(match[1]))) ? Number(match[1]) : null;
      const entry = { path: pathname, referrer: referrer ?? null, companyId, at: now };
      if (companyId === null || visitor.bot) {
        await repo.insertView(db, entry);
        return { counted: false };
      }
      return db.transaction().execute(async (tx) => {
        let counted = false;
        const until = new Date(now.getTime() + PAGE_VIEW_WINDOW_MS);
        let isNew = true;
        for (const key of visitor.keys) isNew = (await repo.markVisit(tx, `v:${key}`, companyId, now, until)) && isNew;
        if (isNew) {
          const fromAddress = await repo.hitAddress(tx, `a:${visitor.address}`, companyId, now, until);
          if (fromAddress <= PAGE_VIEWS_PER_ADDRESS) counted = await stocks.addView(tx, companyId, seoulDay(now));
        }
        await repo.insertView(tx, entry);
        return { counted };
      });
    },
    purgeMarks: () => repo.purgeMarks(clock.now()),
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
