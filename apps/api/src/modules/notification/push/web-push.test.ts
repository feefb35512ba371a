import type { ServerResponse } from 'node:http';
import { messages, type Notification } from '@beesang/contract';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/http.ts';
import { createMember, expiredToken, type TestMember } from '../../../test/members.ts';
import { type BrowserSubscription, created, type LocalPushService, startLocalPushService } from '../../../test/push-service.ts';
import { createTestApp, HANGUL, secondInstance, type TestApp } from '../../../test/test-app.ts';
import { RetryableError } from './channel.ts';
import { isAllowedEndpoint, pushEndpointAllow } from './endpoint-allow.ts';

/**
 * Web Push end to end on the API side (issue 23): a member opts a browser in with a real P-256
 * subscription whose endpoint is a local push service; `deliver` sends through web-push, and the
 * test decrypts what arrived as the browser would. The provider's answers decide what happens to
 * the subscription and whether the queue tries again.
 */

let push: LocalPushService;
let t: TestApp;

const notification = (over: Partial<Notification> = {}): Notification => ({
  notificationId: 41,
  kind: 'DEAL_OFFER',
  title: '새 거래 제안',
  body: '비상전자 100주를 주당 12,000원에 사겠다는 제안이 왔어요.',
  url: '/messages/7',
  createdAt: '2026-11-20T05:00:00.000Z',
  readAt: null,
  ...over,
});

beforeAll(async () => {
  push = await startLocalPushService();
  t = await createTestApp({
    seed: false,
    config: { push: { vapidSubject: 'mailto:ops@beesang.kr', allowOrigins: [push.origin] } },
  });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});
beforeEach(() => {
  push.answer(created);
  push.received.length = 0;
});

const webPush = () => t.app.services.push.channels.webPush;

async function subscribe(member: TestMember, subscription: Pick<BrowserSubscription, 'endpoint' | 'keys'>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...member.headers, 'user-agent': 'Mozilla/5.0 (test) Chrome/140' },
    payload: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
  });
}

const subscriptionsOf = (userId: number) =>
  t.db.selectFrom('push_subscriptions').select(['endpoint', 'user_agent', 'last_success_at']).where('user_id', '=', userId).execute();

describe('GET /api/push/vapid-public-key', () => {
  it('answers an uncompressed P-256 key, the same on every instance (kept in the database)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = (res.json() as { result: { publicKey: string } }).result;
    const bytes = Buffer.from(publicKey, 'base64url');
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    const other = await secondInstance(t);
    try {
      const again = await other.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
      expect((again.json() as { result: { publicKey: string } }).result.publicKey).toBe(publicKey);
    } finally {
      await other.close();
    }
  });
});

describe('delivering to a subscribed browser', () => {
  it('sends an aes128gcm message the browser decrypts to the title, body and url, signed with our VAPID key', async () => {
    const member = await createMember(t);
    const browser = push.subscribe();
    const res = await subscribe(member, browser);
    expect(res.statusCode, res.body).toBe(204);

    const n = notification();
    expect(await webPush().deliver(member.id, n)).toBe(1);

    expect(push.received).toHaveLength(1);
    const [sent] = push.received;
    if (!sent) throw new Error('nothing sent');
    expect(`${push.origin}${sent.path}`).toBe(browser.endpoint);
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(sent.headers.ttl)).toBeGreaterThan(0);
    expect(sent.headers.topic).toBe('n41');
    // Encrypted: none of the text travels in the clear.
    expect(sent.body.toString('latin1')).not.toContain('url');

    const payload = JSON.parse(browser.decrypt(sent.body)) as Record<string, unknown>;
    expect(payload).toMatchObject({ title: n.title, body: n.body, url: '/messages/7', tag: 'n41', notificationId: 41, kind: 'DEAL_OFFER' });

    // RFC 8292: `vapid t=<JWT signed with our private key>, k=<our public key>`, for this push service.
    const { publicKey } = (
      (await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json() as { result: { publicKey: string } }
    ).result;
    const m = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(String(sent.headers.authorization));
    expect(m?.[2]).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(m?.[1] ?? '', key, { audience: push.origin });
    expect(claims.sub).toBe('mailto:ops@beesang.kr');

    const [row] = await subscriptionsOf(member.id);
    expect(row?.user_agent).toContain('Chrome/140');
    expect(row?.last_success_at).not.toBeNull();
  });

  it('sends to each browser of the member and to no one else', async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    const [a, b, c] = [push.subscribe(), push.subscribe(), push.subscribe()];
    for (const s of [a, b]) expect((await subscribe(member, s)).statusCode).toBe(204);
    expect((await subscribe(other, c)).statusCode).toBe(204);
    expect(await webPush().deliver(member.id, notification({ notificationId: 42 }))).toBe(2);
    expect(push.received.map((r) => `${push.origin}${r.path}`).sort()).toEqual([a.endpoint, b.endpoint].sort());
    expect(await webPush().deliver((await createMember(t)).id, notification())).toBe(0);
  });

  it.each([404, 410])('removes a subscription its push service answers %i for', async (status) => {
    const member = await createMember(t);
    const browser = push.subscribe();
    await subscribe(member, browser);
    push.answer((res) => res.writeHead(status).end());
    expect(await webPush().deliver(member.id, notification())).toBe(0);
    expect(await subscriptionsOf(member.id)).toEqual([]);
  });

  it.each([
    ['429 with Retry-After', (res: ServerResponse) => res.writeHead(429, { 'retry-after': '7' }).end(), 7_000],
    ['503', (res: ServerResponse) => res.writeHead(503).end(), undefined],
    ['500', (res: ServerResponse) => res.writeHead(500).end(), undefined],
  ])('throws RetryableError on %s and keeps the subscription', async (_label, answer, waitMs) => {
    const member = await createMember(t);
    await subscribe(member, push.subscribe());
    push.answer(answer);
    const error = await webPush()
      .deliver(member.id, notification())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryableError);
    expect((error as RetryableError).retryAfterMs).toBe(waitMs);
    expect(await subscriptionsOf(member.id)).toHaveLength(1);
  });

  it('throws RetryableError when the push service drops the connection', async () => {
    const member = await createMember(t);
    await subscribe(member, push.subscribe());
    push.answer((res) => res.socket?.destroy());
    await expect(webPush().deliver(member.id, notification())).rejects.toBeInstanceOf(RetryableError);
    expect(await subscriptionsOf(member.id)).toHaveLength(1);
  });

  it('logs and drops a refusal that no retry would change (400), without throwing', async () => {
    const member = await createMember(t);
    await subscribe(member, push.subscribe());
    push.answer((res) => res.writeHead(400).end('bad'));
    expect(await webPush().deliver(member.id, notification())).toBe(0);
    expect(await subscriptionsOf(member.id)).toHaveLength(1);
  });
});

describe('POST /api/push/subscriptions', () => {
  it.each([
    ['an address of its own choosing', 'https://attacker.example/collect'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data'],
    ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['a look-alike host', 'https://fcm.googleapis.com.attacker.example/fcm/send/abc'],
    ['credentials in the address', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['this machine on another port', 'http://127.0.0.1:1/push/abc'],
  ])('refuses %s with a Korean 400 and never calls it', async (_label, endpoint) => {
    const member = await createMember(t);
    const keys = push.subscribe().keys;
    const body = await expectError(
      t.app,
      { method: 'POST', url: '/api/push/subscriptions', headers: member.headers, payload: { endpoint, keys } },
      400,
    );
    expect([messages.pushEndpointNotAllowed, '푸시 구독 주소가 올바르지 않아요.']).toContain(body.message);
    expect(await subscriptionsOf(member.id)).toEqual([]);
    expect(push.received).toEqual([]);
  });

  it('takes the browsers’ push services', async () => {
    const member = await createMember(t);
    const keys = push.subscribe().keys;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: member.headers,
        payload: { endpoint, keys },
      });
      expect(res.statusCode, `${endpoint} ${res.body}`).toBe(204);
    }
    expect(await subscriptionsOf(member.id)).toHaveLength(4);
  });

  it('answers 401 to a visitor or an expired token, whatever the body', async () => {
    const member = await createMember(t);
    for (const headers of [{}, await expiredToken(t, member.id)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers, payload: { endpoint: 'nonsense' } });
      expect(res.statusCode).toBe(401);
      expect((res.json() as { message: string }).message).toMatch(HANGUL);
    }
  });

  it('moves a browser’s subscription to the member who subscribed on it last', async () => {
    const [first, second] = [await createMember(t), await createMember(t)];
    const browser = push.subscribe();
    await subscribe(first, browser);
    await subscribe(second, browser);
    expect(await subscriptionsOf(first.id)).toEqual([]);
    expect(await subscriptionsOf(second.id)).toHaveLength(1);
    expect(await webPush().deliver(first.id, notification())).toBe(0);
    expect(push.received).toEqual([]);
  });

  it('keeps a member’s ten newest browsers', async () => {
    const member = await createMember(t);
    const browsers = Array.from({ length: 12 }, () => push.subscribe());
    for (const b of browsers) {
      t.clock.advance(1_000);
      expect((await subscribe(member, b)).statusCode).toBe(204);
    }
    const kept = (await subscriptionsOf(member.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(
      browsers
        .slice(2)
        .map((b) => b.endpoint)
        .sort(),
    );
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('forgets the member’s own subscription and leaves another member’s alone', async () => {
    const [owner, other] = [await createMember(t), await createMember(t)];
    const browser = push.subscribe();
    await subscribe(owner, browser);
    const del = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers, payload: { endpoint: browser.endpoint } });

    expect((await del(other.headers)).statusCode).toBe(204);
    expect(await subscriptionsOf(owner.id)).toHaveLength(1);
    expect((await del({})).statusCode).toBe(401);
    expect(await subscriptionsOf(owner.id)).toHaveLength(1);

    expect((await del(owner.headers)).statusCode).toBe(204);
    expect(await subscriptionsOf(owner.id)).toEqual([]);
    expect(await webPush().deliver(owner.id, notification())).toBe(0);
    // Once more: nothing left to forget, still 204.
    expect((await del(owner.headers)).statusCode).toBe(204);
  });
});

describe('the allow-list', () => {
  const allow = pushEndpointAllow(['http://127.0.0.1:9000']);
  it.each([
    ['https://fcm.googleapis.com/fcm/send/x', true],
    ['https://FCM.googleapis.com/fcm/send/x', true],
    ['https://wns2-bl2p.notify.windows.com/w/?token=x', true],
    ['https://notify.windows.com/w/?token=x', false],
    ['https://evil-notify.windows.com/w/?token=x', false],
    ['https://api.push.apple.com/3/device/x', true],
    ['https://web.push.apple.com/x', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['https://fcm.googleapis.com:443/fcm/send/x', true],
    ['https://fcm.googleapis.com./fcm/send/x', false],
    ['http://127.0.0.1:9000/push/x', true],
    ['http://127.0.0.1:9001/push/x', false],
    ['https://127.0.0.1:9000/push/x', false],
    ['not a url', false],
  ])('%s → %s', (endpoint, expected) => {
    expect(isAllowedEndpoint(endpoint, allow)).toBe(expected);
  });
});
