import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body: string;
  url: string;
  /** At most one notification per member and key: a retried job or a repeated event adds nothing. */
  dedupeKey: string;
  /** While one with this key is unread, a new one updates it instead (one per conversation while unread). */
  coalesceKey?: string | undefined;
  at: Date;
}

const COLUMNS = ['id', 'user_id', 'kind', 'title', 'body', 'url', 'created_at', 'read_at'] as const;
export type NotificationRow = {
  id: number | string;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  url: string;
  created_at: Date;
  read_at: Date | null;
};

/** The only writer of notifications and notification_deliveries (issue 23). */
export function createNotificationRepository(db: Db) {
  return {
    /** The new notification, or undefined when its dedupe key was used (or, coalescing, an unread one was refreshed). */
    async insert(tx: Db, n: NewNotification): Promise<{ row: NotificationRow; fresh: boolean } | undefined> {
      if (n.coalesceKey) {
        const refreshed = await tx
          .updateTable('notifications')
          .set({ title: n.title, body: n.body, url: n.url, created_at: n.at })
          .where('user_id', '=', n.userId)
          .where('coalesce_key', '=', n.coalesceKey)
          .where('read_at', 'is', null)
          .returning(COLUMNS)
          .executeTakeFirst();
        if (refreshed) return { row: refreshed, fresh: false };
      }
      const row = await tx
        .insertInto('notifications')
        .values({
          user_id: n.userId,
          kind: n.kind,
          title: n.title,
          body: n.body,
          url: n.url,
          dedupe_key: n.dedupeKey,
          coalesce_key: n.coalesceKey ?? null,
          created_at: n.at,
        })
        .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? { row, fresh: true } : undefined;
    },

    /**
     * One notification to many members in one statement (fan-out): those made now, each with its
     * member; the members who already had one under `dedupeKey` left out.
     */
    async insertMany(
      tx: Db,
      userIds: number[],
      n: Omit<NewNotification, 'userId' | 'coalesceKey'>,
    ): Promise<Array<{ id: number; userId: number }>> {
      if (userIds.length === 0) return [];
      const { rows } = await sql<{ id: string; user_id: number }>`
        insert into notifications (user_id, kind, title, body, url, dedupe_key, created_at)
        select u, ${n.kind}, ${n.title}, ${n.body}, ${n.url}, ${n.dedupeKey}, ${n.at}
          from unnest(${sql.val(userIds)}::int[]) as u
        on conflict (user_id, dedupe_key) do nothing
        returning id, user_id`.execute(tx);
      return rows.map((r) => ({ id: Number(r.id), userId: r.user_id }));
    },

    async page(userId: number, page: number, size: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('notifications')
          .select(COLUMNS)
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db.selectFrom('notifications').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async unread(exec: Db, userId: number): Promise<number> {
      const row = await exec
        .selectFrom('notifications')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async markRead(tx: Db, userId: number, ids: number[] | 'all', at: Date): Promise<void> {
      let q = tx.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
      if (ids !== 'all') q = q.where('id', 'in', ids);
      await q.execute();
    },

    async remove(tx: Db, userId: number, id: number): Promise<boolean> {
      const r = await tx.deleteFrom('notifications').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** Notifications by id, with whom they are for (a delivery job's; in `exec`, a fan-out slice's few told one by one). */
    async byIds(ids: number[], exec: Db = db): Promise<NotificationRow[]> {
      if (ids.length === 0) return [];
      return exec.selectFrom('notifications').select(COLUMNS).where('id', 'in', ids).orderBy('id').execute();
    },

    /**
     * Claims the deliveries of `ids` on a channel in one statement: those never claimed, and those an
     * attempt claimed before `staleBefore` and never settled (its process died mid-send). The ids
     * claimed, and those another attempt holds now (claimed since `staleBefore`, not settled).
     */
    async claim(ids: number[], channel: string, at: Date, staleBefore: Date): Promise<{ claimed: Set<number>; held: Set<number> }> {
      if (ids.length === 0) return { claimed: new Set(), held: new Set() };
      const claimed = await db
        .insertInto('notification_deliveries')
        .values(ids.map((id) => ({ notification_id: id, channel, state: 'SENDING', at })))
        .onConflict((oc) =>
          oc
            .columns(['notification_id', 'channel'])
            .doUpdateSet({ at })
            .where('notification_deliveries.state', '=', 'SENDING')
            .where('notification_deliveries.at', '<', staleBefore),
        )
        .returning('notification_id')
        .execute();
      const mine = new Set(claimed.map((r) => Number(r.notification_id)));
      const sending = await db
        .selectFrom('notification_deliveries')
        .select('notification_id')
        .where('notification_id', 'in', ids)
        .where('channel', '=', channel)
        .where('state', '=', 'SENDING')
        .execute();
      return { claimed: mine, held: new Set(sending.map((r) => Number(r.notification_id)).filter((id) => !mine.has(id))) };
    },

    async settle(ids: number[], channel: string, state: 'SENT' | 'FAILED', targets: number, at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('notification_deliveries')
        .set({ state, targets, at })
        .where('notification_id', 'in', ids)
        .where('channel', '=', channel)
        .execute();
    },

    /** Claims let go (the provider asked to retry): the next attempt may claim them again. */
    async release(ids: number[], channel: string): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('notification_deliveries').where('notification_id', 'in', ids).where('channel', '=', channel).execute();
    },

    /** Deletes notifications older than `before`; how many. */
    async purge(before: Date): Promise<number> {
      const r = await db.deleteFrom('notifications').where('created_at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
