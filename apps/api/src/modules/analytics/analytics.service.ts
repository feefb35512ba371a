import { seoulDay } from '@beesang/contract';
import type { Clock } from '../../lib/clock.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

const STOCK_PATH = /^\/stock\/(\d{1,9})\/?$/;

export function createAnalyticsService(repo: AnalyticsRepository, clock: Clock) {
  return {
    async recordPageView(path: string, referrer?: string) {
      const now = clock.now();
      const pathname = path.split(/[?#]/)[0] as string;
      const match = STOCK_PATH.exec(pathname);
      await repo.recordView({
        path: pathname,
        referrer: referrer ?? null,
        companyId: match ? Number(match[1]) : null,
        at: now,
        day: seoulDay(now),
      });
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
