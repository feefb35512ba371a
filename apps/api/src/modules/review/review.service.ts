import { scamSignals } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
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

    /** The console's 검토 대기: open items, the longest waiting first. */
    async queue(page: number, size: number) {
      const { rows, total, oldest } = await repo.page(page, size);
      return {
        data: rows.map((r) => ({
          id: Number(r.id),
          kind: r.kind,
          targetType: r.target_type,
          targetId: Number(r.target_id),
          author: { userIdx: r.user_id, userNickname: r.nickname },
          reasons: r.reasons,
          content: r.content,
          visible: r.visible,
          createdAt: r.created_at.toISOString(),
        })),
        total,
        page,
        size,
        oldestWaitingSince: oldest?.toISOString() ?? null,
      };
    },

    /** Closes an open item in the caller's transaction; 409 when someone already did. */
    async resolve(tx: Db, id: number, by: number) {
      const item = await repo.resolve(tx, id, by, clock.now());
      if (!item) throw new AppError(409, 'reviewNotOpen', 'REVIEW_NOT_OPEN');
      return { kind: item.kind, targetType: item.target_type, targetId: Number(item.target_id), userId: item.user_id };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
