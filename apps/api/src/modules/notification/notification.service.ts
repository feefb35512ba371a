import { NOTIFICATION_RETENTION_DAYS, type Notification, type NotificationKind } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { afterCommit, unitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { type MemberView, membersChanged } from '../../lib/member-view.ts';
import type { LiveSender } from '../deal/shared/live.ts';
import type { Delivery } from './delivery/deliver.ts';
import type { NotificationRepository, NotificationRow } from './notification.repository.ts';

export const DELIVER_JOB = 'notification.deliver';
/** Up to this many members are each sent the new notification and their count; more are told to read again. */
const ONE_BY_ONE = 50;
const DAY_MS = 86_400_000;

export interface NotificationInput {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  dedupeKey: string;
  coalesceKey?: string;
}

export function toNotification(r: NotificationRow): Notification {
  return {
    notificationId: Number(r.id),
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    url: r.url,
    createdAt: r.created_at.toISOString(),
    readAt: r.read_at?.toISOString() ?? null,
  };
}

/**
 * What members are told (issue 23 §2, §4): a notification is written in the transaction of the event
 * that causes it, its delivery to the browser and the phone is queued in the same transaction (any
 * instance delivers it, retried on a provider's 429/5xx), and once committed the member's open
 * pages hear of it on the live channel, on every instance.
 */
export function createNotificationService(deps: {
  db: Db;
  repo: NotificationRepository;
  jobs: JobQueue;
  live: LiveSender;
  clock: Clock;
  log: (m: string, e?: unknown) => void;
  /** Each member's unread count kept per instance (issue 24: every page of theirs shows it), and the bus that drops it. */
  unread?: { view: MemberView<number>; bus: InvalidationBus };
}) {
  const { db, repo, jobs, live, clock } = deps;
  const unreadOf = (userId: number) =>
    deps.unread ? deps.unread.view.get(userId, 'notifications', () => repo.unread(db, userId)) : repo.unread(db, userId);
  /** After `tx` commits: every instance drops these members' counts (over a thousand: everyone's, in one message). */
  const changed = (tx: Db, userIds: readonly number[] | 'many') => membersChanged(deps.unread?.bus, TOPICS.notifications, tx, userIds);

  /**
   * Queues the delivery of notifications `ids` (whose members are `userIds`, in the same order), a job
   * per 500: the members come with them, so that a job whose members have no browser or device on
   * any channel ends without reading a notification (most members of a fan-out).
   */
  async function queueDelivery(tx: Db, ids: number[], userIds: number[]) {
    for (let i = 0; i < ids.length; i += 500)
      await jobs.send(tx, DELIVER_JOB, { ids: ids.slice(i, i + 500), userIds: userIds.slice(i, i + 500) } satisfies Delivery);
  }

  /** Since start, counted once committed: notifications written, and those whose delivery was queued with them. */
  const counts = { written: 0, queued: 0 };
  const counted = (tx: Db, written: number, queued: number) =>
    afterCommit(tx, () => {
      counts.written += written;
      counts.queued += queued;
    });

  /**
   * After `tx` commits, the open pages of many members at once are told to read their counts again:
   * one bus note per few thousand members, acted on only where a member has a page open. Reading
   * each member's count to tell them one by one cost a statement per member on the thread that
   * serves pages (a price alert's fan-out to 100,000: two thirds of its time, issue 23).
   */
  const toldToReadAgain = (tx: Db, userIds: number[]) => afterCommit(tx, () => live.send([...new Set(userIds)], { type: 'resync' }));

  function announce(tx: Db, userId: number, row: NotificationRow) {
    afterCommit(tx, () => {
      void unreadOf(userId)
        .then((unreadCount) => live.send([userId], { type: 'notification', notification: toNotification(row), unreadCount }))
        .catch((error: unknown) => deps.log('live notification announcement failed; the page catches up on its next read', error));
    });
  }

  return {
    /** For /metrics (beesang_notifications): what this instance has written and queued since it started. */
    stats: () => ({ ...counts }),

    /** One member's notification, in the caller's transaction; nothing when its dedupe key was used. */
    async notify(tx: Db, n: NotificationInput): Promise<void> {
      const made = await repo.insert(tx, { ...n, at: clock.now() });
      if (!made) return;
      // A refreshed unread one (one per conversation while unread) is not pushed again.
      if (made.fresh) await queueDelivery(tx, [Number(made.row.id)], [n.userId]);
      counted(tx, made.fresh ? 1 : 0, made.fresh ? 1 : 0);
      changed(tx, [n.userId]);
      announce(tx, n.userId, made.row);
    },

    /**
     * Notifications written in one statement elsewhere in this module (a slice of a price alert's
     * fan-out): delivery queued, pages told. `of`: how many the whole fan-out writes, which decides
     * how they are told (one by one, or to read again).
     */
    async written(tx: Db, rows: Array<Pick<NotificationRow, 'id' | 'user_id'>>, of = rows.length) {
      const ids = rows.map((r) => Number(r.id));
      const userIds = rows.map((r) => r.user_id);
      await queueDelivery(tx, ids, userIds);
      counted(tx, ids.length, ids.length);
      changed(tx, userIds);
      if (of <= ONE_BY_ONE) for (const r of await repo.byIds(ids, tx)) announce(tx, r.user_id, r);
      else toldToReadAgain(tx, userIds);
    },

    /**
     * The same notification to many members (a fan-out), in the caller's transaction: one insert,
     * one delivery job per 500. Live counts are told after the commit.
     */
    async notifyMany(tx: Db, userIds: number[], n: Omit<NotificationInput, 'userId' | 'coalesceKey'>): Promise<number> {
      const made = await repo.insertMany(tx, userIds, { ...n, at: clock.now() });
      const ids = made.map((m) => m.id);
      await queueDelivery(
        tx,
        ids,
        made.map((m) => m.userId),
      );
      counted(tx, ids.length, ids.length);
      if (ids.length === 0) return 0;
      changed(tx, userIds);
      if (userIds.length <= ONE_BY_ONE) {
        afterCommit(tx, () => {
          void Promise.all(
            userIds.map(async (userId) => live.send([userId], { type: 'notifications-read', unreadCount: await unreadOf(userId) })),
          ).catch((error: unknown) => deps.log('live notification counts failed', error));
        });
      } else toldToReadAgain(tx, userIds);
      return ids.length;
    },

    async list(userId: number, page: number, size: number) {
      const [{ rows, total }, unreadCount] = await Promise.all([repo.page(userId, page, size), unreadOf(userId)]);
      return { data: rows.map(toNotification), total, page, size, unreadCount };
    },

    unread: async (userId: number) => ({ unreadCount: await unreadOf(userId) }),

    async read(userId: number, ids: number[] | 'all') {
      return unitOfWork(db, async (tx) => {
        await repo.markRead(tx, userId, ids, clock.now());
        const unreadCount = await repo.unread(tx, userId);
        changed(tx, [userId]);
        afterCommit(tx, () => live.send([userId], { type: 'notifications-read', unreadCount }));
        return { unreadCount };
      });
    },

    async remove(userId: number, id: number) {
      return unitOfWork(db, async (tx) => {
        if (!(await repo.remove(tx, userId, id))) throw new AppError(404, 'notFound', 'NOT_FOUND');
        const unreadCount = await repo.unread(tx, userId);
        changed(tx, [userId]);
        afterCommit(tx, () => live.send([userId], { type: 'notifications-read', unreadCount }));
        return { unreadCount };
      });
    },

    /** The housekeeping step: notifications older than 90 days go. */
    async purge() {
      const n = await repo.purge(new Date(clock.now().getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS));
      changed(db, 'many');
      return n;
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
