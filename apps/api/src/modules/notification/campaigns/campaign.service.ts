import { MARKETING_OPT_OUT, MARKETING_PREFIX, QUIET_HOURS } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import type { JobQueue } from '../../../lib/job-queue.ts';
import type { NotificationService } from '../notification.service.ts';
import type { CampaignsRepository } from './campaigns.repository.ts';

export const CAMPAIGN_JOB = 'notification.campaign';
const HOUR_MS = 3_600_000;
const KST_OFFSET_MS = 9 * HOUR_MS;

/** Who consented to advertising, and who also to advertising at night (the auth module keeps both). */
export interface Audience {
  marketingAudience(): Promise<Array<{ id: number; night: boolean }>>;
}

/** The KST hour of `at`, and the next 08:00 KST after it. */
export function quietHours(at: Date): { quiet: boolean; morning: Date } {
  const kst = new Date(at.getTime() + KST_OFFSET_MS);
  const hour = kst.getUTCHours();
  const quiet = hour >= QUIET_HOURS.from || hour < QUIET_HOURS.to;
  const morning = new Date(Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate(), QUIET_HOURS.to) - KST_OFFSET_MS);
  if (morning.getTime() <= at.getTime()) morning.setTime(morning.getTime() + 24 * HOUR_MS);
  return { quiet, morning };
}

/** The text as members read it: '(광고)' first, how to opt out last (정보통신망법 §50). */
export const marketingText = (c: { title: string; body: string }) => ({
  title: `${MARKETING_PREFIX} ${c.title}`,
  body: `${c.body}\n${MARKETING_OPT_OUT}`,
});

/**
 * Operators' campaigns (issue 23 §3): advertising, only to members who consented; between 21:00 and
 * 08:00 KST only to those who also consented to night-time messages, the others held until 08:00
 * and then sent (never dropped, unless they withdrew consent meanwhile).
 */
export function createCampaignService(deps: {
  db: Db;
  repo: CampaignsRepository;
  audience: Audience;
  notifications: NotificationService;
  jobs: JobQueue;
  clock: Clock;
}) {
  const { db, repo, audience, notifications, jobs, clock } = deps;

  async function split() {
    const members = await audience.marketingAudience();
    const { quiet, morning } = quietHours(clock.now());
    const now = quiet ? members.filter((m) => m.night).map((m) => m.id) : members.map((m) => m.id);
    const sent = new Set(now);
    return { consenting: members.length, now, held: members.filter((m) => !sent.has(m.id)).map((m) => m.id), morning };
  }

  return {
    async preview(c: { title: string; body: string }) {
      const { consenting, now, held } = await split();
      return { consenting, now: now.length, heldUntilMorning: held.length, ...marketingText(c) };
    },

    /** Records the campaign in the caller's (audited) transaction and queues its sending. */
    async create(tx: Db, c: { title: string; body: string; url: string; by: number }) {
      const campaignId = await repo.insert(tx, { ...c, at: clock.now() });
      await jobs.send(tx, CAMPAIGN_JOB, { campaignId });
      return campaignId;
    },

    /** The job: who may be told now is told; the rest wait for the morning. */
    async send({ campaignId }: { campaignId: number }) {
      const { now, held, morning } = await split();
      await unitOfWork(db, async (tx) => {
        const campaign = await repo.get(tx, campaignId);
        if (!campaign) throw new AppError(404, 'notFound', 'NOT_FOUND');
        await notifications.notifyMany(tx, now, {
          kind: 'MARKETING',
          ...marketingText(campaign),
          url: campaign.url || '/',
          dedupeKey: `campaign:${campaignId}`,
        });
        await repo.hold(tx, campaignId, held, morning);
      });
    },

    /** The housekeeping step: held members whose morning came, still consenting, are told. How many. */
    async releaseHeld(): Promise<number> {
      const consenting = new Set((await audience.marketingAudience()).map((m) => m.id));
      return unitOfWork(db, async (tx) => {
        let total = 0;
        for (const [campaignId, userIds] of await repo.takeDue(tx, clock.now(), 10_000)) {
          const campaign = await repo.get(tx, campaignId);
          if (!campaign) continue;
          total += await notifications.notifyMany(
            tx,
            userIds.filter((id) => consenting.has(id)),
            { kind: 'MARKETING', ...marketingText(campaign), url: campaign.url || '/', dedupeKey: `campaign:${campaignId}` },
          );
        }
        return total;
      });
    },
  };
}
export type CampaignService = ReturnType<typeof createCampaignService>;
