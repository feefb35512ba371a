import { messages, UserLevel } from '@beesang/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/http.ts';
import { newPhone, verifiedTicket } from '../../test/phone.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function member() {
  const phone = newPhone();
  const ticket = await verifiedTicket(t.app, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sms/sign-up',
    payload: { userId: `${phone}@example.com`, userName: '인증회원', phoneNumber: phone },
    headers: { 'x-verification-ticket': ticket },
  });
  return { phone, ...(res.json() as { result: { result11: { accessToken: string } } }).result.result11 };
}

async function start(accessToken?: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/identity/requests', headers: accessToken ? bearer(accessToken) : {} });
  return (res.json() as { result: { requestId: string; url: string } }).result;
}

const complete = (request: string, person = { name: '김비상', birth: '19900101', phone: '01012345678' }) =>
  t.app.inject({ method: 'POST', url: '/api/identity/simulated/complete', payload: { request, ...person } });

describe('identity verification (simulated provider)', () => {
  it('serves a page clearly marked as test mode that answers with an authCI message', async () => {
    const { url } = await start();
    const page = await t.app.inject(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('테스트 모드');
    expect(page.body).toContain("kind: 'authCI'");
    // It names the site icon, so the browser does not ask for a missing /favicon.ico.
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it('makes a COMMON member REGULAR; the CI is stored encrypted, never in the clear', async () => {
    const m = await member();
    expect((await t.app.inject({ method: 'GET', url: '/api/user/myPage/detail', headers: bearer(m.accessToken) })).json()).toMatchObject({
      result: { userLevel: UserLevel.COMMON },
    });
    const { requestId } = await start(m.accessToken);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/identity/verify', payload: { requestId }, headers: bearer(m.accessToken) },
      409,
      messages.identityNotFinished,
    );
    expect((await complete(requestId, { name: '박인증', birth: '19850505', phone: m.phone })).statusCode).toBe(204);
    const res = await t.app.inject({ method: 'POST', url: '/api/identity/verify', payload: { requestId }, headers: bearer(m.accessToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: { userLevel: UserLevel.REGULAR, userName: '박인증' } });
    const rows = await sql<{ row: string }>`select row_to_json(u)::text as row from users u where ci_enc is not null`.execute(t.db);
    expect(rows.rows.length).toBeGreaterThan(0);
    // Sealed with the key ring: key id, IV, tag, ciphertext.
    for (const r of rows.rows) expect(JSON.parse(r.row).ci_enc).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // A request works once.
    await expectError(t.app, { method: 'POST', url: '/api/identity/verify', payload: { requestId }, headers: bearer(m.accessToken) }, 410);
  });

  it('one identity, one account: a second account with the same identity is refused', async () => {
    const person = { name: '이중복', birth: '19700707', phone: '01077777777' };
    const first = await member();
    const a = await start(first.accessToken);
    await complete(a.requestId, person);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/identity/verify',
          payload: { requestId: a.requestId },
          headers: bearer(first.accessToken),
        })
      ).statusCode,
    ).toBe(200);
    const second = await member();
    const b = await start(second.accessToken);
    await complete(b.requestId, person);
    const dup = await expectError(
      t.app,
      { method: 'POST', url: '/api/identity/verify', payload: { requestId: b.requestId }, headers: bearer(second.accessToken) },
      409,
      messages.identityDuplicate,
    );
    expect(dup.code).toBe('DUPLICATE_IDENTITY');

    // The same identity finds the first account's id, masked.
    const c = await start();
    await complete(c.requestId, person);
    const found = await t.app.inject({ method: 'POST', url: '/api/user/find-id', payload: { userCi: c.requestId } });
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as { result: { userId: string } }).result.userId).toMatch(/^01\*+@example\.com$/);
  });

  it('refuses another member’s request and an expired one', async () => {
    const owner = await member();
    const other = await member();
    const { requestId } = await start(owner.accessToken);
    await complete(requestId);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/identity/verify', payload: { requestId }, headers: bearer(other.accessToken) },
      404,
    );
    const late = await start(owner.accessToken);
    t.clock.advance(11 * 60_000);
    expect((await complete(late.requestId)).statusCode).toBe(410);
    await expectError(t.app, { method: 'POST', url: '/api/identity/verify', payload: { requestId: late.requestId } }, 401);
  });
});
