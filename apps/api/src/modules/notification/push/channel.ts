import type { Notification } from '@beesang/contract';

/** One way a notification reaches a member outside the site: their browsers (Web Push) or their app installs (FCM). */
export interface PushChannel {
  readonly channel: 'webPush' | 'app';
  /**
   * Sends `n` to every browser (webPush) or device (app) the member registered. Resolves when each
   * target answered; removes targets the provider says are gone (404/410 for Web Push, UNREGISTERED
   * for FCM). Throws a RetryableError (with retryAfterMs when the provider said) on 429/5xx or a
   * network failure, so the queue retries the job with backoff; other failures are logged, not thrown.
   * `marketing` messages are already prefixed by the caller. Returns how many targets received it.
   */
  deliver(userId: number, n: Notification): Promise<number>;
  /** Of `userIds`, those with at least one target on this channel (one query for a delivery batch). */
  reachable(userIds: number[]): Promise<Set<number>>;
}

export class RetryableError extends Error {
  readonly retryAfterMs?: number;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/** Logs one line per outcome worth knowing; never a token, an endpoint's secret part or a key. */
export type PushLog = (message: string, error?: unknown) => void;

/**
 * A Retry-After header (seconds or an HTTP date) in milliseconds, or undefined when absent or
 * unreadable. Capped at an hour: a provider's answer must not park a job for days.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  return Math.min(ms, 3_600_000);
}

/** The tag both channels give a notification: a retried delivery replaces what it showed instead of showing it twice. */
export const notificationTag = (n: Pick<Notification, 'notificationId'>) => `n${n.notificationId}`;

/**
 * Several targets each answered: the count that received it, or, when any answer asked to try
 * again, a RetryableError with the longest wait any of them asked for.
 */
export function settle(outcomes: Array<{ ok: boolean; retry?: { reason: string; afterMs?: number } }>, what: string): number {
  const retries = outcomes.flatMap((o) => (o.retry ? [o.retry] : []));
  if (retries.length > 0) {
    const waits = retries.flatMap((r) => (r.afterMs === undefined ? [] : [r.afterMs]));
    throw new RetryableError(
      `${what}: ${retries.length} of ${outcomes.length} to try again (${retries[0]?.reason})`,
      waits.length ? Math.max(...waits) : undefined,
    );
  }
  return outcomes.filter((o) => o.ok).length;
}
