import type { ReportData } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { idempotent } from '../../db/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ReportKind, ReportRepository } from './report.repository.ts';

/** Who wrote a reportable thing, if it exists and is visible to the reporter. */
export type OwnerLookup = (id: number) => Promise<{ ownerId: number } | undefined>;

/**
 * Reports of listings and opinions (SECURITY.md 13): one per member and target, never of one's own,
 * reasons from the spec's enum. Reported content stays visible until an operator decides.
 */
export function createReportService(deps: { db: Db; repo: ReportRepository; clock: Clock; owners: Record<ReportKind, OwnerLookup> }) {
  const { db, repo, clock, owners } = deps;
  return {
    upheldAgainst: (userIds: number[]) => repo.upheldAgainst(userIds),

    reportedBy: (userId: number | null, kind: ReportKind, ids: number[]) =>
      userId === null ? Promise.resolve(new Set<number>()) : repo.reportedBy(userId, kind, ids),

    /** Operators' queue: reports grouped by target (issue 11 §2). */
    queue: (open: boolean, kind: ReportKind | undefined, page: number, size: number) => repo.groups(open, kind, page, size),
    /** Closes a target's open reports as dismissed or upheld, in the caller's transaction; how many. */
    resolveTarget: (tx: Db, kind: ReportKind, targetId: number, status: number) => repo.resolveTarget(tx, kind, targetId, status),

    async report(reporterId: number, kind: ReportKind, targetId: number, body: ReportData, key: string | undefined) {
      const target = await owners[kind](targetId);
      if (!target) throw new AppError(404, kind === 'trade' ? 'tradeNotFound' : 'opinionNotFound', 'NOT_FOUND');
      if (target.ownerId === reporterId) throw new AppError(403, 'reportSelf', 'SELF_REPORT');
      const now = clock.now();
      return idempotent(
        db,
        { userId: reporterId, route: `POST /api/accuse/${kind}`, key, request: { targetId, ...body }, now },
        async (tx) => {
          const id = await repo.insert(tx, { reporterId, kind, targetId, reason: body.reason, detail: body.detail, at: now });
          if (id === undefined) throw new AppError(409, 'reportDuplicate', 'DUPLICATE_REPORT');
          return { accuseIdx: id };
        },
      );
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
