import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { PUSH_SUBSCRIPTIONS_PATH, state, subscribe, unsubscribe, VAPID_KEY_PATH } from './web-push';

/**
 * The settings' Web Push helper against a stand-in for the browser's service worker, Push API and
 * notification permission (outside our walls), and a stubbed API.
 */

const SERVER_KEY = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const OLD_KEY = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 200 - i));
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

class FakeSubscription {
  unsubscribed = false;
  readonly endpoint: string;
  readonly key: Uint8Array;
  constructor(endpoint: string, key: Uint8Array) {
    this.endpoint = endpoint;
    this.key = key;
  }
  get options() {
    return { applicationServerKey: this.key.buffer, userVisibleOnly: true };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPpub', auth: 'auth-secret' } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    return true;
  }
}

interface Browser {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscription: FakeSubscription | null;
  requestPermission: ReturnType<typeof vi.fn>;
  register: ReturnType<typeof vi.fn>;
  subscribeCalls: Array<{ applicationServerKey: Uint8Array }>;
}

let browser: Browser;
let api: ReturnType<typeof vi.fn>;
let refuse: { status: number; body: unknown } | null;

function install() {
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: async (options: { applicationServerKey: Uint8Array }) => {
      browser.subscribeCalls.push(options);
      browser.subscription = new FakeSubscription(
        `https://fcm.googleapis.com/fcm/send/${browser.subscribeCalls.length}`,
        options.applicationServerKey,
      );
      return browser.subscription;
    },
  };
  const registration = { pushManager, scope: 'http://localhost/' };
  let registered = false;
  browser.register = vi.fn(async () => {
    registered = true;
    return registration;
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: browser.register,
      ready: Promise.resolve(registration),
      getRegistration: async () => (registered ? registration : undefined),
    },
  });
  browser.requestPermission = vi.fn(async () => {
    browser.permission = browser.answer;
    return browser.answer;
  });
  vi.stubGlobal('PushManager', class {});
  // A getter, so that the permission read later is the one the member gave meanwhile.
  const FakeNotification = class {};
  Object.defineProperty(FakeNotification, 'permission', { get: () => browser.permission });
  Object.defineProperty(FakeNotification, 'requestPermission', { value: browser.requestPermission });
  vi.stubGlobal('Notification', FakeNotification);
  api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === VAPID_KEY_PATH) return Response.json({ result: { publicKey: b64url(SERVER_KEY) } });
    if (refuse) return Response.json(refuse.body, { status: refuse.status });
    if (path === PUSH_SUBSCRIPTIONS_PATH && (init?.method === 'POST' || init?.method === 'DELETE'))
      return new Response(null, { status: 204 });
    return Response.json({ message: '없는 주소' }, { status: 404 });
  });
  vi.stubGlobal('fetch', api);
}

beforeEach(() => {
  browser = { permission: 'default', answer: 'granted', subscription: null } as Browser;
  browser.subscribeCalls = [];
  refuse = null;
  install();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const calls = () => api.mock.calls.map(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(input)}`);

describe('subscribe()', () => {
  it('asks for permission before anything else waits, subscribes with the server key and hands the subscription to the API', async () => {
    const done = subscribe();
    // Still inside the click: a browser that asks only on a user gesture gets the request now.
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    await expect(done).resolves.toBe('on');
    expect(browser.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(browser.subscribeCalls).toHaveLength(1);
    expect(browser.subscribeCalls[0]).toMatchObject({ userVisibleOnly: true });
    expect([...(browser.subscribeCalls[0]?.applicationServerKey ?? [])]).toEqual([...SERVER_KEY]);
    expect(calls()).toEqual([`GET ${VAPID_KEY_PATH}`, `POST ${PUSH_SUBSCRIPTIONS_PATH}`]);
    const sent = JSON.parse(String((api.mock.calls[1]?.[1] as RequestInit).body)) as { endpoint: string; keys: unknown };
    expect(sent).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/1',
      expirationTime: null,
      keys: { p256dh: 'BPpub', auth: 'auth-secret' },
    });
    await expect(state()).resolves.toBe('on');
  });

  it('replaces a subscription made for another server key, and keeps one made for this key', async () => {
    browser.permission = 'granted';
    const old = new FakeSubscription('https://fcm.googleapis.com/fcm/send/old', OLD_KEY);
    browser.subscription = old;
    await subscribe();
    expect(old.unsubscribed).toBe(true);
    expect(browser.subscribeCalls).toHaveLength(1);

    const current = browser.subscription;
    await subscribe();
    expect(browser.subscription).toBe(current);
    expect(browser.subscribeCalls).toHaveLength(1);
  });

  it('says denied, and subscribes nothing, when the member blocks notifications', async () => {
    browser.answer = 'denied';
    await expect(subscribe()).resolves.toBe('denied');
    expect(browser.subscribeCalls).toEqual([]);
    expect(calls()).not.toContain(`POST ${PUSH_SUBSCRIPTIONS_PATH}`);
    await expect(state()).resolves.toBe('denied');
  });

  it('drops the browser’s subscription again when the API refuses it, and rejects with the API’s message', async () => {
    refuse = { status: 400, body: { message: '이 브라우저의 푸시 서비스 주소는 받을 수 없어요.', code: 'PUSH_ENDPOINT_NOT_ALLOWED' } };
    const error = await subscribe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('이 브라우저의 푸시 서비스 주소는 받을 수 없어요.');
    expect(browser.subscription?.unsubscribed).toBe(true);
  });

  it('is unsupported without a service worker or the Push API', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await expect(subscribe()).resolves.toBe('unsupported');
    await expect(state()).resolves.toBe('unsupported');
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });
});

describe('unsubscribe()', () => {
  it('tells the API which endpoint to forget, then drops the browser’s subscription', async () => {
    await subscribe();
    const subscription = browser.subscription;
    await unsubscribe();
    expect(calls().at(-1)).toBe(`DELETE ${PUSH_SUBSCRIPTIONS_PATH}`);
    expect(JSON.parse(String((api.mock.calls.at(-1)?.[1] as RequestInit).body))).toEqual({ endpoint: subscription?.endpoint });
    expect(subscription?.unsubscribed).toBe(true);
  });

  it('drops the browser’s subscription even when the API cannot be told', async () => {
    await subscribe();
    const subscription = browser.subscription;
    refuse = { status: 500, body: { message: '잠시 후 다시 시도해주세요.' } };
    await expect(unsubscribe()).rejects.toBeInstanceOf(ApiError);
    expect(subscription?.unsubscribed).toBe(true);
  });
});
