import { formatDateTime } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { createMemberView } from '../../lib/member-view.ts';
import type { LiveSender } from '../deal/shared/live.ts';
import { createPriceAlertsRepository } from './alerts/price-alerts.repository.ts';
import { createPriceAlertsService, PRICE_CHANGED_JOB } from './alerts/price-alerts.service.ts';
import { type Audience, CAMPAIGN_JOB, createCampaignService } from './campaigns/campaign.service.ts';
import { createCampaignsRepository } from './campaigns/campaigns.repository.ts';
import { type Channel, createDeliverer } from './delivery/deliver.ts';
import { createDevicesRepository } from './devices.repository.ts';
import { LISTING_POSTED_JOB, listenForNotifications } from './hooks.ts';
import { createNotificationRepository } from './notification.repository.ts';
import { createNotificationService, DELIVER_JOB } from './notification.service.ts';
import { createSettingsRepository } from './settings/settings.repository.ts';
import { type Consents, createSettingsService } from './settings/settings.service.ts';

/**
 * The notification module (issue 23): it listens to what other modules announce, writes
 * notifications in their transactions, and delivers them through the job queue to the push
 * channels; its own tables only.
 */
export function createNotificationModule(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  events: DomainEventBus;
  live: LiveSender;
  /** Drops the members' unread counts and alerts on every instance when they change (issue 24). */
  bus: InvalidationBus;
  consents: Consents & Audience;
  companyExists: (companyId: number) => Promise<boolean>;
  listingTakers: (companyId: number, sale: boolean, price: number, except: number) => Promise<number[]>;
  /** Agreed deals lapsing within `hours` (the deal module), and open listings ending within `days` (the trade module). */
  lapsingDeals: (
    hours: number,
  ) => Promise<Array<{ dealId: number; conversationId: number; sellerId: number; buyerId: number; lapsesAt: Date; companyName: string }>>;
  endingListings: (days: number) => Promise<Array<{ id: number | string; user_id: number; expires_at: Date }>>;
  log: (message: string, error?: unknown) => void;
  /** The database runs in the server's thread (embedded): background work paces itself (lib/pace.ts). */
  paced: boolean;
}) {
  const { db, clock, jobs, events, live } = deps;
  const repo = createNotificationRepository(db);
  // What every page of a member shows (issue 24): their unread count and price alerts, kept per instance.
  const view = <V>(topic: string) => createMemberView<V>({ bus: deps.bus, topic });
  const notifications = createNotificationService({
    db,
    repo,
    jobs,
    live,
    clock,
    log: deps.log,
    unread: { view: view<number>(TOPICS.notifications), bus: deps.bus },
  });
  const settings = createSettingsService({
    db,
    repo: createSettingsRepository(db),
    consents: deps.consents,
    clock,
    cache: { view: view(TOPICS.session), bus: deps.bus },
  });
  const alerts = createPriceAlertsService({
    db,
    repo: createPriceAlertsRepository(db),
    jobs,
    companyExists: deps.companyExists,
    clock,
    written: (tx, rows, of) => notifications.written(tx, rows, of),
    cache: { view: view(TOPICS.priceAlerts), bus: deps.bus },
    paced: deps.paced,
  });
  const campaigns = createCampaignService({ db, repo: createCampaignsRepository(), audience: deps.consents, notifications, jobs, clock });
  const listings = listenForNotifications({
    events,
    notifications,
    alerts,
    jobs,
    listingTakers: deps.listingTakers,
    devices: createDevicesRepository(),
    db,
  });
  const channels: Channel[] = [];

  // Retried with backoff on a provider's 429/5xx; a claimed job an instance left (a crash) is taken again.
  const deliver = createDeliverer({ repo, settings, channels: () => channels, clock, paced: deps.paced });
  jobs.define(DELIVER_JOB, deliver, {
    retryLimit: 8,
    retryBackoff: true,
    expireInSeconds: 300,
    heartbeatSeconds: 10,
    // A fan-out queues a job per slice (about a hundred notifications): taken ten at a time and
    // without waiting for the next poll while there is a backlog, not one a second.
    batchSize: 10,
  });
  jobs.define<{ companyId: number; price: number; previous: number; at: string }>(PRICE_CHANGED_JOB, (e) => alerts.judge(e), {
    expireInSeconds: 300,
    heartbeatSeconds: 10,
  });
  jobs.define<Parameters<typeof listings.listingPosted>[0]>(LISTING_POSTED_JOB, (e) => listings.listingPosted(e), {
    expireInSeconds: 300,
    heartbeatSeconds: 10,
  });
  jobs.define<{ campaignId: number }>(CAMPAIGN_JOB, (e) => campaigns.send(e), { expireInSeconds: 300, heartbeatSeconds: 10 });

  return {
    notifications,
    settings,
    alerts,
    campaigns,
    /** The delivery job's work (what DELIVER_JOB runs), for a batch of notification ids. */
    deliver,
    /**
     * The housekeeping step (every few minutes, any instance): notifications past 90 days go; held
     * campaign messages whose morning came are sent; members are told a day before an agreed deal
     * lapses and three days before a listing ends (each once: dedupe keys).
     */
    async housekeeping() {
      await notifications.purge();
      await campaigns.releaseHeld();
      const lapsing = await deps.lapsingDeals(24);
      const ending = await deps.endingListings(3);
      if (lapsing.length === 0 && ending.length === 0) return;
      await unitOfWork(db, async (tx) => {
        for (const d of lapsing)
          for (const userId of [d.sellerId, d.buyerId])
            await notifications.notify(tx, {
              userId,
              kind: 'DEAL_LAPSING',
              title: `${d.companyName} 거래가 곧 자동 취소돼요`,
              body: `${formatDateTime(d.lapsesAt)}까지 두 분 모두 거래 완료를 확인하지 않으면 취소되고 수량이 매물로 돌아가요.`,
              url: `/messages/${d.conversationId}`,
              dedupeKey: `deal:${d.dealId}:lapsing`,
            });
        for (const l of ending)
          await notifications.notify(tx, {
            userId: l.user_id,
            kind: 'LISTING_ENDING',
            title: '매물이 3일 뒤 종료돼요',
            body: `${formatDateTime(l.expires_at)}에 등록 30일이 지나 자동으로 종료돼요.`,
            url: '/myPage/trades',
            dedupeKey: `listing:${l.id}:ending`,
          });
      });
    },

    /** Adds a push channel (Web Push, FCM): delivery jobs send through every channel added. */
    addChannel(channel: Channel) {
      channels.push(channel);
    },
  };
}
export type NotificationModule = ReturnType<typeof createNotificationModule>;
