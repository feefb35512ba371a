import type { Db } from '../../../db/database.ts';

export interface StoredDeviceToken {
  id: number;
  token: string;
  platform: number;
}

/** The only writer of device_tokens: the app installs each member signed in on, by FCM registration token (issue 23). */
export function createDeviceTokensRepository(db: Db) {
  return {
    async usersWithAny(userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db.selectFrom('device_tokens').select('user_id').distinct().where('user_id', 'in', userIds).execute();
      return new Set(rows.map((r) => Number(r.user_id)));
    },

    async ofUser(userId: number): Promise<StoredDeviceToken[]> {
      const rows = await db
        .selectFrom('device_tokens')
        .select(['id', 'token', 'platform'])
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /** Records a sign-in's token for the member; a token another member signed in with before is theirs no longer (one install, one member). */
    async upsert(tx: Db, t: { userId: number; token: string; platform: number; at: Date }) {
      await tx
        .insertInto('device_tokens')
        .values({ user_id: t.userId, token: t.token, platform: t.platform, created_at: t.at, last_seen_at: t.at })
        .onConflict((oc) =>
          oc.column('token').doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            platform: eb.ref('excluded.platform'),
            last_seen_at: eb.ref('excluded.last_seen_at'),
            // A token moving to another member starts anew for them.
            created_at: eb
              .case()
              .when('device_tokens.user_id', '=', eb.ref('excluded.user_id'))
              .then(eb.ref('device_tokens.created_at'))
              .else(eb.ref('excluded.created_at'))
              .end(),
          })),
        )
        .execute();
    },

    /** Keeps the member's `max` most recently seen tokens and deletes the rest. */
    async keepNewest(tx: Db, userId: number, max: number): Promise<number> {
      const keep = tx
        .selectFrom('device_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('last_seen_at', 'desc')
        .orderBy('id', 'desc')
        .limit(max);
      const r = await tx.deleteFrom('device_tokens').where('user_id', '=', userId).where('id', 'not in', keep).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** A token FCM called unregistered (the app was uninstalled, or the token replaced). */
    async removeGone(tx: Db, id: number): Promise<void> {
      await tx.deleteFrom('device_tokens').where('id', '=', id).execute();
    },

    /** Every token of the member (account deletion). */
    async removeAll(tx: Db, userId: number): Promise<number> {
      const r = await tx.deleteFrom('device_tokens').where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type DeviceTokensRepository = ReturnType<typeof createDeviceTokensRepository>;
