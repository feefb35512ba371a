import { messages } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/http.ts';
import { newPhone, verifiedTicket } from '../../test/phone.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const crossUser = { tried: 0, succeeded: 0 };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  console.log(`cross-user writes tried / succeeded: ${crossUser.tried} / ${crossUser.succeeded}`);
  await t?.close();
});

type Pair = { accessToken: string; refreshToken: string };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function passwordMember(password = 'correct horse 1') {
  const phone = newPhone();
  const email = `${phone}@example.com`;
  const ticket = await verifiedTicket(t.app, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { userId: email, userPassword: password, userName: '비번회원', phoneNumber: phone, deviceType: 1 },
    headers: { 'x-verification-ticket': ticket },
  });
  expect(res.statusCode, res.body).toBe(200);
  const pair = (res.json() as { result: Pair }).result;
  const me = await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: bearer(pair.accessToken) });
  return { phone, email, password, ...pair, id: (me.json() as { result: { userIdx: number } }).result.userIdx };
}

const signIn = (userId: string, userPassword: string, ip = '127.0.0.1', deviceType = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { socialType: 1, userId, userPassword, deviceType, userDeviceId: '', fcmDeviceToken: '' },
    remoteAddress: ip,
  });

describe('id + password accounts', () => {
  it('signs up with a verified phone, stores only an Argon2id hash, and signs in', async () => {
    const m = await passwordMember();
    const row = await t.db.selectFrom('users').select(['password_hash', 'login_id']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(m.password);
    const ok = await signIn(m.email.toUpperCase(), m.password);
    expect(ok.statusCode, ok.body).toBe(200);
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { userId: 'x@example.com', userPassword: 'long enough', userName: '회원', phoneNumber: newPhone() },
      },
      401,
    );
  });

  it('checks password length with a Korean message', async () => {
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    for (const userPassword of ['short', 'x'.repeat(65)]) {
      await expectError(
        t.app,
        {
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: { userId: `${phone}@example.com`, userPassword, userName: '회원', phoneNumber: phone },
          headers: { 'x-verification-ticket': ticket },
        },
        400,
        messages.passwordLength,
      );
    }
  });

  it('refuses a wrong password the same way as an unknown id', async () => {
    const m = await passwordMember();
    const wrong = await expectError(
      t.app,
      { method: 'POST', url: '/api/auth/sign-in', payload: { userId: m.email, userPassword: 'wrong password' } } as InjectOptions,
      401,
      messages.loginFailed,
    );
    const unknown = await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { userId: 'nobody@example.com', userPassword: 'wrong password' },
      } as InjectOptions,
      401,
    );
    expect(unknown.message).toBe(wrong.message);
  });

  it('slows guessing per (account, address) with growing waits; a stranger cannot lock the owner out', async () => {
    const m = await passwordMember();
    const stranger = '198.51.100.7';
    const owner = '203.0.113.9';
    // Three free tries, then each further try waits twice as long as the one before: 1 s, 2 s, 4 s…
    for (let i = 0; i < 3; i++) expect((await signIn(m.email, 'still wrong', stranger)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const held = await signIn(m.email, 'still wrong', stranger);
      expect(held.statusCode).toBe(429);
      expect(held.json().message).toBe(messages.loginThrottled);
      const wait = Number(held.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expect((await signIn(m.email, 'still wrong', stranger)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // Even the right password waits at that address while the wait runs…
    expect((await signIn(m.email, m.password, stranger)).statusCode).toBe(429);
    // …but the owner, elsewhere, signs in at once, and hears of the attempts exactly once.
    const ownSignIn = await signIn(m.email, m.password, owner);
    expect(ownSignIn.statusCode, ownSignIn.body).toBe(200);
    expect(ownSignIn.json().result.failedSignIns).toBe(7);
    const again = await signIn(m.email, m.password, owner);
    expect(again.json().result.failedSignIns).toBeUndefined();
    // Signing in by phone is never held up by the guessing either.
    t.clock.advance(5_000);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/sign-in',
      payload: { phone: m.phone },
      headers: { 'x-verification-ticket': await verifiedTicket(t.app, m.phone) },
      remoteAddress: stranger,
    });
    expect(phone.statusCode, phone.body).toBe(200);
    // The waits never grow past the 15-minute window, and the window forgets.
    t.clock.advance(15 * 60_000 + 1_000);
    expect((await signIn(m.email, m.password, stranger)).statusCode).toBe(200);
  });

  it('caps guessing from one address across accounts', async () => {
    const ip = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await signIn(`guess${i}@example.com`, 'nope nope', ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    expect((await signIn('guess0@example.com', 'nope nope', '203.0.113.51')).statusCode).toBe(401);
  });

  it('a password change needs the owner present: the current password, or a sign-in or SMS code within 5 minutes', async () => {
    const m = await passwordMember();
    const change = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'PUT', url: '/api/user/password', payload, headers: { ...bearer(m.accessToken), ...headers } });
    // Signed up just now: the sign-in itself is the proof.
    expect((await change({ password: 'fresh one 111' })).statusCode).toBe(200);
    const current = (await signIn(m.email, 'fresh one 111')).json() as { result: Pair };
    m.accessToken = current.result.accessToken;
    // Six minutes later a live token alone is not enough (a borrowed phone, a stolen token).
    t.clock.advance(6 * 60_000);
    await expectError(
      t.app,
      { method: 'PUT', url: '/api/user/password', payload: { password: 'stolen 12345' }, headers: bearer(m.accessToken) } as InjectOptions,
      403,
      messages.reauthRequired,
    );
    const wrong = await change({ password: 'stolen 12345', currentPassword: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: messages.currentPasswordWrong });
    expect((await signIn(m.email, 'stolen 12345')).statusCode).toBe(401);
    // The current password proves it…
    const withCurrent = await change({ password: 'second one 22', currentPassword: 'fresh one 111' });
    expect(withCurrent.statusCode, withCurrent.body).toBe(200);
    m.accessToken = withCurrent.json().result.accessToken;
    t.clock.advance(6 * 60_000);
    // …and so does an SMS code for the member's own phone verified within the last 5 minutes (used up once).
    const ticket = await verifiedTicket(t.app, m.phone);
    const bySms = await change({ password: 'third one 333' }, { 'x-verification-ticket': ticket });
    expect(bySms.statusCode, bySms.body).toBe(200);
    m.accessToken = bySms.json().result.accessToken;
    t.clock.advance(6 * 60_000);
    expect((await change({ password: 'fourth one 44' }, { 'x-verification-ticket': ticket })).statusCode).toBe(403);
    expect((await signIn(m.email, 'third one 333')).statusCode).toBe(200);
  });

  it('a forgotten password is reset with the phone, and every session ends', async () => {
    const m = await passwordMember();
    const reset = async (password: string, phone = m.phone) => {
      t.clock.advance(5_000);
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { phone, password },
        headers: { 'x-verification-ticket': await verifiedTicket(t.app, phone) },
      });
    };
    await expectError(
      t.app,
      { method: 'POST', url: '/api/auth/password/reset', payload: { phone: m.phone, password: 'new pass 1234' } } as InjectOptions,
      401,
      messages.verificationRequired,
    );
    const res = await reset('new pass 1234');
    expect(res.statusCode, res.body).toBe(204);
    expect((await t.app.inject({ url: '/api/user/myPage/detail', headers: bearer(m.accessToken) })).statusCode).toBe(401);
    expect((await signIn(m.email, m.password)).statusCode).toBe(401);
    expect((await signIn(m.email, 'new pass 1234')).statusCode).toBe(200);
    expect((await reset('new pass 1234', newPhone())).statusCode).toBe(404);
  });

  it('a password change ends every other session and the old password', async () => {
    const m = await passwordMember();
    const other = (await signIn(m.email, m.password)).json() as { result: Pair };
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      payload: { password: 'a brand new one' },
      headers: bearer(m.accessToken),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: other.result.refreshToken } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: m.refreshToken } })).statusCode).toBe(
      401,
    );
    expect((await signIn(m.email, m.password)).statusCode).toBe(401);
    expect((await signIn(m.email, 'a brand new one')).statusCode).toBe(200);
  });
});

describe('my account', () => {
  it('edits the profile; server-owned fields and a taken email are refused', async () => {
    const m = await passwordMember();
    const other = await passwordMember();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/myPage',
      payload: { userNickname: '새닉네임' },
      headers: bearer(m.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { result: { userNickname: string } }).result.userNickname).toBe('새닉네임');
    for (const payload of [{ userLevel: 2 }, { sanctionState: 0 }, { userIdx: other.id }]) {
      await expectError(t.app, { method: 'PUT', url: '/api/user/myPage', payload, headers: bearer(m.accessToken) }, 400);
    }
    const taken = await expectError(
      t.app,
      { method: 'PUT', url: '/api/user/myPage', payload: { userEmail: other.email }, headers: bearer(m.accessToken) },
      409,
    );
    expect(taken.code).toBe('EMAIL_IN_USE');
    await expectError(
      t.app,
      { method: 'PUT', url: '/api/user/myPage', payload: { userNickname: '1' }, headers: bearer(m.accessToken) },
      400,
    );
  });

  it('authorization matrix: owner, another member, anonymous, expired token', async () => {
    const owner = await passwordMember();
    const other = await passwordMember();
    const routes = (id: number): InjectOptions[] => [
      { method: 'GET', url: '/api/user/myPage/detail' },
      { method: 'PUT', url: '/api/user/myPage', payload: { userNickname: '바뀐이름' } },
      { method: 'PUT', url: '/api/user/password', payload: { password: 'changed by someone' } },
      { method: 'DELETE', url: `/api/user/${id}` },
    ];
    const before = await t.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();

    // Another member aiming at the owner: only the delete names a target, and it is refused.
    crossUser.tried++;
    const cross = await t.app.inject({ method: 'DELETE', url: `/api/user/${owner.id}`, headers: bearer(other.accessToken) });
    if (cross.statusCode < 300) crossUser.succeeded++;
    expect(cross.statusCode).toBe(403);

    for (const route of routes(owner.id)) {
      expect((await t.app.inject(route)).statusCode, `anonymous ${route.method} ${route.url}`).toBe(401);
    }
    const expiredClock = t.clock.now();
    t.clock.advance(16 * 60_000);
    for (const route of routes(owner.id)) {
      crossUser.tried++;
      const res = await t.app.inject({ ...route, headers: bearer(owner.accessToken) });
      if (res.statusCode < 300) crossUser.succeeded++;
      expect(res.statusCode, `expired ${route.method} ${route.url}`).toBe(401);
    }
    expect(t.clock.now().getTime()).toBeGreaterThan(expiredClock.getTime());
    const after = await t.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('deletes only one’s own account; tokens die and the phone may join again', async () => {
    const m = await passwordMember();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${m.id}`, headers: bearer(m.accessToken) });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: bearer(m.accessToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: m.refreshToken } })).statusCode).toBe(
      401,
    );
    expect((await signIn(m.email, m.password)).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select(['phone_hash', 'email', 'password_hash', 'deleted_at'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone_hash: null, email: null, password_hash: null });
    expect(row.deleted_at).not.toBeNull();
    t.clock.advance(5_000);
    const ticket = await verifiedTicket(t.app, m.phone);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/sign-up',
      payload: { userId: m.email, userName: '다시가입', phoneNumber: m.phone },
      headers: { 'x-verification-ticket': ticket },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
