import { messages, SanctionState } from '@beesang/contract';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config/config.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import { decrypt, encrypt } from '../../../lib/crypto.ts';
import { createKeyring } from '../../../lib/keyring.ts';
import { expectError } from '../../../test/http.ts';
import { newPhone, verifiedTicket } from '../../../test/phone.ts';
import { createTestApp, secondInstance, type TestApp } from '../../../test/test-app.ts';
import { REFRESH_GRACE_MS } from '../auth.service.ts';

/**
 * Issue 13 §2: sessions end when they should — on the next request, whichever instance serves
 * it — and two tabs refreshing together keep working while a late replay still ends the family.
 */
const K1 = { kid: 'k1', secret: 'first-secret-of-the-ring-0123456789abcdef' };
const K2 = { kid: 'k2', secret: 'second-secret-of-the-ring-0123456789abcdef' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { authSecrets: [K1] } });
});
afterAll(async () => {
  await t?.close();
});

type Answer = { accessToken: string; refreshToken?: string };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An id + password member signed in from an app (tokens in the body). */
async function member(password = 'correct horse 1') {
  const phone = newPhone();
  const email = `${phone}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { userId: email, userPassword: password, userName: '세션회원', phoneNumber: phone, deviceType: 1 },
    headers: { 'x-verification-ticket': await verifiedTicket(t.app, phone) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = (res.json() as { result: Answer }).result;
  const me = await t.app.inject({ url: '/api/user/myPage/detail', headers: bearer(answer.accessToken) });
  return { phone, email, password, ...answer, refreshToken: answer.refreshToken as string, id: me.json().result.userIdx as number };
}

const detail = (app: TestApp['app'], token: string) => app.inject({ url: '/api/user/myPage/detail', headers: bearer(token) });

describe('a session ends on the next request, on every instance', () => {
  type Member = Awaited<ReturnType<typeof member>>;
  const events: Array<[string, (m: Member) => Promise<unknown>, number]> = [
    ['logout', (m) => t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: m.refreshToken } }), 401],
    [
      'logout by an app that lost its refresh token (the access token names the session)',
      (m) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(m.accessToken), payload: {} }),
      401,
    ],
    [
      'password change from another session (signed in just now)',
      async (m) => {
        const other = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { userId: m.email, userPassword: m.password, deviceType: 1 },
        });
        const token = (other.json() as { result: Answer }).result.accessToken;
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/user/password',
          headers: bearer(token),
          payload: { password: 'a new one 123' },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
      401,
    ],
    ['account deletion', (m) => t.app.inject({ method: 'DELETE', url: `/api/user/${m.id}`, headers: bearer(m.accessToken) }), 401],
    [
      'role change',
      // In a unit of work, as the console's route runs it; the route's answer waits for the bus, as here.
      (m) =>
        unitOfWork(t.db, (tx) => t.app.services.sanctions.setRole({ id: 0, role: 'ADMIN' }, m.id, 'MODERATOR', tx)).then(() =>
          t.app.services.bus.settled(),
        ),
      401,
    ],
    [
      "an operator's revoke",
      (m) =>
        unitOfWork(t.db, (tx) => t.app.services.sanctions.revokeSessions({ id: 0, role: 'ADMIN' }, m.id, tx)).then(() =>
          t.app.services.bus.settled(),
        ),
      401,
    ],
    [
      'SUSPEND (told why: 403)',
      (m) =>
        t.app.services.sanctions
          .apply({ userId: m.id, state: SanctionState.SUSPEND, reason: '', endsAt: null, by: null })
          .then(() => t.app.services.bus.settled()),
      403,
    ],
  ];

  for (const [event, act, status] of events) {
    it(`${event}: the token is refused on the next request through the other instance`, async () => {
      const m = await member();
      const other = await secondInstance(t);
      try {
        expect((await detail(other.app, m.accessToken)).statusCode).toBe(200);
        await act(m);
        const after = await detail(other.app, m.accessToken);
        expect(after.statusCode, after.body).toBe(status);
        // …and on public routes the holder reads as a visitor, not as the member.
        const visitor = await other.app.inject({ url: '/api/v2/stock/ranking-list', headers: bearer(m.accessToken) });
        expect(visitor.statusCode).toBe(200);
        // The refresh token of the ended session is dead too.
        const refreshed = await other.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: m.refreshToken } });
        expect(refreshed.statusCode).toBe(401);
      } finally {
        await other.close();
      }
    });
  }

  it('logout ends only that session: the same member signed in elsewhere keeps going', async () => {
    const m = await member();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userId: m.email, userPassword: m.password, deviceType: 2 },
    });
    const phone = (elsewhere.json() as { result: Answer }).result;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: m.refreshToken } });
    expect((await detail(t.app, m.accessToken)).statusCode).toBe(401);
    expect((await detail(t.app, phone.accessToken)).statusCode).toBe(200);
  });
});

describe('refresh tokens rotate with a 30-second grace window', () => {
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: token } });

  it('two tabs refreshing with the same token at once both keep working', async () => {
    const m = await member();
    const [a, b] = await Promise.all([refresh(m.refreshToken), refresh(m.refreshToken)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    const tabA = (a.json() as { result: Answer }).result;
    const tabB = (b.json() as { result: Answer }).result;
    expect(tabA.refreshToken).not.toBe(tabB.refreshToken);
    // Both tabs' access tokens work and both can refresh on.
    expect((await detail(t.app, tabA.accessToken)).statusCode).toBe(200);
    expect((await detail(t.app, tabB.accessToken)).statusCode).toBe(200);
    expect((await refresh(tabA.refreshToken as string)).statusCode).toBe(200);
    expect((await refresh(tabB.refreshToken as string)).statusCode).toBe(200);
  });

  it('a second use within the window is allowed; a replay after it ends the whole family', async () => {
    const m = await member();
    const first = await refresh(m.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = (first.json() as { result: Answer }).result;
    t.clock.advance(REFRESH_GRACE_MS - 1_000);
    expect((await refresh(m.refreshToken)).statusCode).toBe(200);
    t.clock.advance(2_000);
    // Past the window: someone holds a copy. Everything of that session ends.
    await expectError(
      t.app,
      { method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: m.refreshToken } },
      401,
      messages.sessionExpired,
    );
    expect((await refresh(next.refreshToken as string)).statusCode).toBe(401);
    expect((await detail(t.app, next.accessToken)).statusCode).toBe(401);
  });

  it("the web's refresh token stays in its HttpOnly cookie; an app that sends it in the body gets the next one there", async () => {
    const m = await member();
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { REFRESH_TOKEN: m.refreshToken },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(web.statusCode, web.body).toBe(200);
    expect(web.json().result.refreshToken).toBeUndefined();
    expect(web.json().result.accessToken).toEqual(expect.any(String));
    const cookie = ([] as string[]).concat(web.headers['set-cookie'] ?? []).find((c) => c.startsWith('REFRESH_TOKEN='));
    expect(cookie).toMatch(/HttpOnly/i);
    const next = (cookie as string).split(';')[0]!.slice('REFRESH_TOKEN='.length);
    const app = await refresh(next);
    expect(app.json().result.refreshToken).toEqual(expect.any(String));
    // A web sign-in (deviceType 3) answers no refresh token in the body; an app's (1, 2) does.
    for (const [deviceType, inBody] of [
      [3, false],
      [1, true],
      [2, true],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { userId: m.email, userPassword: m.password, deviceType },
      });
      expect(res.statusCode).toBe(200);
      expect('refreshToken' in res.json().result, `deviceType ${deviceType}`).toBe(inBody);
    }
  });
});

describe('AUTH_SECRETS: keys with ids, rotated without signing anyone out', () => {
  it('a new key in front signs new tokens; tokens and sealed values of the old key still work; a ring without it refuses them', async () => {
    const m = await member();
    expect(decodeProtectedHeader(m.accessToken).kid).toBe('k1');
    const sealed = encrypt(createKeyring([K1]), 'a sealed CI');

    // Rotation: k2 signs, k1 (kept last: it keys phone lookups) still verifies.
    const rotated = await secondInstance(t, { config: { ...t.buildOptions.config, authSecrets: [K2, K1] } });
    try {
      expect((await detail(rotated.app, m.accessToken)).statusCode).toBe(200);
      const res = await rotated.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: m.refreshToken } });
      expect(res.statusCode).toBe(200);
      const fresh = (res.json() as { result: Answer }).result.accessToken;
      expect(decodeProtectedHeader(fresh).kid).toBe('k2');
      // The old instance (ring [k1]) does not know k2; the rotated ring knows both.
      expect((await detail(rotated.app, fresh)).statusCode).toBe(200);
      expect((await detail(t.app, fresh)).statusCode).toBe(401);
      expect(decrypt(createKeyring([K2, K1]), sealed)).toBe('a sealed CI');
      // Phone sign-in still finds the member: lookups are keyed by the unchanged last entry.
      t.clock.advance(5_000);
      const ticket = await verifiedTicket(rotated.app, m.phone);
      const phone = await rotated.app.inject({
        method: 'POST',
        url: '/api/auth/sms/sign-in',
        payload: { phone: m.phone },
        headers: { 'x-verification-ticket': ticket },
      });
      expect(phone.statusCode, phone.body).toBe(200);
    } finally {
      await rotated.close();
    }
    expect(() => decrypt(createKeyring([K2]), sealed)).toThrow();
  });

  it('refuses to start when the last entry (the lookup key) changed under existing members, saying what to do', async () => {
    await member();
    await expect(secondInstance(t, { config: { ...t.buildOptions.config, authSecrets: [K2] } })).rejects.toThrow(ConfigError);
    await expect(secondInstance(t, { config: { ...t.buildOptions.config, authSecrets: [K2] } })).rejects.toThrow(/AUTH_SECRETS/);
  });

  it('AES-GCM pins a 16-byte tag: a value with a shortened tag does not open', () => {
    const ring = createKeyring([K1]);
    const [kid, iv, tag, body] = encrypt(ring, 'secret').split('.') as [string, string, string, string];
    const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => decrypt(ring, [kid, iv, short, body].join('.'))).toThrow();
    expect(decrypt(ring, [kid, iv, tag, body].join('.'))).toBe('secret');
  });
});
