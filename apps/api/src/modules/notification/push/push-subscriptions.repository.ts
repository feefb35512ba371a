import type { Db } from '../../../db/database.ts';

export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The only writer of push_subscriptions: the browsers each member opted in on (issue 23). */
export function createPushSubscriptionsRepository(db: Db) {
  return {
    async usersWithAny(userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db.selectFrom('push_subscriptions').select('user_id').distinct().where('user_id', 'in', userIds).execute();
      return new Set(rows.map((r) => Number(r.user_id)));
    },

    async ofUser(userId: number): Promise<StoredSubscription[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /**
     * Stores the browser's subscription for the member. One endpoint is one browser profile: when
     * another member subscribed on it before, it is theirs no longer (the browser has one subscription).
     */
    async upsert(tx: Db, s: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string; at: Date }) {
      await tx
        .insertInto('push_subscriptions')
        .values({
          user_id: s.userId,
          endpoint: s.endpoint,
          p256dh: s.p256dh,
          auth: s.auth,
          user_agent: s.userAgent,
          created_at: s.at,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
            user_agent: eb.ref('excluded.user_agent'),
            created_at: eb.ref('excluded.created_at'),
            last_success_at: null,
          })),
        )
        .execute();
    },

    /** Keeps the member's `max` newest subscriptions and deletes the rest (browsers long gone, usually). */
    async keepNewest(tx: Db, userId: number, max: number): Promise<number> {
      const keep = tx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(max);
      const r = await tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', keep).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** The member's own subscription at `endpoint`; true when there was one. */
    async remove(tx: Db, userId: number, endpoint: string): Promise<boolean> {
      const r = await tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Every subscription of the member (account deletion). */
    async removeAll(tx: Db, userId: number): Promise<number> {
      const r = await tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** A subscription its push service called gone (404/410). */
    async removeGone(tx: Db, id: number): Promise<void> {
      await tx.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    async markDelivered(tx: Db, ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await tx.updateTable('push_subscriptions').set({ last_success_at: at }).where('id', 'in', ids).execute();
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
