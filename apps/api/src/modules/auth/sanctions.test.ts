import { messages, SanctionState } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcMock, startOidcMock } from '../../../../../scripts/testing/oidc-mock.ts';
import { expectError } from '../../test/http.ts';
import { newPhone, verifiedTicket } from '../../test/phone.ts';
import { createTestApp, HANGUL, secondInstance, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let idp: OidcMock;

beforeAll(async () => {
  idp = await startOidcMock();
  t = await createTestApp({
    seed: false,
    socialProviders: { google: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const GOOGLE = 2;
type Pair = { accessToken: string; refreshToken: string };
const post = (url: string, payload: object, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url,
  payload,
  headers,
});

/** One person with every way in: a phone, an id + password, and a Google account of their own. */
async function member() {
  const phone = newPhone();
  const email = `${phone}@example.com`;
  const password = 'correct horse 1';
  const ticket = await verifiedTicket(t.app, phone);
  const res = await t.app.inject(
    post(
      '/api/auth/sign-up',
      { userId: email, userPassword: password, userName: '제재회원', phoneNumber: phone, deviceType: 1 },
      { 'x-verification-ticket': ticket },
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
  const pair = (res.json() as { result: Pair }).result;
  const id = (
    (await t.app.inject({ url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${pair.accessToken}` } })).json() as {
      result: { userIdx: number };
    }
  ).result.userIdx;
  const sub = `google-sanctioned-${phone}`;
  const joined = await t.app.inject(post('/api/auth/social/sign-up', { socialType: GOOGLE, identityToken: identityToken(sub) }));
  expect(joined.statusCode, joined.body).toBe(200);
  const socialId = await t.db.selectFrom('users').select('id').where('social_subject', '=', sub).executeTakeFirstOrThrow();
  return { phone, email, password, sub, ids: [id, socialId.id], ...pair };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A Google identity token valid at the app's (injected) clock. */
function identityToken(sub: string) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return idp.mint({ sub, iat: now, exp: now + 600 });
}

async function setSanction(m: Member, state: number) {
  await t.db.updateTable('users').set({ sanction_state: state }).where('id', 'in', m.ids).execute();
}

/** The three sign-ins; each gets what it needs afresh (a new code reaches the phone after the 5 s cooldown). */
async function smsSignIn(m: Member): Promise<InjectOptions> {
  t.clock.advance(5_000);
  return post('/api/auth/sms/sign-in', { phone: m.phone }, { 'x-verification-ticket': await verifiedTicket(t.app, m.phone) });
}
const passwordSignIn = (m: Member, password = m.password) =>
  post('/api/auth/sign-in', {
    socialType: 1,
    userId: m.email,
    userPassword: password,
    deviceType: 3,
    userDeviceId: '',
    fcmDeviceToken: '',
  });
const socialSignIn = (m: Member) => post('/api/auth/social/sign-in', { socialType: GOOGLE, identityToken: identityToken(m.sub) });
const refresh = (token: string) => post('/api/auth/refresh', { refreshToken: token });

function noSessionIn(res: { body: string; headers: Record<string, unknown> }) {
  expect(res.body).not.toMatch(/accessToken|refreshToken/);
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  expect(cookies.filter((c) => /^(ACCESS_TOKEN|REFRESH_TOKEN)=[^;]/.test(c))).toEqual([]);
}

describe('SUSPEND blocks every way in (issue: sanctions are enforced on the server)', () => {
  it('refuses SMS, id + password and social sign-in with the Korean suspension message', async () => {
    const m = await member();
    // While in good standing, each way in works: the refusals below are the sanction's doing.
    for (const request of [await smsSignIn(m), passwordSignIn(m), socialSignIn(m)]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.url} ${res.body}`).toBe(200);
    }

    await setSanction(m, SanctionState.SUSPEND);
    for (const request of [await smsSignIn(m), passwordSignIn(m), socialSignIn(m)]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.url} ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ message: messages.suspended, code: 'SUSPENDED' });
      noSessionIn(res);
    }
    // A wrong password says nothing about the account's state.
    await expectError(t.app, passwordSignIn(m, 'wrong password'), 401, messages.loginFailed);
  });

  it('refuses a refresh, ends the session family, and refuses the access token already held', async () => {
    const m = await member();
    const healthy = await t.app.inject(refresh(m.refreshToken));
    expect(healthy.statusCode, healthy.body).toBe(200);
    const held = (healthy.json() as { result: Pair }).result;

    await setSanction(m, SanctionState.SUSPEND);
    const refused = await t.app.inject(refresh(held.refreshToken));
    expect(refused.statusCode, refused.body).toBe(401);
    expect((refused.json() as { message: string }).message).toMatch(HANGUL);
    noSessionIn(refused);
    // The access token already held stops at the next request, with the reason (not 15 minutes later).
    const stopped = await expectError(
      t.app,
      { url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${held.accessToken}` } },
      403,
      messages.suspended,
    );
    expect(stopped.code).toBe('SUSPENDED');

    // The suspension ended the family: lifting it does not bring the old session back.
    await setSanction(m, SanctionState.NORMAL);
    await expectError(t.app, refresh(held.refreshToken), 401, messages.sessionExpired);
  });

  it('lets the member back in as soon as the sanction is lifted; a warning shows but blocks nothing', async () => {
    const m = await member();
    await setSanction(m, SanctionState.SUSPEND);
    await expectError(t.app, passwordSignIn(m), 403, messages.suspended);

    await setSanction(m, SanctionState.WARN);
    for (const request of [await smsSignIn(m), passwordSignIn(m), socialSignIn(m)]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.url} ${res.body}`).toBe(200);
      const { accessToken } = (res.json() as { result: Pair }).result;
      const detail = await t.app.inject({ url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
      // The web shows its warning notice from this state (contract: tradeMessages.sanctionWarn).
      expect((detail.json() as { result: { sanctionState: number } }).result.sanctionState).toBe(SanctionState.WARN);
    }
  });
});

describe('sanctions with an end, applied by the sanction service (issue 10 §3)', () => {
  const detailOf = async (accessToken: string) => {
    const res = await t.app.inject({ url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { sanctionState: number; sanctionEndsAt: string | null } }).result;
  };

  it('a timed STOP_TRADE holds until its end, lifts by itself at read time, and the history stays', async () => {
    const m = await member();
    const start = t.clock.now();
    const endsAt = new Date(start.getTime() + 3 * 86_400_000);
    await t.app.services.sanctions.apply({
      userId: m.ids[0] as number,
      state: SanctionState.STOP_TRADE,
      reason: '가격 왜곡',
      endsAt,
      by: null,
    });
    expect(await detailOf(m.accessToken)).toEqual(
      expect.objectContaining({ sanctionState: SanctionState.STOP_TRADE, sanctionEndsAt: endsAt.toISOString() }),
    );
    try {
      t.clock.set(new Date(endsAt.getTime() - 1_000));
      const still = await t.app.services.auth.issueFor(m.ids[0] as number);
      expect((await detailOf(still.accessToken)).sanctionState).toBe(SanctionState.STOP_TRADE);
      t.clock.set(endsAt);
      const after = await t.app.services.auth.issueFor(m.ids[0] as number);
      expect(await detailOf(after.accessToken)).toEqual(
        expect.objectContaining({ sanctionState: SanctionState.NORMAL, sanctionEndsAt: null }),
      );
    } finally {
      t.clock.set(start);
    }
    const history = await t.app.services.sanctions.history(m.ids[0] as number);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ state: SanctionState.STOP_TRADE, reason: '가격 왜곡' });
    expect(history[0]?.ends_at?.toISOString()).toBe(endsAt.toISOString());
  });

  it('a timed SUSPEND refuses sign-in until it ends, then lets the member sign in again', async () => {
    const m = await member();
    const start = t.clock.now();
    const endsAt = new Date(start.getTime() + 86_400_000);
    await t.app.services.sanctions.apply({ userId: m.ids[0] as number, state: SanctionState.SUSPEND, reason: '', endsAt, by: null });
    await expectError(t.app, passwordSignIn(m), 403, messages.suspended);
    try {
      t.clock.set(endsAt);
      const back = await t.app.inject(passwordSignIn(m));
      expect(back.statusCode, back.body).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  it('SUSPEND through one instance ends the session on another at its next request and revokes every refresh token', async () => {
    const m = await member();
    const other = await secondInstance(t);
    try {
      const headers = { authorization: `Bearer ${m.accessToken}` };
      const before = await other.app.inject({ url: '/api/user/myPage/detail', headers });
      expect(before.statusCode, before.body).toBe(200);

      await t.app.services.sanctions.apply({
        userId: m.ids[0] as number,
        state: SanctionState.SUSPEND,
        reason: '',
        endsAt: null,
        by: null,
      });
      // The console's route answers once the bus has carried the change (decision 0028); called directly, the test waits as it does.
      await t.app.services.bus.settled();
      const after = await other.app.inject({ url: '/api/user/myPage/detail', headers });
      expect(after.statusCode, after.body).toBe(403);
      expect(after.json()).toMatchObject({ message: messages.suspended, code: 'SUSPENDED' });
      // The refresh token was revoked by the sanction itself, not only refused while suspended.
      const tokens = await t.db
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('user_id', '=', m.ids[0] as number)
        .execute();
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.every((r) => r.revoked_at !== null)).toBe(true);
      // Public pages still answer the token's holder as a visitor.
      const visitor = await other.app.inject({ url: '/api/v2/stock/ranking-list', headers });
      expect(visitor.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses a sanction for a member who does not exist', async () => {
    await expect(
      t.app.services.sanctions.apply({ userId: 999_999, state: SanctionState.WARN, reason: '', endsAt: null, by: null }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
