import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCode } from '../test/phone.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { maskPhone, redactPath } from './log.ts';

describe('log paths', () => {
  it('mask phone numbers, replace e-mail addresses and drop query strings', () => {
    expect(redactPath('/api/user/userPhone/01012345678')).toBe('/api/user/userPhone/010****5678');
    expect(redactPath('/api/user/userId/kim%40example.com')).toBe('/api/user/userId/[email]');
    expect(redactPath('/api/user/userId/kim@example.com?x=1')).toBe('/api/user/userId/[email]');
    expect(redactPath('/api/dev/sms-outbox?phone=01012345678')).toBe('/api/dev/sms-outbox');
    expect(redactPath('/auth/callback/kakao?code=abc&state=def')).toBe('/auth/callback/kakao');
    // Ids, codes of companies and malformed escapes pass as they are.
    expect(redactPath('/api/v2/stock/profile/123')).toBe('/api/v2/stock/profile/123');
    expect(redactPath('/api/v2/stock/search/%E0%A4%A')).toBe('/api/v2/stock/search/%E0%A4%A');
    expect(maskPhone('01012345678')).toBe('010****5678');
  });
});

describe('what the running app writes to its log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    // Debug: every request is logged, so that every request of the journey is checked.
    t = await createTestApp({ seed: false, logLines: lines, config: { logLevel: 'debug' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds no full phone number, e-mail, code, ticket or token through a whole phone sign-up', async () => {
    const phone = '01098765432';
    const email = 'log-check@example.com';
    const code = await requestCode(t.app, phone);
    const matched = await t.app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code } });
    const ticket = (matched.json() as { verificationTicket: string }).verificationTicket;
    await t.app.inject({ method: 'GET', url: `/api/user/userPhone/${phone}`, headers: { 'x-verification-ticket': ticket } });
    await t.app.inject({ method: 'GET', url: `/api/user/userId/${encodeURIComponent(email)}` });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/sign-up',
      headers: { 'x-verification-ticket': ticket },
      payload: { userId: email, userName: '로그점검', phoneNumber: phone, deviceType: 1, userDeviceId: '', fcmDeviceToken: '' },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const { accessToken, refreshToken } = (signUp.json() as { result: { result11: { accessToken: string; refreshToken: string } } }).result
      .result11;
    await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
    // A failing request logs too.
    await t.app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code: '000000' } });

    const log = lines.join('\n');
    // The requests were logged, with the phone masked.
    expect(log).toContain('/api/user/userPhone/010****5432');
    expect(log).toContain('/api/user/userId/[email]');
    for (const secret of [phone, email, encodeURIComponent(email), code, ticket, accessToken, refreshToken]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log).not.toContain(secret);
    }
  });
});

describe('the request log at info, the production default', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ companies: 3, logLines: lines });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes nothing for requests that succeed, and one line without body or query for each that fails', async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: '/api/v2/stock/profile/1' })).statusCode).toBe(200);
    expect(lines).toEqual([]);

    const phone = '01055501234';
    await t.app.inject({ url: `/api/v2/stock/profile/999999?phone=${phone}` });
    expect((await t.app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code: '12345x' } })).statusCode).toBe(400);
    await t.app.inject({ url: `/api/user/userPhone/${phone}` });
    expect((await t.app.inject({ url: `/api/no-such-route/${phone}` })).statusCode).toBe(404);
    // One line per request, and nothing else (no "incoming request", no "route not found").
    expect(lines).toHaveLength(4);
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string }; res?: { statusCode: number }; ms?: number });
    const requests = logged.filter((l) => l.req);
    expect(requests.map((l) => [l.req?.url, l.res?.statusCode])).toEqual([
      ['/api/v2/stock/profile/999999', 404],
      ['/api/sms/match', expect.any(Number)],
      ['/api/user/userPhone/010****1234', expect.any(Number)],
      ['/api/no-such-route/010****1234', 404],
    ]);
    for (const l of requests) {
      expect(l.res?.statusCode).toBeGreaterThanOrEqual(400);
      expect(typeof l.ms).toBe('number');
    }
    const text = lines.join('\n');
    expect(text).not.toContain(phone);
    expect(text).not.toContain('12345x');
  });
});
