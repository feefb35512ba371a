import type { Notification } from '@beesang/contract';
import webpush from 'web-push';
import type { Db } from '../../../db/database.ts';
import { type Clock, systemClock } from '../../../lib/clock.ts';
import { notificationTag, type PushChannel, type PushLog, retryAfterMs, settle } from './channel.ts';
import { isAllowedEndpoint, type PushEndpointAllow } from './endpoint-allow.ts';
import { createPushSubscriptionsRepository, type StoredSubscription } from './push-subscriptions.repository.ts';
import type { VapidDetails } from './vapid.ts';

/** How long a push service keeps a message for a browser that is offline: a day, then it is stale. */
const TTL_SECONDS = 86_400;
/** A push message carries at most 4 KB encrypted; Korean text is 3 bytes a character. */
const BODY_MAX_CHARS = 1_000;

export interface WebPushChannelOptions {
  db: Db;
  vapid: VapidDetails;
  log: PushLog;
  allow: PushEndpointAllow;
  clock?: Clock;
  /** Whole-request limit per push service call (default 10 s). */
  timeoutMs?: number;
}

/** What the service worker (apps/web/public/sw.js) reads from a push: the text, where a press goes, and the tag that makes a repeat replace it. */
export function webPushPayload(n: Notification): string {
  return JSON.stringify({
    notificationId: n.notificationId,
    kind: n.kind,
    title: n.title,
    body: n.body.length > BODY_MAX_CHARS ? `${n.body.slice(0, BODY_MAX_CHARS - 1)}…` : n.body,
    url: n.url || '/',
    tag: notificationTag(n),
  });
}

/** An endpoint for the log: its push service only; the path is the subscription's capability. */
const serviceOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'an unreadable endpoint';
  }
};

type Outcome = { ok: boolean; gone?: boolean; retry?: { reason: string; afterMs?: number } };

/**
 * Web Push (RFC 8030) to each browser the member opted in on: `web-push` encrypts the message for
 * the subscription (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292); the request itself
 * goes out through fetch, with a timeout and no redirects followed, to allowed endpoints only
 * (decision 0027).
 */
export function createWebPushChannel(options: WebPushChannelOptions): PushChannel {
  const repo = createPushSubscriptionsRepository(options.db);
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { db, log, allow, vapid } = options;

  async function sendOne(s: StoredSubscription, payload: string, topic: string): Promise<Outcome> {
    const service = serviceOf(s.endpoint);
    // The allow-list may have shrunk since the browser subscribed: such an endpoint is never called.
    if (!isAllowedEndpoint(s.endpoint, allow)) {
      log(`web push: ${service} is not an allowed push service; subscription removed`);
      return { ok: false, gone: true };
    }
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
        vapidDetails: vapid,
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        topic,
      });
    } catch (error) {
      // Keys the browser sent that are not a P-256 point: this subscription can never be sent to.
      log(`web push: subscription at ${service} has unusable keys; removed`, error);
      return { ok: false, gone: true };
    }
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    let res: Response;
    try {
      res = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      const reason = name === 'TimeoutError' || name === 'AbortError' ? `timeout after ${timeoutMs} ms` : `network error (${name})`;
      return { ok: false, retry: { reason: `${service}: ${reason}` } };
    }
    if (res.status >= 200 && res.status < 300) return { ok: true };
    if (res.status === 404 || res.status === 410) {
      log(`web push: ${service} answered ${res.status}; subscription removed`);
      return { ok: false, gone: true };
    }
    if (res.status === 429 || res.status >= 500) {
      return { ok: false, retry: { reason: `${service} answered ${res.status}`, afterMs: retryAfterMs(res.headers.get('retry-after')) } };
    }
    // 400, 401/403 (a VAPID key the subscription was not made for), 413, a redirect: not worth a retry.
    log(`web push: ${service} refused the message (HTTP ${res.status})`);
    return { ok: false };
  }

  return {
    channel: 'webPush',
    reachable: (userIds) => repo.usersWithAny(userIds),
    async deliver(userId, n) {
      const subscriptions = await repo.ofUser(userId);
      if (subscriptions.length === 0) return 0;
      const payload = webPushPayload(n);
      const outcomes = await Promise.all(subscriptions.map((s) => sendOne(s, payload, notificationTag(n))));
      const delivered = subscriptions.filter((_, i) => outcomes[i]?.ok).map((s) => s.id);
      await repo.markDelivered(db, delivered, clock.now());
      for (const [i, s] of subscriptions.entries()) if (outcomes[i]?.gone) await repo.removeGone(db, s.id);
      return settle(outcomes, `web push to member ${userId}`);
    },
  };
}
