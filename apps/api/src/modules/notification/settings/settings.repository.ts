import type { NotificationChannel, NotificationGroup } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

export type Switches = Record<NotificationGroup, Record<NotificationChannel, boolean>>;

/** The only writer of notification_settings: a member's switches per group and channel. */
export function createSettingsRepository(db: Db) {
  return {
    async groups(userId: number): Promise<Partial<Switches> | undefined> {
      const row = await db.selectFrom('notification_settings').select('groups').where('user_id', '=', userId).executeTakeFirst();
      return row?.groups as Partial<Switches> | undefined;
    },

    /** Members (of `userIds`) who switched `channel` off for `group`: everyone else has it on. */
    async offFor(userIds: number[], group: NotificationGroup, channel: NotificationChannel): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const { rows } = await sql<{ user_id: number }>`
        select user_id from notification_settings
         where user_id in (${sql.join(userIds)}) and (groups -> ${group} ->> ${channel})::boolean is false`.execute(db);
      return new Set(rows.map((r) => r.user_id));
    },

    async save(tx: Db, userId: number, groups: Switches, at: Date): Promise<void> {
      await tx
        .insertInto('notification_settings')
        .values({ user_id: userId, groups: JSON.stringify(groups), updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ groups: JSON.stringify(groups), updated_at: at }))
        .execute();
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
