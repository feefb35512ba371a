import type { Notification } from '@beesang/contract';
import type { FcmConfig } from '../../../config/push.ts';
import type { Db } from '../../../db/database.ts';
import { notificationTag, type PushChannel, type PushLog, RetryableError, retryAfterMs, settle } from './channel.ts';
import { createDeviceTokensRepository, type StoredDeviceToken } from './device-tokens.repository.ts';
import { FcmAuthError, fcmAccessToken } from './fcm-auth.ts';

export interface FcmChannelOptions {
  db: Db;
  /** config.push.fcm; without it the channel is off: it sends nothing and says so once. */
  config: FcmConfig | undefined;
  log: PushLog;
  /** Whole-request limit per FCM call (default 10 s). */
  timeoutMs?: number;
}

/** FCM HTTP v1's `messages:send` body for one device (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages). */
export function fcmMessage(token: string, n: Notification) {
  const tag = notificationTag(n);
  return {
    message: {
      token,
      notification: { title: n.title, body: n.body },
      // The app opens `url` when the notification is pressed; data values are strings only.
      data: { url: n.url || '/', notificationId: String(n.notificationId), kind: n.kind },
      // A retried delivery replaces the notification it already showed instead of showing it twice.
      android: { notification: { tag } },
      apns: { headers: { 'apns-collapse-id': tag } },
    },
  };
}

interface FcmErrorBody {
  error?: { code?: number; status?: string; message?: string; details?: Array<{ '@type'?: string; errorCode?: string }> };
}

/** FCM's own error code (UNREGISTERED, QUOTA_EXCEEDED, …) from an error answer, else its status. */
function fcmErrorCode(body: FcmErrorBody | undefined): string {
  const detail = body?.error?.details?.find((d) => typeof d.errorCode === 'string');
  return detail?.errorCode ?? body?.error?.status ?? 'UNKNOWN';
}

/** Answers that mean the token will never reach this project again: the install is gone, or the token belongs to another sender. */
const GONE = new Set(['UNREGISTERED', 'SENDER_ID_MISMATCH']);

type Outcome = { ok: boolean; gone?: boolean; retry?: { reason: string; afterMs?: number } };

/**
 * The apps' push through FCM HTTP v1: one `messages:send` per device token, with the service
 * account's OAuth token (google-auth-library). UNREGISTERED removes the token; 429 and 5xx ask
 * the queue to try again (decision 0027).
 */
export function createFcmChannel(options: FcmChannelOptions): PushChannel & { readonly enabled: boolean } {
  const repo = createDeviceTokensRepository(options.db);
  const { config, log, db } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!config) {
    return { channel: 'app', enabled: false, deliver: async () => 0, reachable: async () => new Set() };
  }
  const accessToken = fcmAccessToken(config, timeoutMs);
  const sendUrl = `${config.apiBase}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`;

  async function sendOne(device: StoredDeviceToken, n: Notification, bearer: string): Promise<Outcome> {
    let res: Response;
    let body: FcmErrorBody | undefined;
    try {
      res = await fetch(sendUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(fcmMessage(device.token, n)),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = (await res.json().catch((error: unknown) => {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw error;
        return undefined;
      })) as FcmErrorBody | undefined;
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      return {
        ok: false,
        retry: { reason: name === 'TimeoutError' || name === 'AbortError' ? `timeout after ${timeoutMs} ms` : `network error (${name})` },
      };
    }
    if (res.ok) return { ok: true };
    const code = fcmErrorCode(body);
    if (GONE.has(code)) {
      log(`FCM: device token ${device.id} is ${code}; removed`);
      return { ok: false, gone: true };
    }
    if (res.status === 429 || res.status >= 500) {
      return { ok: false, retry: { reason: `HTTP ${res.status} ${code}`, afterMs: retryAfterMs(res.headers.get('retry-after')) } };
    }
    log(`FCM: message to device token ${device.id} refused (HTTP ${res.status} ${code})`);
    return { ok: false };
  }

  return {
    channel: 'app',
    enabled: true,
    reachable: (userIds) => repo.usersWithAny(userIds),
    async deliver(userId, n) {
      const devices = await repo.ofUser(userId);
      if (devices.length === 0) return 0;
      let bearer: string;
      try {
        bearer = await accessToken();
      } catch (error) {
        if (error instanceof RetryableError) throw error;
        log(error instanceof FcmAuthError ? error.message : 'FCM: no access token', error);
        return 0;
      }
      const outcomes = await Promise.all(devices.map((d) => sendOne(d, n, bearer)));
      for (const [i, d] of devices.entries()) if (outcomes[i]?.gone) await repo.removeGone(db, d.id);
      return settle(outcomes, `FCM to member ${userId}`);
    },
  };
}
