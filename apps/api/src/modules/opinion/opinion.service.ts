import { ExpertType, hasScamSignals, type Opinion, SanctionState } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ReportService } from '../report/report.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import type { StockService } from '../stock/stock.service.ts';
import type { OpinionRepository, OpinionRow } from './opinion.repository.ts';

const EXPERT_NAMES = Object.fromEntries(Object.entries(ExpertType).map(([name, code]) => [code, name])) as Record<number, string>;

function toOpinion(r: OpinionRow, viewerId: number | null, reported: boolean): Opinion {
  return {
    opinionIdx: Number(r.id),
    companyIdx: r.company_id,
    content: r.body,
    writer: {
      userIdx: r.user_id,
      userNickname: r.writer_nickname,
      profileImageUrl: r.writer_image,
      expertType: EXPERT_NAMES[r.writer_expert_type] ?? 'NORMAL',
      expertName: r.writer_expert_name ?? '',
    },
    isMine: viewerId !== null && r.user_id === viewerId,
    isReported: reported,
    // Decided at read time from the text, so that older opinions and a changed list agree.
    scamCaution: hasScamSignals(r.body),
    createdAt: r.created_at.toISOString(),
  };
}

/** The discussion of a company: any member may write (unless sanctioned), only the writer deletes. */
export function createOpinionService(deps: {
  db: Db;
  repo: OpinionRepository;
  stocks: StockService;
  clock: Clock;
  reports: () => ReportService;
  reviews: ReviewService;
}) {
  const { db, repo, stocks, clock, reviews } = deps;

  async function withReports(rows: OpinionRow[], viewerId: number | null) {
    const reported = await deps.reports().reportedBy(
      viewerId,
      'opinion',
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => toOpinion(r, viewerId, reported.has(Number(r.id))));
  }

  return {
    async list(companyId: number, page: number, size: number, viewerId: number | null) {
      await stocks.company(companyId);
      const { rows, total } = await repo.list(companyId, page, size);
      return { data: await withReports(rows, viewerId), total, page, size };
    },

    async write(member: { id: number; sanction_state: number }, companyId: number, content: string): Promise<Opinion> {
      if (member.sanction_state >= SanctionState.STOP_DEBATE) throw new AppError(403, 'sanctionStopDebate', 'SANCTIONED');
      await stocks.company(companyId);
      // The opinion and, if its text has scam signals, its review item: both or neither.
      const id = await unitOfWork(db, async (tx) => {
        const created = await repo.insert({ companyId, userId: member.id, body: content, at: clock.now() }, tx);
        await reviews.screenText(tx, { type: 'OPINION', id: created, userId: member.id }, content);
        return created;
      });
      return toOpinion((await repo.find(id)) as OpinionRow, member.id, false);
    },

    async remove(memberId: number, id: number): Promise<true> {
      const row = await repo.find(id);
      if (!row) throw new AppError(404, 'opinionNotFound', 'NOT_FOUND');
      if (row.user_id !== memberId) throw new AppError(403, 'opinionNotYours', 'FORBIDDEN');
      if (!(await repo.softDelete(id, memberId, clock.now()))) throw new AppError(404, 'opinionNotFound', 'NOT_FOUND');
      return true;
    },

    /** An operator hides an opinion, in the caller's transaction; its writer's id. */
    async hideByOperator(id: number, tx: Db): Promise<number> {
      const row = await repo.hideByOperator(tx, id, clock.now());
      if (!row) throw new AppError(404, 'opinionNotFound', 'NOT_FOUND');
      return row.user_id;
    },

    async ownerOf(id: number) {
      const row = await repo.find(id);
      return row ? { ownerId: row.user_id } : undefined;
    },
  };
}

export type OpinionService = ReturnType<typeof createOpinionService>;
