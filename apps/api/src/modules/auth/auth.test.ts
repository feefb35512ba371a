import { createHmac } from 'node:crypto';
import { messages, SanctionState } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/http.ts';
import { newPhone, verifiedTicket } from '../../test/phone.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const forged = { tried: 0, accepted: 0 };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  console.log(`forged tokens tried / accepted: ${forged.tried} / ${forged.accepted}`);
  await t?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url,
  payload: payload as object,
  headers,
});
const signUpBody = (phone: string, email: string, extra: Record<string, unknown> = {}) => ({
  userId: email,
  userName: '비상회원',
  phoneNumber: phone,
  profileUrl: '',
  deviceType: 3,
  fcmDeviceToken: '',
  userDeviceId: '',
  marketingFlag: false,
  nighttimeAlarmFlag: false,
  ...extra,
});

async function signUp(phone = newPhone(), email = `${phone}@example.com`) {
  const ticket = await verifiedTicket(t.app, phone);
  const res = await t.app.inject(post('/api/auth/sms/sign-up', signUpBody(phone, email), { 'x-verification-ticket': ticket }));
  expect(res.statusCode, res.body).toBe(200);
  const body = (res.json() as { result: { result11: { accessToken: string; refreshToken?: string } } }).result.result11;
  // The web (deviceType 3) keeps its refresh token only in the HttpOnly cookie, never in the body.
  expect(body.refreshToken).toBeUndefined();
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('REFRESH_TOKEN='));
  const refreshToken = (cookie as string).split(';')[0]!.slice('REFRESH_TOKEN='.length);
  return { phone, email, accessToken: body.accessToken, refreshToken, res };
}

async function me(accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
}

async function tryForged(token: string) {
  forged.tried++;
  const res = await me(token);
  if (res.statusCode === 200) forged.accepted++;
  return res;
}

describe('phone sign-up and sign-in', () => {
  it('refuses sign-in and sign-up without a verification ticket, or with another phone’s', async () => {
    const phone = newPhone();
    await expectError(t.app, post('/api/auth/sms/sign-in', { phone }), 401, messages.verificationRequired);
    await expectError(t.app, post('/api/auth/sms/sign-up', signUpBody(phone, 'a@example.com')), 401, messages.verificationRequired);
    const otherTicket = await verifiedTicket(t.app, newPhone());
    await expectError(t.app, post('/api/auth/sms/sign-in', { phone }, { 'x-verification-ticket': otherTicket }), 401);
    await expectError(t.app, `/api/user/userPhone/${phone}`, 401);
  });

  it('signs up a new member (COMMON) with HttpOnly cookies and no-store, and the ticket works once', async () => {
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/user/userPhone/${phone}`, headers: { 'x-verification-ticket': ticket } });
    expect(lookup.json()).toEqual({ result: false });
    const res = await t.app.inject(
      post('/api/auth/sms/sign-up', signUpBody(phone, 'new@example.com'), { 'x-verification-ticket': ticket }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('ACCESS_TOKEN='))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('REFRESH_TOKEN='))).toMatch(/HttpOnly/i);
    // Pages never see the refresh cookie (/api/auth only); this hint tells them a session can resume.
    const hint = cookies.find((c) => c.startsWith('BEESANG_SESSION=')) ?? '';
    expect(hint).toMatch(/^BEESANG_SESSION=1;/);
    expect(hint).toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\/;/);
    expect(hint).toMatch(/Max-Age=\d{7}/);
    const { accessToken } = (res.json() as { result: { result11: { accessToken: string } } }).result.result11;
    const detail = await me(accessToken);
    expect(detail.json()).toMatchObject({
      result: { userNickname: '비상회원', userEmail: 'new@example.com', userLevel: 1, expertType: 'NORMAL' },
    });
    expect((detail.json() as { result: { phoneMasked: string } }).result.phoneMasked).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    // The ticket was consumed by the sign-up.
    await expectError(t.app, post('/api/auth/sms/sign-in', { phone }, { 'x-verification-ticket': ticket }), 401);
  });

  it('signs in a registered phone; an unknown phone is not a member', async () => {
    const member = await signUp();
    t.clock.advance(5_000);
    const ticket = await verifiedTicket(t.app, member.phone);
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/user/userPhone/${member.phone}`,
      headers: { 'x-verification-ticket': ticket },
    });
    expect(lookup.json()).toEqual({ result: true });
    const res = await t.app.inject(
      post(
        '/api/auth/sms/sign-in',
        { phone: member.phone, deviceType: 3, userDeviceId: '', fcmDeviceToken: '' },
        { 'x-verification-ticket': ticket },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { accessToken } = (res.json() as { result: { accessToken: string } }).result;
    expect((await me(accessToken)).statusCode).toBe(200);

    const stranger = newPhone();
    const strangerTicket = await verifiedTicket(t.app, stranger);
    await expectError(
      t.app,
      post('/api/auth/sms/sign-in', { phone: stranger }, { 'x-verification-ticket': strangerTicket }),
      404,
      messages.notMember,
    );
  });

  it('refuses a second account for a phone and a taken email', async () => {
    const member = await signUp();
    t.clock.advance(5_000);
    const again = await verifiedTicket(t.app, member.phone);
    const dup = await expectError(
      t.app,
      post('/api/auth/sms/sign-up', signUpBody(member.phone, 'other@example.com'), { 'x-verification-ticket': again }),
      409,
    );
    expect(dup.code).toBe('FAIL_HAS_BEESANG_USER');
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    const taken = await expectError(
      t.app,
      post('/api/auth/sms/sign-up', signUpBody(phone, member.email.toUpperCase()), { 'x-verification-ticket': ticket }),
      409,
    );
    expect(taken).toMatchObject({ code: 'EMAIL_IN_USE', fields: { userId: messages.emailInUse } });
    expect((await t.app.inject(`/api/user/userId/${encodeURIComponent(member.email)}`)).json()).toEqual({ result: true });
    expect((await t.app.inject('/api/user/userId/nobody%40example.com')).json()).toEqual({ result: false });
  });

  it('validates sign-up input with the spec wording', async () => {
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    const bad = async (extra: Record<string, unknown>, field: string, message: string) => {
      const body = await expectError(
        t.app,
        post('/api/auth/sms/sign-up', signUpBody(phone, `${phone}@example.com`, extra), { 'x-verification-ticket': ticket }),
        400,
      );
      expect(Object.entries(body.fields ?? {}).find(([k]) => k.endsWith(field))?.[1]).toBe(message);
    };
    await bad({ userName: '비' }, 'userName', messages.nicknameMin);
    await bad({ userName: '비상비상비상비상비상비' }, 'userName', messages.nicknameMax);
    await bad({ userName: '비상1' }, 'userName', messages.nicknameLetters);
    await bad({ userId: 'not-an-email' }, 'userId', messages.emailInvalidNormal);
    await bad({ expertType: 'PB', expertName: '김비상', officeInfo: { name: '비상증권' } }, 'profileUrl', messages.profilePhotoRequired);
    await bad({ expertType: 'CTA', expertName: '김비상', profileUrl: '/u/a.png' }, 'name', messages.officeRequiredCta);
    await bad(
      { expertType: 'PB', expertName: '김비상', profileUrl: '/u/a.png', officeInfo: { name: '비상증권' } },
      'dept',
      messages.deptRequired,
    );
    await bad(
      {
        expertType: 'PB',
        expertName: '김비상',
        profileUrl: '/u/a.png',
        officeInfo: { name: '비상증권', dept: 'WM' },
        introduction: '가'.repeat(501),
      },
      'introduction',
      messages.introductionMax,
    );
  });

  it('keeps a suspended member out', async () => {
    const member = await signUp();
    await t.db.updateTable('users').set({ sanction_state: SanctionState.SUSPEND }).where('email', '=', member.email).execute();
    // The token held stops at once and says why (issue 10 §3).
    const held = await me(member.accessToken);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ message: messages.suspended, code: 'SUSPENDED' });
    t.clock.advance(5_000);
    const ticket = await verifiedTicket(t.app, member.phone);
    await expectError(
      t.app,
      post('/api/auth/sms/sign-in', { phone: member.phone }, { 'x-verification-ticket': ticket }),
      403,
      messages.suspended,
    );
  });
});

describe('tokens (SECURITY.md §Tokens)', () => {
  it('refuses tampered, alg:none, foreign-key, expired and refresh-as-access tokens', async () => {
    const member = await signUp();
    const [header, body, signature] = member.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const otherUser = enc({ ...claims, sub: String(Number(claims.sub) + 1) });
    const noneHeader = enc({ alg: 'none', typ: 'JWT' });
    const foreignSig = createHmac('sha256', 'not-our-secret').update(`${header}.${body}`).digest('base64url');
    for (const token of [
      `${header}.${otherUser}.${signature}`,
      `${noneHeader}.${body}.`,
      `${noneHeader}.${body}.${signature}`,
      `${enc({ alg: 'HS512', typ: 'JWT' })}.${body}.${signature}`,
      `${header}.${body}.${foreignSig}`,
      `${header}.${enc({ ...claims, aud: 'someone-else' })}.${signature}`,
      member.refreshToken,
      'garbage',
      '',
    ]) {
      expect((await tryForged(token)).statusCode, token.slice(0, 40)).toBe(401);
    }
    expect((await me(member.accessToken)).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await tryForged(member.accessToken)).statusCode).toBe(401);
    await expectError(t.app, '/api/user/myPage/detail', 401, messages.sessionExpired);
  });

  it('rotates refresh tokens and revokes the whole family when an old one comes back', async () => {
    const member = await signUp();
    const refresh = (token: string) => t.app.inject(post('/api/auth/refresh', { refreshToken: token }));
    const first = await refresh(member.refreshToken);
    expect(first.statusCode, first.body).toBe(200);
    const next = (first.json() as { result: { accessToken: string; refreshToken: string } }).result;
    expect(next.refreshToken).not.toBe(member.refreshToken);
    expect((await me(next.accessToken)).statusCode).toBe(200);
    // The old token again, after the 30-second grace for tabs refreshing together: a copy exists
    // somewhere, so the family ends (sessions.test.ts covers the grace window itself).
    t.clock.advance(31_000);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookies', async () => {
    const member = await signUp();
    const out = await t.app.inject(post('/api/auth/logout', { refreshToken: member.refreshToken }));
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/ACCESS_TOKEN=;/);
    expect(String(out.headers['set-cookie'])).toMatch(/BEESANG_SESSION=;/);
    const refused = await t.app.inject(post('/api/auth/refresh', { refreshToken: member.refreshToken }));
    expect(refused.statusCode).toBe(401);
    // A refresh that fails ends the hint too, so pages stop trying to resume.
    expect(String(refused.headers['set-cookie'])).toMatch(/BEESANG_SESSION=;/);
  });

  it('refreshes from the cookie and ends at the absolute lifetime', async () => {
    const member = await signUp();
    let token = member.refreshToken;
    for (let day = 0; day < 61; day += 10) {
      t.clock.advance(10 * 86_400_000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { REFRESH_TOKEN: token },
        headers: { origin: 'http://localhost:3000' },
      });
      if (day < 50) {
        expect(res.statusCode, `day ${day + 10} ${res.body}`).toBe(200);
        // The web's next refresh token comes back only in its HttpOnly cookie.
        expect((res.json() as { result: { refreshToken?: string } }).result.refreshToken).toBeUndefined();
        const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('REFRESH_TOKEN='));
        token = (cookie as string).split(';')[0]!.slice('REFRESH_TOKEN='.length);
      } else {
        expect(res.statusCode, `day ${day + 10}`).toBe(401);
      }
    }
  });

  it('refuses cookie-authenticated unsafe requests from another site', async () => {
    const member = await signUp();
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { ACCESS_TOKEN: member.accessToken, REFRESH_TOKEN: member.refreshToken },
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { REFRESH_TOKEN: member.refreshToken },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    // A cookie that is not ours (a load balancer's stickiness cookie) carries no session: a
    // cross-site post with only that is answered as a visitor's, as Apple's form post must be.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { SERVERID: 'app-2' },
      headers: { origin: 'https://appleid.apple.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(204);
    // The session survived both attempts.
    expect((await t.app.inject(post('/api/auth/refresh', { refreshToken: member.refreshToken }))).statusCode).toBe(200);
  });
});
