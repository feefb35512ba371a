import { performance } from 'node:perf_hooks';
import { PRICE_ALERTS_MAX, type PriceAlert, seoulDay } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../../lib/invalidation.ts';
import type { JobQueue } from '../../../lib/job-queue.ts';
import { type MemberView, membersChanged } from '../../../lib/member-view.ts';
import { giveBack } from '../../../lib/pace.ts';
import type { FiredRow, PriceAlertsRepository } from './price-alerts.repository.ts';

export const PRICE_CHANGED_JOB = 'notification.price-changed';
/**
 * A fan-out's first slice of alerts (one statement and transaction); later slices are sized to take
 * about SLICE_BUDGET_MS each, between FAN_OUT_SLICE_MIN and FAN_OUT_SLICE_MAX alerts (on the embedded database).
 */
export const FAN_OUT_SLICE = 200;
const FAN_OUT_SLICE_MIN = 25;
const FAN_OUT_SLICE_MAX = 5_000;
const SLICE_BUDGET_MS = 5;
/** A slice on PostgreSQL, where the thread only waits for it. */
export const UNPACED_SLICE = 2_000;

/**
 * Price alerts (issue 23 §1): levels a member sets on a company, judged when the stock module
 * announces a price change (never by polling), each at most once a Seoul day. The crossing alerts
 * become notifications in a job, a slice of alerts per statement, so a company with a hundred thousand
 * alerts costs the writer of the price nothing.
 */
export function createPriceAlertsService(deps: {
  db: Db;
  repo: PriceAlertsRepository;
  jobs: JobQueue;
  companyExists: (companyId: number) => Promise<boolean>;
  clock: Clock;
  /**
   * The database runs in this thread (embedded PGlite): slices are sized to a few milliseconds and
   * the thread is given back between them. On PostgreSQL the statements run in the server's
   * processes, and the slices are large and back to back.
   */
  paced: boolean;
  /** Queues the delivery of notifications the fan-out wrote and tells open pages. */
  written: (tx: Db, rows: FiredRow[], of: number) => Promise<void>;
  /** Each member's alerts kept per instance (issue 24: every stock page of theirs counts them), and the bus that drops them. */
  cache?: { view: MemberView<Awaited<ReturnType<PriceAlertsRepository['list']>>>; bus: InvalidationBus };
}) {
  const { db, repo, jobs, clock } = deps;
  const all = (userId: number) => (deps.cache ? deps.cache.view.get(userId, 'alerts', () => repo.list(userId)) : repo.list(userId));
  /** After `tx` commits: every instance drops these members' alerts (over a thousand: everyone's, in one message). */
  const changed = (tx: Db, userIds: readonly number[]) => membersChanged(deps.cache?.bus, TOPICS.priceAlerts, tx, userIds);

  const view = (r: Awaited<ReturnType<PriceAlertsRepository['list']>>[number]): PriceAlert => ({
    alertId: Number(r.id),
    companyIdx: r.company_id,
    companyName: r.company_name,
    direction: r.direction,
    price: Number(r.price),
    lastFiredAt: r.last_fired_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  });

  return {
    list: async (userId: number, companyId?: number) => ({
      data: (await all(userId)).filter((r) => companyId === undefined || r.company_id === companyId).map(view),
    }),

    async add(userId: number, a: { companyIdx: number; direction: 'ABOVE' | 'BELOW'; price: number }): Promise<PriceAlert> {
      if (!(await deps.companyExists(a.companyIdx))) throw new AppError(404, 'companyNotFound', 'NOT_FOUND');
      const id = await unitOfWork(db, async (tx) => {
        if ((await repo.count(tx, userId)) >= PRICE_ALERTS_MAX) throw new AppError(400, 'priceAlertsFull', 'TOO_MANY_ALERTS');
        const made = await repo.insert(tx, { userId, companyId: a.companyIdx, direction: a.direction, price: a.price, at: clock.now() });
        changed(tx, [userId]);
        return made;
      });
      const found = (await repo.list(userId, a.companyIdx)).find((r) => Number(r.id) === id);
      return view(found as NonNullable<typeof found>);
    },

    async remove(userId: number, id: number) {
      if (!(await repo.remove(userId, id))) throw new AppError(404, 'notFound', 'NOT_FOUND');
      changed(db, [userId]);
    },

    /** The stock module's announcement, in its transaction: the judging is queued with it. */
    async priceChanged(tx: Db, e: { companyId: number; price: number; previous: number; at: Date }) {
      if (e.price === e.previous) return;
      await jobs.send(tx, PRICE_CHANGED_JOB, { companyId: e.companyId, price: e.price, previous: e.previous, at: e.at.toISOString() });
    },

    /**
     * The job: the crossing alerts are found once (one index range scan), then fire and become
     * notifications a slice at a time by id, each slice one statement and one transaction with its
     * delivery queued (in batches of 500). A slice is sized to take about SLICE_BUDGET_MS, and after
     * each the job leaves the thread to requests for a while: the embedded database runs in this
     * thread, and one statement over a hundred thousand alerts would hold every member's page for
     * seconds. A crash loses no slice and repeats none: the retried job finds the alerts not yet
     * marked fired.
     */
    async judge(e: { companyId: number; price: number; previous: number; at: string }) {
      const at = new Date(e.at);
      const day = seoulDay(at);
      if (e.price === e.previous) return;
      const ids = await repo.crossing({ companyId: e.companyId, previous: e.previous, price: e.price, day });
      let limit = deps.paced ? FAN_OUT_SLICE : UNPACED_SLICE;
      for (let from = 0; from < ids.length; ) {
        const slice = ids.slice(from, from + limit);
        const started = performance.now();
        await unitOfWork(db, async (tx) => {
          const rows = await repo.fire(tx, { companyId: e.companyId, price: e.price, day, at: clock.now(), ids: slice });
          changed(
            tx,
            rows.map((r) => r.user_id),
          );
          await deps.written(tx, rows, ids.length);
        });
        from += slice.length;
        if (from >= ids.length) return;
        if (!deps.paced) continue;
        const took = Math.max(1, await giveBack(started));
        limit = Math.min(FAN_OUT_SLICE_MAX, Math.max(FAN_OUT_SLICE_MIN, Math.round((limit * SLICE_BUDGET_MS) / took)));
      }
    },
  };
}
export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;
