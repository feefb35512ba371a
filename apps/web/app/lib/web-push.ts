import type { PushSubscriptionBody } from '@beesang/contract';
import { apiFetch } from './api-client';

/**
 * Web Push for this browser (issue 23): the member's opt-in from /notifications settings.
 *
 * - `state()`: what this browser is at now, without asking the member anything.
 * - `subscribe()`: call it from a click (browsers ask for permission only on a user gesture):
 *   registers /sw.js, asks for notification permission, subscribes with the server's VAPID key and
 *   sends the subscription to the API. Safe to call again (e.g. after another member signed in on
 *   this browser): the same subscription is handed to the signed-in member.
 * - `unsubscribe()`: tells the API and drops the browser's subscription (also right before logout,
 *   so the next person on this browser does not get the previous member's notifications).
 *
 * API failures reject with the client's ApiError (a Korean message to show); the rest resolve to a state.
 */
export type WebPushState =
  /** No service worker, Push API or notifications here (an old browser, iOS Safari outside a home-screen app). */
  | 'unsupported'
  /** The member blocked notifications for this site; only the browser's site settings can undo it. */
  | 'denied'
  | 'off'
  | 'on';

export const VAPID_KEY_PATH = '/api/push/vapid-public-key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';
const WORKER_URL = '/sw.js';

export function isSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function state(): Promise<WebPushState> {
  if (!isSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

const keyBytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** True when `subscription` was made for this server key: one made for a previous key can no longer be sent to. */
function madeFor(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

export async function subscribe(): Promise<WebPushState> {
  if (!isSupported()) return 'unsupported';
  // First, while the click is still the current user gesture (Safari asks only then).
  const permission = Notification.requestPermission();
  const [granted, registration, { publicKey }] = await Promise.all([
    permission,
    navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).then(() => navigator.serviceWorker.ready),
    apiFetch<{ publicKey: string }>(VAPID_KEY_PATH),
  ]);
  if (granted === 'denied') return 'denied';
  if (granted !== 'granted') return 'off';
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeFor(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const body = subscription.toJSON() as PushSubscriptionBody;
  try {
    await apiFetch<null>(PUSH_SUBSCRIPTIONS_PATH, { method: 'POST', body: JSON.stringify(body) });
  } catch (error) {
    // Not kept by the server (a push service it does not send to, a lost session): not on here either.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

export async function unsubscribe(): Promise<void> {
  if (!isSupported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await apiFetch<null>(PUSH_SUBSCRIPTIONS_PATH, { method: 'DELETE', body: JSON.stringify({ endpoint: subscription.endpoint }) });
  } finally {
    // Even when the API cannot be told (signed out already), this browser stops receiving.
    await subscription.unsubscribe();
  }
}
