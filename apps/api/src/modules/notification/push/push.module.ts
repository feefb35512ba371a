import type { PushConfig } from '../../../config/push.ts';
import type { Db } from '../../../db/database.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PushChannel, PushLog } from './channel.ts';
import { createDeviceTokenService } from './device-tokens.service.ts';
import { pushEndpointAllow } from './endpoint-allow.ts';
import { createFcmChannel } from './fcm.channel.ts';
import { createPushSubscriptionService } from './push-subscriptions.service.ts';
import { resolveVapid } from './vapid.ts';
import { createWebPushChannel } from './web-push.channel.ts';

/**
 * The push channels (issue 23), put together from the configuration: Web Push for the browsers a
 * member opted in on, FCM for the apps they signed in on, the opt-in itself (push.routes.ts), and
 * the device tokens the sign-in flows record. The notification core delivers through `channels`.
 */
export async function createPushModule(deps: { db: Db; clock: Clock; config: PushConfig | undefined; log: PushLog }) {
  const config = deps.config ?? { vapidSubject: 'mailto:webpush@localhost', allowOrigins: [] };
  const allow = pushEndpointAllow(config.allowOrigins);
  const vapid = await resolveVapid(deps.db, { keys: config.vapidKeys, subject: config.vapidSubject });
  const webPush = createWebPushChannel({ db: deps.db, vapid, log: deps.log, allow, clock: deps.clock });
  const app = createFcmChannel({ db: deps.db, config: config.fcm, log: deps.log });
  const subscriptions = createPushSubscriptionService({ db: deps.db, allow, clock: deps.clock });
  const devices = createDeviceTokenService({ db: deps.db, clock: deps.clock });
  return {
    channels: { webPush, app } satisfies Record<PushChannel['channel'], PushChannel>,
    /** False without FCM settings: the app channel sends nothing then. */
    appEnabled: app.enabled,
    /** Kept in the database, not the environment (warn a deployment about it). */
    vapidFromDatabase: vapid.stored,
    vapidPublicKey: vapid.publicKey,
    subscriptions,
    devices,
    /** Account deletion: every browser and app install of the member is forgotten; nothing is pushed to them again. */
    async forgetMember(userId: number): Promise<void> {
      await subscriptions.forgetMember(userId);
      await devices.forgetMember(userId);
    },
  };
}

export type PushModule = Awaited<ReturnType<typeof createPushModule>>;
