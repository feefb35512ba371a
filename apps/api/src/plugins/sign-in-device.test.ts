import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone, verifiedTicket } from '../test/phone.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The device a session starts from (issue 23's "새 기기에서 로그인했어요") is read from the request
 * that signs in, through each route group that starts sessions: a sign-up, a password sign-in and
 * a phone sign-in. The first device is the account's own; a later new one is told.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const TABLET_APP = 'Beesang/2.1 (Android)';

async function signedIn(res: Awaited<ReturnType<TestApp['app']['inject']>>): Promise<string> {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { accessToken: string } }).result.accessToken;
}

async function told(token: string): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/notifications', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  const list = (res.json() as { result: { data: Array<{ kind: string; body: string }> } }).result.data;
  return list.filter((n) => n.kind === 'SECURITY_NEW_DEVICE').map((n) => n.body);
}

describe('a sign-in from a new device is told, whichever route signs in', () => {
  it('sign-up, then a password sign-in and a phone sign-in from the same and from new devices', async () => {
    const phone = newPhone();
    const email = `${phone}@example.com`;
    const password = 'device check 123';
    const first = await signedIn(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { 'user-agent': DESKTOP, 'x-verification-ticket': await verifiedTicket(t.app, phone) },
        payload: { userId: email, userPassword: password, userName: '기기회원', phoneNumber: phone },
      }),
    );
    expect(await told(first)).toEqual([]);

    const passwordSignIn = (agent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'user-agent': agent },
        payload: { userId: email, userPassword: password },
      });
    // The same browser again: nothing to tell.
    await signedIn(await passwordSignIn(DESKTOP));
    expect(await told(first)).toEqual([]);
    // A phone's browser: told, by its kind.
    await signedIn(await passwordSignIn(PHONE));
    const afterPhone = await told(first);
    expect(afterPhone).toHaveLength(1);
    expect(afterPhone[0]).toContain('모바일 브라우저');

    // The phone sign-in route, from an app install it has not seen (a new code after the resend wait).
    t.clock.advance(60_000);
    const appSignIn = await signedIn(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sms/sign-in',
        headers: { 'user-agent': TABLET_APP, 'x-verification-ticket': await verifiedTicket(t.app, phone) },
        payload: { phone, deviceType: 1, userDeviceId: 'install-7f3a' },
      }),
    );
    const afterApp = await told(appSignIn);
    expect(afterApp).toHaveLength(2);
    expect(afterApp.some((body) => body.includes('Android 앱'))).toBe(true);
  });
});
