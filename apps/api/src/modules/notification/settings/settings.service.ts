import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUPS,
  type NotificationChannel,
  type NotificationGroup,
  type NotificationSettings,
} from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { type InvalidationBus, TOPICS } from '../../../lib/invalidation.ts';
import { type MemberView, membersChanged } from '../../../lib/member-view.ts';
import type { SettingsRepository, Switches } from './settings.repository.ts';

/** Every group on every channel, until the member switches one off (advertising still needs consent). */
export function defaultSwitches(): Switches {
  return Object.fromEntries(
    NOTIFICATION_GROUPS.map((g) => [g, Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, true]))]),
  ) as Switches;
}

/** The member's consent, kept on their account by the auth module. */
export interface Consents {
  consents(userId: number): Promise<{ marketing_flag: boolean; nighttime_alarm_flag: boolean } | undefined>;
  setConsents(tx: Db, userId: number, c: { marketing: boolean; nighttime: boolean }): Promise<void>;
}

/** A member's switches per group and channel, and their consent to advertising (issue 23 §2, §3). */
export function createSettingsService(deps: {
  db: Db;
  repo: SettingsRepository;
  consents: Consents;
  clock: Clock;
  /**
   * The settings as 마이페이지 shows them, kept per member and instance (issue 24): dropped by the
   * `session` topic, which every write to the member's account row announces (the consents live there)
   * and a save here announces too.
   */
  cache?: { view: MemberView<NotificationSettings>; bus: InvalidationBus };
}) {
  const { db, repo, consents, clock, cache } = deps;
  const read = async (userId: number): Promise<NotificationSettings> => {
    const [saved, consent] = await Promise.all([repo.groups(userId), consents.consents(userId)]);
    const groups = defaultSwitches();
    for (const g of NOTIFICATION_GROUPS) Object.assign(groups[g], saved?.[g] ?? {});
    return { groups, marketingFlag: consent?.marketing_flag ?? false, nighttimeAlarmFlag: consent?.nighttime_alarm_flag ?? false };
  };
  return {
    get: (userId: number): Promise<NotificationSettings> =>
      cache ? cache.view.get(userId, 'notification-settings', () => read(userId)) : read(userId),

    /** Saves both in one transaction; night-time consent means nothing without consent to advertising. */
    async put(userId: number, s: NotificationSettings): Promise<NotificationSettings> {
      await unitOfWork(db, async (tx) => {
        await repo.save(tx, userId, s.groups, clock.now());
        await consents.setConsents(tx, userId, { marketing: s.marketingFlag, nighttime: s.nighttimeAlarmFlag });
        membersChanged(cache?.bus, TOPICS.session, tx, [userId]);
      });
      return this.get(userId);
    },

    /** Of `userIds`, who takes `group` on `channel`. */
    async takers(userIds: number[], group: NotificationGroup, channel: NotificationChannel): Promise<number[]> {
      const off = await repo.offFor(userIds, group, channel);
      return userIds.filter((id) => !off.has(id));
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
