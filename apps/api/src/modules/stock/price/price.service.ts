import { dayBar, judgeFinish, type PriceExclusionReason, seoulDay } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { afterCommit } from '../../../db/unit-of-work.ts';
import type { DomainEventBus } from '../../../lib/domain-events.ts';
import type { PriceRepository } from './price.repository.ts';

export interface FinishToJudge {
  tradeId: number;
  companyId: number;
  /** The listing's owner. */
  userId: number;
  ownerVerified: boolean;
  ownerSanctioned: boolean;
  listedAt: Date;
  at: Date;
  price: number;
  count: number;
  /**
   * The deal both sides confirmed (issue 22) and its other side. Without one the finish is the
   * owner's word alone: recorded, never counted.
   */
  deal?: { dealId: number; counterpartyId: number; counterpartyVerified: boolean; counterpartySanctioned: boolean; samePerson: boolean };
}

/** The company's price at the start of the Seoul day of `now`: the basis of that day's band. */
export function basisAt(row: { current_price: number | string; previous_close: number | string; price_updated_at: Date }, now: Date) {
  const dayStart = new Date(`${seoulDay(now)}T00:00:00+09:00`);
  return Number(row.price_updated_at < dayStart ? row.current_price : row.previous_close);
}

/**
 * Applies the 기준가 rule (docs/decisions/0006-price-rule.md) to a finished trade, inside the
 * transaction that finished it: the finish is recorded as counted or excluded with its reasons,
 * and a counted one re-derives the day's price (volume-weighted median) and bar from the marks.
 */
export function createPriceService(repo: PriceRepository, deps: { invalidate(companyId: number): void; events: DomainEventBus }) {
  /**
   * A price changed: announced once, here, in its transaction (price alerts listen: issue 23), and
   * every instance drops what showed the old price once the new one is committed.
   */
  const changed = async (tx: Db, companyId: number, price: number, previous: number, at: Date) => {
    await deps.events.emit(tx, 'price.changed', { companyId, price, previous, at });
    afterCommit(tx, () => deps.invalidate(companyId));
  };
  return {
    async recordFinish(tx: Db, f: FinishToJudge): Promise<{ counted: boolean; reasons: PriceExclusionReason[] }> {
      const company = await repo.lockCompany(tx, f.companyId);
      if (!company) throw new Error(`company ${f.companyId} vanished during a finish`);
      const day = seoulDay(f.at);
      const basis = basisAt(company, f.at);
      const reasons = judgeFinish({
        ownerVerified: f.ownerVerified,
        ownerSanctioned: f.ownerSanctioned,
        listedAt: f.listedAt,
        finishedAt: f.at,
        price: f.price,
        count: f.count,
        basis,
        alreadyCountedToday: await repo.hasCounted(tx, f.companyId, day, f.deal ? [f.userId, f.deal.counterpartyId] : [f.userId]),
        ...(f.deal && {
          counterparty: { verified: f.deal.counterpartyVerified, sanctioned: f.deal.counterpartySanctioned, samePerson: f.deal.samePerson },
        }),
      });
      await repo.insertMark(tx, {
        tradeId: f.tradeId,
        dealId: f.deal?.dealId ?? null,
        counterpartyId: f.deal?.counterpartyId ?? null,
        companyId: f.companyId,
        userId: f.userId,
        day,
        price: f.price,
        count: f.count,
        basis,
        reasons,
        at: f.at,
      });
      if (reasons.length > 0) return { counted: false, reasons };

      const marks = await repo.countedMarks(tx, f.companyId, day);
      const bar = dayBar(marks);
      await repo.setPrice(tx, f.companyId, { price: bar.close, previousClose: basis, at: f.at, source: 'TRADE', tradeCount: marks.length });
      await repo.putBar(tx, f.companyId, day, bar);
      await changed(tx, f.companyId, bar.close, Number(company.current_price), f.at);
      return { counted: true, reasons };
    },

    /**
     * An operator sets a company's price (source MANUAL), in the caller's transaction: the day's
     * basis stays the previous close, so the change shown is against it, like a trade's.
     */
    async setManual(tx: Db, companyId: number, price: number, at: Date): Promise<boolean> {
      const company = await repo.lockCompany(tx, companyId);
      if (!company) return false;
      await repo.setPrice(tx, companyId, { price, previousClose: basisAt(company, at), at, source: 'MANUAL', tradeCount: 0 });
      await changed(tx, companyId, price, Number(company.current_price), at);
      return true;
    },

    /** The company's price now, the row locked until the caller's transaction ends (null: no such company). */
    async currentLocked(tx: Db, companyId: number): Promise<number | null> {
      const company = await repo.lockCompany(tx, companyId);
      return company ? Number(company.current_price) : null;
    },

    excluded: (limit: number, offset: number) => repo.excluded(limit, offset),
    excludedCount: () => repo.excludedCount(),
    mark: (tradeId: number) => repo.mark(tradeId),
    countedByUsers: (userIds: number[]) => repo.countedByUsers(userIds),
  };
}

export type PriceService = ReturnType<typeof createPriceService>;
