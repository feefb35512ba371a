import { generateKeyPairSync } from 'node:crypto';
import type { Notification } from '@beesang/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FcmMock, startFcmMock } from '../../../../../../scripts/testing/fcm-mock.ts';
import { ConfigError, loadConfig } from '../../../config/config.ts';
import { newPhone, verifiedTicket } from '../../../test/phone.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { RetryableError } from './channel.ts';
import { createFcmChannel } from './fcm.channel.ts';

/**
 * The apps' push through FCM HTTP v1 (issue 23), against a local FCM and token endpoint: a member
 * who signed in from the app with a device token receives the push; a token FCM calls UNREGISTERED
 * is removed; 429 and 5xx ask the queue to try again.
 */

let fcm: FcmMock;
let t: TestApp;
const logged: string[] = [];

const notification = (over: Partial<Notification> = {}): Notification => ({
  notificationId: 77,
  kind: 'PRICE_ALERT',
  title: '가격 알림',
  body: '비상전자가 12,000원을 넘었어요.',
  url: '/stock/12',
  createdAt: '2026-11-20T05:00:00.000Z',
  readAt: null,
  ...over,
});

/** An FCM registration token as the apps get one. */
const deviceToken = (n: number) => `fGx1${n}TkVzdA:APA91bH${'x'.repeat(120)}${n}`;

beforeAll(async () => {
  fcm = await startFcmMock();
  // Through the environment, as a deployment sets it: the JSON as Google's console downloads it.
  const config = loadConfig({
    NODE_ENV: 'test',
    FCM_SERVICE_ACCOUNT: JSON.stringify(fcm.serviceAccount),
    FCM_API_BASE: fcm.apiBase,
    FCM_TOKEN_URI: fcm.tokenUri,
  });
  expect(config.push?.fcm?.projectId).toBe(fcm.projectId);
  t = await createTestApp({ seed: false, config: { push: config.push } });
});
afterAll(async () => {
  await t?.close();
  await fcm?.close();
});
beforeEach(() => {
  fcm.sent.length = 0;
  logged.length = 0;
});

const appChannel = () => t.app.services.push.channels.app;
const tokensOf = (userId: number) =>
  t.db.selectFrom('device_tokens').select(['token', 'platform']).where('user_id', '=', userId).orderBy('id').execute();

/** Signs up with id and password from the app (deviceType 1), sending `fcmDeviceToken`; the member's id. */
async function appMember(fcmDeviceToken: string, deviceType: 1 | 2 = 1) {
  const phone = newPhone();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: {
      userId: `${phone}@example.com`,
      userPassword: 'correct horse 1',
      userName: '앱회원',
      phoneNumber: phone,
      deviceType,
      fcmDeviceToken,
    },
    headers: { 'x-verification-ticket': await verifiedTicket(t.app, phone) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { accessToken } = (res.json() as { result: { accessToken: string } }).result;
  const me = await t.app.inject({ url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
  return { id: (me.json() as { result: { userIdx: number } }).result.userIdx, email: `${phone}@example.com`, phone, accessToken };
}

describe('an app member receives push through FCM', () => {
  it('records the sign-up’s token and sends the notification to it with the OAuth token FCM issued', async () => {
    const member = await appMember(deviceToken(1), 2);
    expect(await tokensOf(member.id)).toEqual([{ token: deviceToken(1), platform: 2 }]);

    expect(await appChannel().deliver(member.id, notification())).toBe(1);
    expect(fcm.sent).toHaveLength(1);
    const [sent] = fcm.sent;
    expect(sent?.authorization).toMatch(/^Bearer ya29\./);
    expect(sent?.message).toEqual({
      token: deviceToken(1),
      notification: { title: '가격 알림', body: '비상전자가 12,000원을 넘었어요.' },
      data: { url: '/stock/12', notificationId: '77', kind: 'PRICE_ALERT' },
      android: { notification: { tag: 'n77' } },
      apns: { headers: { 'apns-collapse-id': 'n77' } },
    });
  });

  it('sends to each app install the member signed in on, reusing the access token', async () => {
    const member = await appMember(deviceToken(2));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userId: member.email, userPassword: 'correct horse 1', deviceType: 1, fcmDeviceToken: deviceToken(3) },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const grants = fcm.tokenGrants;
    expect(await appChannel().deliver(member.id, notification())).toBe(2);
    expect(fcm.sent.map((s) => s.message.token).sort()).toEqual([deviceToken(2), deviceToken(3)].sort());
    expect(fcm.tokenGrants).toBe(grants);
  });

  it('records the token of a phone (SMS) sign-in too', async () => {
    const member = await appMember('');
    // Past the resend cooldown of the sign-up's code.
    t.clock.advance(6_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/sign-in',
      payload: { phone: member.phone, deviceType: 1, fcmDeviceToken: deviceToken(5) },
      headers: { 'x-verification-ticket': await verifiedTicket(t.app, member.phone) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tokensOf(member.id)).toEqual([{ token: deviceToken(5), platform: 1 }]);
  });

  it('moves a token to the member who signed in with it last', async () => {
    const first = await appMember(deviceToken(4));
    const second = await appMember(deviceToken(4));
    expect(await tokensOf(first.id)).toEqual([]);
    expect(await appChannel().deliver(first.id, notification())).toBe(0);
    expect(await appChannel().deliver(second.id, notification())).toBe(1);
  });

  it('signs in without recording a token that is not one, and with none', async () => {
    const odd = await appMember('not a token');
    const none = await appMember('');
    expect(await tokensOf(odd.id)).toEqual([]);
    expect(await tokensOf(none.id)).toEqual([]);
  });
});

describe('account deletion', () => {
  it('forgets the member’s app installs and browsers: nothing is pushed to them again', async () => {
    const member = await appMember(deviceToken(50));
    await t.db
      .insertInto('push_subscriptions')
      .values({ user_id: member.id, endpoint: 'https://fcm.googleapis.com/fcm/send/gone', p256dh: 'BP', auth: 'a', created_at: new Date() })
      .execute();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${member.id}`,
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await tokensOf(member.id)).toEqual([]);
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
  });
});

describe('what FCM answers', () => {
  it('removes a token FCM calls UNREGISTERED (404) and sends to the member’s other devices', async () => {
    const member = await appMember(deviceToken(10));
    await t.app.services.push.devices.recordDeviceToken(member.id, deviceToken(11), 1);
    fcm.unregister(deviceToken(10));
    expect(await appChannel().deliver(member.id, notification())).toBe(1);
    expect((await tokensOf(member.id)).map((r) => r.token)).toEqual([deviceToken(11)]);
  });

  it.each([
    ['429 QUOTA_EXCEEDED with Retry-After', 429, 'QUOTA_EXCEEDED', '30', 30_000],
    ['503 UNAVAILABLE', 503, 'UNAVAILABLE', undefined, undefined],
    ['500 INTERNAL', 500, 'INTERNAL', undefined, undefined],
  ])('throws RetryableError on %s and keeps the token', async (_label, status, code, retryAfter, waitMs) => {
    const member = await appMember(deviceToken(20 + status));
    fcm.fail(status, code, { retryAfter });
    const error = await appChannel()
      .deliver(member.id, notification())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryableError);
    expect((error as RetryableError).retryAfterMs).toBe(waitMs);
    expect(await tokensOf(member.id)).toHaveLength(1);
    // The queue's retry goes through.
    expect(await appChannel().deliver(member.id, notification())).toBe(1);
  });

  it('logs a refusal no retry would change (400 INVALID_ARGUMENT) and keeps the token', async () => {
    const member = await appMember(deviceToken(30));
    fcm.fail(400, 'INVALID_ARGUMENT');
    expect(await appChannel().deliver(member.id, notification())).toBe(0);
    expect(await tokensOf(member.id)).toHaveLength(1);
  });

  it('throws RetryableError when FCM cannot be reached, and logs (not throws) when the service account is refused', async () => {
    const member = await appMember(deviceToken(31));
    const unreachable = createFcmChannel({
      db: t.db,
      config: {
        projectId: fcm.projectId,
        clientEmail: fcm.serviceAccount.client_email,
        privateKey: fcm.serviceAccount.private_key,
        apiBase: 'http://127.0.0.1:1',
        tokenUri: fcm.tokenUri,
      },
      log: (m) => logged.push(m),
    });
    await expect(unreachable.deliver(member.id, notification())).rejects.toBeInstanceOf(RetryableError);

    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const refused = createFcmChannel({
      db: t.db,
      config: {
        projectId: fcm.projectId,
        clientEmail: fcm.serviceAccount.client_email,
        privateKey: otherKey,
        apiBase: fcm.apiBase,
        tokenUri: fcm.tokenUri,
      },
      log: (m) => logged.push(m),
    });
    expect(await refused.deliver(member.id, notification())).toBe(0);
    expect(logged.join('\n')).toMatch(/refused a token \(HTTP 400\)/);
    expect(logged.join('\n')).not.toContain('PRIVATE KEY');
    expect(fcm.sent).toEqual([]);
  });

  it('is off without FCM settings: sends nothing, while sign-ins still record their tokens', async () => {
    const member = await appMember(deviceToken(40));
    const off = createFcmChannel({ db: t.db, config: undefined, log: (m) => logged.push(m) });
    expect(off.enabled).toBe(false);
    expect(await off.deliver(member.id, notification())).toBe(0);
    expect(await tokensOf(member.id)).toHaveLength(1);
  });
});

describe('FCM configuration', () => {
  const base = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;

  it('is off without settings, and takes a key whose newlines an env file escaped once more', () => {
    expect(loadConfig(base).push?.fcm).toBeUndefined();
    const escaped = JSON.stringify({ ...fcm.serviceAccount, private_key: fcm.serviceAccount.private_key.replaceAll('\n', '\\n') });
    const push = loadConfig({ ...base, FCM_SERVICE_ACCOUNT: escaped, FCM_PROJECT_ID: 'other-project' }).push;
    expect(push?.fcm?.privateKey).toBe(fcm.serviceAccount.private_key);
    expect(push?.fcm?.projectId).toBe('other-project');
    expect(push?.fcm?.apiBase).toBe('https://fcm.googleapis.com');
  });

  it('lists every push problem in one start-up error without repeating a key', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        FCM_PROJECT_ID: 'beesang',
        VAPID_PUBLIC_KEY: 'c2hvcnQ',
        VAPID_PRIVATE_KEY: 'secret-private-value',
        VAPID_SUBJECT: 'ops@beesang.kr',
        PUSH_ENDPOINT_ALLOW: 'https://push.example.com,ftp://x.example,https://push.example.com/path',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    for (const name of [
      'FCM_SERVICE_ACCOUNT',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
      'ftp://x.example',
      'https://push.example.com/path',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).not.toContain('secret-private-value');
    expect(() => loadConfig({ ...base, FCM_SERVICE_ACCOUNT: '{"client_email":"a@b"}' })).toThrow(/private_key/);
    expect(() => loadConfig({ ...base, FCM_SERVICE_ACCOUNT: 'not json' })).toThrow(ConfigError);
  });

  it('reads the VAPID keys, subject and extra push origins', () => {
    const push = loadConfig({
      ...base,
      PUBLIC_URL: 'https://beesang.kr',
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
      PUSH_ENDPOINT_ALLOW: 'https://push.example.com/, http://127.0.0.1:9000',
    }).push;
    expect(push?.vapidKeys).toEqual({ publicKey: `B${'A'.repeat(86)}`, privateKey: 'A'.repeat(43) });
    expect(push?.vapidSubject).toBe('https://beesang.kr');
    expect(push?.allowOrigins).toEqual(['https://push.example.com', 'http://127.0.0.1:9000']);
  });
});
