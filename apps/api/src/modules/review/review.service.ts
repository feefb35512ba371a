import { scamSignals } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ReviewRepository } from './review.repository.ts';

/**
 * What operators review without a report (issue 10 §6, decision 0007): text with scam signals and
 * the broker pattern. Other modules call it inside their own transaction.
 */
export function createReviewService(deps: { repo: ReviewRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /** Queues text with scam signals (what matched becomes the reasons); true when the text had any. */
    async screenText(tx: Db, target: { type: 'OPINION' | 'USER'; id: number; userId: number }, text: string): Promise<boolean> {
      const signals = scamSignals(text);
      if (signals.length === 0) return false;
      await repo.enqueue(tx, {
        kind: 'SCAM_TEXT',
        targetType: target.type,
        targetId: target.id,
        userId: target.userId,
        reasons: signals.map((s) => `${s.kind}:${s.match}`),
        at: clock.now(),
      });
      return true;
    },
    /** Queues a member who posted listings across `companies` distinct companies within the window. */
    brokerPattern(tx: Db, userId: number, companies: number, windowMinutes: number) {
      return repo.enqueue(tx, {
        kind: 'BROKER_PATTERN',
        targetType: 'USER',
        targetId: userId,
        userId,
        reasons: [`COMPANIES:${companies}`, `WINDOW_MINUTES:${windowMinutes}`],
        at: clock.now(),
      });
    },
    open: (limit = 100) => repo.open(limit),
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
