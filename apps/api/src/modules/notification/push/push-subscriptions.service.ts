import type { PushSubscriptionBody } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import { isAllowedEndpoint, type PushEndpointAllow } from './endpoint-allow.ts';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.ts';

/** Browsers one member may have opted in on; subscribing on an eleventh forgets the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/** A member opts a browser in to Web Push, or out (issue 23). */
export function createPushSubscriptionService(deps: { db: Db; allow: PushEndpointAllow; clock: Clock }) {
  const repo = createPushSubscriptionsRepository(deps.db);
  return {
    /**
     * Keeps the browser's subscription for the member. Only an endpoint of a known push service (or
     * an origin the operator allowed) is taken: the server will POST to it (SSRF).
     */
    async subscribe(userId: number, body: PushSubscriptionBody, userAgent: string): Promise<void> {
      if (!isAllowedEndpoint(body.endpoint, deps.allow)) throw new AppError(400, 'pushEndpointNotAllowed', 'PUSH_ENDPOINT_NOT_ALLOWED');
      await unitOfWork(deps.db, async (tx) => {
        await repo.upsert(tx, {
          userId,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          userAgent: userAgent.slice(0, 300),
          at: deps.clock.now(),
        });
        await repo.keepNewest(tx, userId, PUSH_SUBSCRIPTIONS_MAX);
      });
    },

    /** Forgets the member's subscription at `endpoint`; another member's is left alone. Idempotent. */
    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await repo.remove(deps.db, userId, endpoint);
    },

    /** Forgets every browser of the member (account deletion): nothing is pushed to them again. */
    async forgetMember(userId: number): Promise<void> {
      await repo.removeAll(deps.db, userId);
    },
  };
}

export type PushSubscriptionService = ReturnType<typeof createPushSubscriptionService>;
