import { performance } from 'node:perf_hooks';
import { NOTIFICATION_GROUP_OF, type Notification, type NotificationKind } from '@beesang/contract';
import type { Clock } from '../../../lib/clock.ts';
import { giveBack } from '../../../lib/pace.ts';
import type { NotificationRepository } from '../notification.repository.ts';
import { toNotification } from '../notification.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/**
 * A push channel (modules/notification/push): sends a notification to every browser or device the
 * member registered; throws only when the provider asked to try again (429, 5xx, the network), so
 * that the job is retried with backoff.
 */
export interface Channel {
  readonly channel: 'webPush' | 'app';
  deliver(userId: number, n: Notification): Promise<number>;
  /** Of `userIds`, those with at least one browser or device on this channel. */
  reachable(userIds: number[]): Promise<Set<number>>;
}

/** A claim older than this whose delivery never settled was left by a process that died mid-send. */
export const STALE_CLAIM_MS = 60_000;

/**
 * Statements of a delivery job cover at most this many notifications: each is one synchronous step
 * of the embedded database, and members' requests wait behind it (issue 23: the profile's p99
 * during a 100,000-member fan-out).
 */
const DELIVERY_CHUNK = 100;

/** A delivery job: notifications, and (queued since issue 23's fan-out work) their members in the same order. */
export interface Delivery {
  ids: number[];
  userIds?: number[];
}

/** Another attempt holds some of this job's deliveries: the job comes back (with backoff) once they are settled or stale. */
export class DeliveriesHeldError extends Error {}

/**
 * The delivery job (issue 23 §4): each notification once per channel. A batch's deliveries on a
 * channel are claimed in one statement (a row per notification and channel), so two instances or a
 * retried job never send one twice; a claim is let go when the provider asks to retry, and one left
 * by a process that died mid-send is taken again once stale. The members' switches and whether they
 * have any browser or device on the channel are read first, once per chunk, and only what will be
 * sent is claimed: a fan-out to a hundred thousand members, most without a device, costs a few reads
 * per hundred and no writes for those who get nothing.
 */
export function createDeliverer(deps: {
  repo: NotificationRepository;
  settings: SettingsService;
  channels: () => Channel[];
  clock: Clock;
  /** The database runs in this thread (embedded PGlite): see giveBack. */
  paced: boolean;
}) {
  const { repo, settings, channels, clock } = deps;
  return async (job: Delivery): Promise<void> => {
    const ids = await reachableOnly(job);
    let held = 0;
    for (let from = 0; from < ids.length; from += DELIVERY_CHUNK) {
      const started = performance.now();
      held += await deliverChunk(ids.slice(from, from + DELIVERY_CHUNK));
      // A fan-out's deliveries come back to back: after each chunk the thread goes back to requests
      // for as long as the chunk held it, when the database runs in it (embedded).
      if (deps.paced) await giveBack(started);
    }
    if (held > 0) throw new DeliveriesHeldError(`${held} deliveries held by another attempt; retried later`);
  };

  /** Of a job's notifications, those whose member has a browser or device on some channel (all, for a job queued without its members). */
  async function reachableOnly({ ids, userIds }: Delivery): Promise<number[]> {
    if (!userIds || userIds.length !== ids.length) return ids;
    const members = [...new Set(userIds)];
    const reached = new Set<number>();
    for (const channel of channels()) for (const id of await channel.reachable(members)) reached.add(id);
    return ids.filter((_, i) => reached.has(userIds[i] as number));
  }

  /** One chunk's deliveries on every channel; how many another attempt holds. */
  async function deliverChunk(ids: number[]): Promise<number> {
    const rows = await repo.byIds(ids);
    const byGroup = new Map<string, typeof rows>();
    for (const r of rows) {
      const group = NOTIFICATION_GROUP_OF[r.kind as NotificationKind];
      const list = byGroup.get(group);
      if (list) list.push(r);
      else byGroup.set(group, [r]);
    }
    let held = 0;
    for (const channel of channels()) {
      // Who takes this kind on this channel and has a browser or device on it is read first: a
      // notification that goes nowhere on a channel (most members have no device) costs no claim.
      const wanted = new Set<number>();
      for (const [group, list] of byGroup) {
        const takers = new Set(await settings.takers([...new Set(list.map((r) => r.user_id))], group as never, channel.channel));
        for (const r of list) if (takers.has(r.user_id)) wanted.add(Number(r.id));
      }
      const reachable = await channel.reachable([...new Set(rows.filter((r) => wanted.has(Number(r.id))).map((r) => r.user_id))]);
      const candidates = rows.filter((r) => wanted.has(Number(r.id)) && reachable.has(r.user_id));
      if (candidates.length === 0) continue;
      const now = clock.now();
      const claim = await repo.claim(
        candidates.map((r) => Number(r.id)),
        channel.channel,
        now,
        new Date(now.getTime() - STALE_CLAIM_MS),
      );
      held += claim.held.size;
      const send = candidates.filter((r) => claim.claimed.has(Number(r.id)));
      for (const [i, r] of send.entries()) {
        try {
          const targets = await channel.deliver(r.user_id, toNotification(r));
          await repo.settle([Number(r.id)], channel.channel, 'SENT', targets, clock.now());
        } catch (error) {
          // This one and those not yet tried go back for the retry.
          await repo.release(
            send.slice(i).map((x) => Number(x.id)),
            channel.channel,
          );
          throw error;
        }
      }
    }
    return held;
  }
}
