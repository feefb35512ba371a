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
    t = await createTestApp({ seed: false, logLines: lines });
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
      payload: { userId: email, userName: '로그점검', phoneNumber: phone, deviceType: 3, userDeviceId: '', fcmDeviceToken: '' },
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
