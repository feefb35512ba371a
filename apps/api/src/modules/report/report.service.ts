import { type ReportData, ReportStatus } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { idempotent } from '../../db/idempotency.ts';
import { afterCommit } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import { createMemberView, membersChanged } from '../../lib/member-view.ts';
import type { ReportKind, ReportRepository } from './report.repository.ts';

/** Who wrote a reportable thing (for a conversation: the other side), if it exists and the reporter may report it. */
export type OwnerLookup = (id: number, reporterId: number) => Promise<{ ownerId: number } | undefined>;

const NOT_FOUND = { trade: 'tradeNotFound', opinion: 'opinionNotFound', conversation: 'conversationNotFound' } as const;

/**
 * Reports of listings and opinions (SECURITY.md 13): one per member and target, never of one's own,
 * reasons from the spec's enum. Reported content stays visible until an operator decides.
 */
export function createReportService(deps: {
  db: Db;
  repo: ReportRepository;
  clock: Clock;
  owners: Record<ReportKind, OwnerLookup>;
  events: DomainEventBus;
  /** Where an upheld report is announced (the owners' trust lines, issue 24). */
  bus?: InvalidationBus;
}) {
  const { db, repo, clock, owners } = deps;
  // What each member has reported, per kind: every list of listings or opinions a member reads marks
  // them (issue 24). Kept per instance and dropped on every instance by the member's next report.
  const reported = deps.bus
    ? createMemberView<Set<number>>({ bus: deps.bus, topic: TOPICS.reports, ttlMs: 60_000, maxEntries: 20_000 })
    : null;
  return {
    upheldAgainst: (userIds: number[]) => repo.upheldAgainst(userIds),

    async reportedBy(userId: number | null, kind: ReportKind, ids: number[]): Promise<Set<number>> {
      if (userId === null || ids.length === 0) return new Set<number>();
      const all = await (reported ? reported.get(userId, kind, () => repo.reportedAll(userId, kind)) : repo.reportedAll(userId, kind));
      return new Set(ids.filter((id) => all.has(id)));
    },

    /** Operators' queue: reports grouped by target (issue 11 §2). */
    queue: (open: boolean, kind: ReportKind | undefined, page: number, size: number) => repo.groups(open, kind, page, size),
    reporters: (tx: Db, kind: ReportKind, targetId: number) => repo.reporters(tx, kind, targetId),
    /** Closes a target's open reports as dismissed or upheld, in the caller's transaction; how many. */
    /** Closes a target's open reports (dismissed or upheld) and announces it: its reporters are told (issue 23). How many. */
    async resolveTarget(tx: Db, kind: ReportKind, targetId: number, status: number): Promise<number> {
      const reporterIds = await repo.openReporters(tx, kind, targetId);
      const n = await repo.resolveTarget(tx, kind, targetId, status);
      if (n > 0) await deps.events.emit(tx, 'report.resolved', { kind, targetId, upheld: status === ReportStatus.UPHELD, reporterIds });
      // An upheld report counts against its author's trust line wherever it is shown (rare: every member's is dropped).
      if (n > 0 && status === ReportStatus.UPHELD) afterCommit(tx, () => deps.bus?.publish(TOPICS.member));
      return n;
    },

    async report(reporterId: number, kind: ReportKind, targetId: number, body: ReportData, key: string | undefined) {
      const target = await owners[kind](targetId, reporterId);
      if (!target) throw new AppError(404, NOT_FOUND[kind], 'NOT_FOUND');
      if (target.ownerId === reporterId) throw new AppError(403, 'reportSelf', 'SELF_REPORT');
      const now = clock.now();
      return idempotent(
        db,
        { userId: reporterId, route: `POST /api/accuse/${kind}`, key, request: { targetId, ...body }, now },
        async (tx) => {
          const id = await repo.insert(tx, { reporterId, kind, targetId, reason: body.reason, detail: body.detail, at: now });
          if (id === undefined) throw new AppError(409, 'reportDuplicate', 'DUPLICATE_REPORT');
          membersChanged(deps.bus, TOPICS.reports, tx, [reporterId]);
          return { accuseIdx: id };
        },
      );
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
