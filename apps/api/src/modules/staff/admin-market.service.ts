import { type AdminReportGroup, type AdminSanctionBody, ProofCheckStatus, ReportStatus, type ReportTargetType } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { SanctionService } from '../auth/sanction.service.ts';
import type { OpinionService } from '../opinion/opinion.service.ts';
import type { ReportService } from '../report/report.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import type { PriceService } from '../stock/price/price.service.ts';
import type { PriceEntriesService } from '../stock/price/price-entries.service.ts';
import type { TradeService } from '../trade/trade.service.ts';
import { type Actor, type AuditRepository, auditedChange } from './audit.repository.ts';

/** The console's marketplace sections (issue 11 §2): share proofs first. */
const KIND = { TRADE: 'trade', OPINION: 'opinion', CONVERSATION: 'conversation' } as const;
const TYPE = { trade: 'TRADE', opinion: 'OPINION', conversation: 'CONVERSATION' } as const;

export function createAdminMarketService(deps: {
  db: Db;
  audit: AuditRepository;
  trades: TradeService;
  opinions: OpinionService;
  reports: ReportService;
  /** The deal module's conversations (issue 22): who a reported one is about (its reading: admin-conversations.service.ts). */
  conversations: () => { reportedMember(tx: Db, conversationId: number): Promise<number> };
  reviews: ReviewService;
  sanctions: SanctionService;
  prices: PriceService;
  priceEntries: PriceEntriesService;
  clock: Clock;
}) {
  const { db, audit, trades, opinions, reports, reviews, sanctions, prices, priceEntries, clock, conversations } = deps;
  const change = auditedChange(db, audit, () => clock.now());
  return {
    proofs: (page: number, size: number) => trades.pendingProofs(page, size),
    pinned: (page: number, size: number) => trades.pinned(page, size),

    async topFix(actor: Actor, tradeId: number, endsAt: Date | null) {
      if (endsAt && endsAt.getTime() <= clock.now().getTime()) throw new AppError(400, 'adminEndsAtPast', 'BAD_REQUEST');
      await change(
        actor,
        {
          action: endsAt ? 'trade.top-fix' : 'trade.top-fix.remove',
          targetType: 'TRADE',
          targetId: tradeId,
          detail: { endsAt: endsAt?.toISOString() ?? null },
        },
        (tx) => trades.pinByOperator(tradeId, endsAt, tx),
      );
    },

    async priceReview(page: number, size: number) {
      const [rows, total] = await Promise.all([prices.excluded(size, (page - 1) * size), prices.excludedCount()]);
      const data = rows.map((r) => ({
        tradeIdx: Number(r.trade_id),
        companyIdx: r.company_id,
        companyName: r.company_name,
        userIdx: r.user_id,
        userNickname: r.nickname,
        day: String(r.day),
        price: Number(r.price),
        stockCount: Number(r.stock_count),
        basis: Number(r.basis),
        reasons: r.reasons,
        at: new Date(r.at).toISOString(),
      }));
      return { data, total, page, size };
    },

    /** An operator's price, entered to wait for a second operator (issue 21); the public price is unchanged. */
    async enterPrice(actor: Actor, companyId: number, price: number, note: string) {
      return change(
        actor,
        ({ entryId, basis }: { entryId: number; basis: number }) => ({
          action: 'company.price.enter',
          targetType: 'COMPANY',
          targetId: companyId,
          detail: { entryId, price, current: basis, note },
        }),
        (tx) => priceEntries.enter(tx, { companyId, price, note, by: actor.id, at: clock.now() }),
      );
    },

    async approvePrice(actor: Actor, entryId: number) {
      await change(
        actor,
        (r: { companyId: number; price: number; from: number }) => ({
          action: 'company.price.approve',
          targetType: 'COMPANY',
          targetId: r.companyId,
          detail: { entryId, price: r.price, from: r.from },
        }),
        (tx) => priceEntries.approve(tx, entryId, actor, clock.now()),
      );
    },

    async rejectPrice(actor: Actor, entryId: number, reason: string) {
      await change(
        actor,
        (r: { companyId: number; price: number }) => ({
          action: 'company.price.reject',
          targetType: 'COMPANY',
          targetId: r.companyId,
          detail: { entryId, price: r.price, reason },
        }),
        (tx) => priceEntries.reject(tx, entryId, actor, reason, clock.now()),
      );
    },

    priceEntries: (status: 'PENDING' | 'APPLIED' | 'REJECTED', page: number, size: number) => priceEntries.list(status, page, size),

    async reports(open: boolean, type: ReportTargetType | undefined, page: number, size: number) {
      const { rows, total, oldest } = await reports.queue(open, type && KIND[type], page, size);
      const data: AdminReportGroup[] = rows.map((r) => {
        const reasons: Record<string, number> = {};
        for (const reason of r.reasons) reasons[String(reason)] = (reasons[String(reason)] ?? 0) + 1;
        return {
          targetType: TYPE[r.target_type],
          targetId: Number(r.target_id),
          count: r.count,
          reasons,
          details: r.details.slice(-5),
          firstAt: new Date(r.first_at).toISOString(),
          lastAt: new Date(r.last_at).toISOString(),
          status: r.status,
          content: r.content ?? '',
          author: r.author_id !== null ? { userIdx: r.author_id, userNickname: r.author_nickname ?? '' } : null,
          visible: r.target_status === 11,
        };
      });
      return { data, total, page, size, oldestWaitingSince: oldest?.toISOString() ?? null };
    },

    /**
     * One step (issue 11 §2): dismiss a target's reports, or uphold them, hide the content and
     * optionally sanction its author; with its audit entry, all in one transaction.
     */
    async resolve(
      actor: Actor,
      type: ReportTargetType,
      targetId: number,
      body: { action: 'DISMISS' | 'HIDE'; sanction?: AdminSanctionBody; note: string },
    ) {
      const endsAt = body.sanction?.endsAt ? new Date(body.sanction.endsAt) : null;
      if (endsAt && endsAt.getTime() <= clock.now().getTime()) throw new AppError(400, 'adminEndsAtPast', 'BAD_REQUEST');
      await change(
        actor,
        {
          action: `report.${body.action === 'HIDE' ? 'hide' : 'dismiss'}`,
          targetType: type,
          targetId,
          detail: { sanction: body.sanction ?? null, note: body.note },
        },
        async (tx) => {
          const status = body.action === 'HIDE' ? ReportStatus.UPHELD : ReportStatus.DISMISSED;
          if ((await reports.resolveTarget(tx, KIND[type], targetId, status)) === 0)
            throw new AppError(409, 'reportNotOpen', 'REPORT_NOT_OPEN');
          if (body.action === 'DISMISS') return;
          // A reported conversation has nothing to hide: upholding it names the member it was about.
          const authorId =
            type === 'TRADE'
              ? await trades.hideByOperator(targetId, tx)
              : type === 'OPINION'
                ? await opinions.hideByOperator(targetId, tx)
                : await conversations().reportedMember(tx, targetId);
          if (body.sanction) {
            await sanctions.apply({ userId: authorId, state: body.sanction.state, reason: body.sanction.reason, endsAt, by: actor }, tx);
          }
        },
      );
    },

    review: (page: number, size: number) => reviews.queue(page, size),

    /**
     * 검토 대기, one step: nothing wrong, or hide the opinion and/or sanction the member; with its
     * audit entry, all in one transaction.
     */
    async resolveReview(actor: Actor, id: number, body: { action: 'DISMISS' | 'UPHOLD'; sanction?: AdminSanctionBody; note: string }) {
      const endsAt = body.sanction?.endsAt ? new Date(body.sanction.endsAt) : null;
      if (endsAt && endsAt.getTime() <= clock.now().getTime()) throw new AppError(400, 'adminEndsAtPast', 'BAD_REQUEST');
      await change(
        actor,
        {
          action: `review.${body.action === 'UPHOLD' ? 'uphold' : 'dismiss'}`,
          targetType: 'REVIEW',
          targetId: id,
          detail: { sanction: body.sanction ?? null, note: body.note },
        },
        async (tx) => {
          const item = await reviews.resolve(tx, id, actor.id);
          if (body.action === 'DISMISS') return;
          if (item.targetType === 'USER' && !body.sanction) throw new AppError(400, 'adminReviewNeedsSanction', 'BAD_REQUEST');
          if (item.targetType === 'OPINION') await opinions.hideByOperator(item.targetId, tx);
          if (body.sanction) {
            await sanctions.apply({ userId: item.userId, state: body.sanction.state, reason: body.sanction.reason, endsAt, by: actor }, tx);
          }
        },
      );
    },

    async decideProof(actor: Actor, tradeId: number, decision: keyof typeof ProofCheckStatus, note: string) {
      await change(actor, { action: 'trade.proof', targetType: 'TRADE', targetId: tradeId, detail: { status: decision, note } }, (tx) =>
        trades.decideProof(tradeId, ProofCheckStatus[decision], note, tx),
      );
    },
  };
}
export type AdminMarketService = ReturnType<typeof createAdminMarketService>;
