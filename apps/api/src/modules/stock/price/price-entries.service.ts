import { type AdminPriceEntry, manualPriceNeedsAdmin } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { AppError, isUniqueViolation } from '../../../lib/errors.ts';
import type { PriceService } from './price.service.ts';
import type { PriceEntriesRepository, PriceEntryStatus } from './price-entries.repository.ts';

/** Who decides: an operator and the role they act with. */
export interface PriceOperator {
  id: number;
  role: string;
}

/**
 * Four eyes on prices (issue 21): an operator's price is only an entry until a different operator
 * approves it, and an entry more than ±30 % from the price it would replace needs an ADMIN's
 * approval. Each step takes the caller's transaction (the console writes its audit entry in it).
 */
export function createPriceEntriesService(deps: { repo: PriceEntriesRepository; prices: PriceService }) {
  const { repo, prices } = deps;

  async function pendingEntry(tx: Db, entryId: number) {
    const entry = await repo.lock(tx, entryId);
    if (!entry) throw new AppError(404, 'priceEntryNotFound', 'NOT_FOUND');
    if (entry.status !== 'PENDING') throw new AppError(409, 'priceEntryNotPending', 'ENTRY_DECIDED');
    return entry;
  }

  return {
    /** Enters a price to be approved; the company's price is untouched until then. */
    async enter(tx: Db, e: { companyId: number; price: number; note: string; by: number; at: Date }) {
      const current = await prices.currentLocked(tx, e.companyId);
      if (current === null) throw new AppError(404, 'companyNotFound', 'NOT_FOUND');
      try {
        const entryId = await repo.insert(tx, { ...e, basis: current });
        return { entryId, basis: current };
      } catch (error) {
        if (isUniqueViolation(error, 'price_entries_one_pending')) throw new AppError(409, 'priceEntryPending', 'ENTRY_PENDING');
        throw error;
      }
    },

    /** Applies the entry (source MANUAL) for an operator other than the one who entered it. */
    async approve(tx: Db, entryId: number, by: PriceOperator, at: Date) {
      const entry = await pendingEntry(tx, entryId);
      if (entry.entered_by === by.id) throw new AppError(403, 'priceEntrySelfApprove', 'SELF_APPROVAL');
      const price = Number(entry.price);
      const current = (await prices.currentLocked(tx, entry.company_id)) ?? 0;
      if (manualPriceNeedsAdmin(price, current) && by.role !== 'ADMIN') throw new AppError(403, 'priceEntryNeedsAdmin', 'ADMIN_APPROVAL');
      await prices.setManual(tx, entry.company_id, price, at);
      await repo.decide(tx, { id: entryId, status: 'APPLIED', by: by.id, at, note: '' });
      return { companyId: entry.company_id, price, from: current };
    },

    /** Drops the entry with a reason; its own author may withdraw it too. */
    async reject(tx: Db, entryId: number, by: PriceOperator, reason: string, at: Date) {
      const entry = await pendingEntry(tx, entryId);
      await repo.decide(tx, { id: entryId, status: 'REJECTED', by: by.id, at, note: reason });
      return { companyId: entry.company_id, price: Number(entry.price) };
    },

    async list(status: PriceEntryStatus, page: number, size: number) {
      const { rows, total } = await repo.list(status, size, (page - 1) * size);
      const data: AdminPriceEntry[] = rows.map((r) => {
        const price = Number(r.price);
        const current = Number(r.current_price);
        return {
          entryId: Number(r.id),
          companyIdx: r.company_id,
          companyName: r.company_name,
          price,
          currentPrice: current,
          basisAtEntry: Number(r.basis),
          differenceRate: current > 0 ? Math.round(((price - current) / current) * 1000) / 10 : null,
          needsAdmin: manualPriceNeedsAdmin(price, current),
          note: r.note,
          status: r.status,
          enteredBy: { userIdx: r.entered_by, userNickname: r.entered_by_nickname },
          enteredAt: r.entered_at.toISOString(),
          decidedBy: r.decided_by === null ? null : { userIdx: r.decided_by, userNickname: r.decided_by_nickname ?? '' },
          decidedAt: r.decided_at?.toISOString() ?? null,
          decisionNote: r.decision_note,
        };
      });
      return { data, total, page, size };
    },
  };
}
export type PriceEntriesService = ReturnType<typeof createPriceEntriesService>;
