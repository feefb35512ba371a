import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The only writer of sign_in_devices: the devices each member signed in from (issue 23 §1, security). */
export function createDevicesRepository() {
  return {
    /** Records a sign-in from `deviceKey`: whether the device is new, and whether the member had signed in from another before. */
    async seen(tx: Db, userId: number, deviceKey: string, at: Date): Promise<{ fresh: boolean; others: number }> {
      const made = await tx
        .insertInto('sign_in_devices')
        .values({ user_id: userId, device_key: deviceKey, first_seen_at: at, last_seen_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'device_key']).doUpdateSet({ last_seen_at: at }))
        .returning(sql<boolean>`(xmax = 0)`.as('fresh'))
        .executeTakeFirstOrThrow();
      const others = await tx
        .selectFrom('sign_in_devices')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('device_key', '!=', deviceKey)
        .executeTakeFirstOrThrow();
      return { fresh: Boolean(made.fresh), others: Number(others.n) };
    },
  };
}
