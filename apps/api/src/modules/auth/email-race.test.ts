import { messages } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhone, verifiedTicket } from '../../test/phone.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 10 §5: two sign-ups with one email at the same moment on two instances make one account;
 * the other gets 409 '이미 사용 중인 이메일입니다.' (the database's unique index decides, not a
 * check that both pass). On PostgreSQL (CI's second pass) the instances have their own connection
 * pools and race for real; on PGlite they share one connection and the race is interleaved.
 */
let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;

beforeAll(async () => {
  // Forty verified phones from one test address: the SMS limit per address is not what this tests.
  t = await createTestApp({ seed: false, smsLimits: { perIpMax: 1_000 } });
  other = await secondInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const ROUNDS = 20;

async function signUp(app: TestApp['app'], phone: string, ticket: string, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sms/sign-up',
    headers: { 'x-verification-ticket': ticket },
    payload: { userId: email, userName: '동시가입', phoneNumber: phone, deviceType: 3, userDeviceId: '', fcmDeviceToken: '' },
  });
}

describe('the same email signed up on two instances at once', () => {
  it(`makes exactly one account, ${ROUNDS} times out of ${ROUNDS}; the loser gets 409, never 500`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const email = `race${round}.${Date.now().toString(36)}@example.com`;
      const phones = [newPhone(), newPhone()] as const;
      const tickets = [await verifiedTicket(t.app, phones[0]), await verifiedTicket(other.app, phones[1])] as const;
      // Different letter case: the index compares emails as the service does, lower-cased.
      const results = await Promise.all([
        signUp(t.app, phones[0], tickets[0], email),
        signUp(other.app, phones[1], tickets[1], email.toUpperCase()),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      outcomes.push(statuses.join('/'));
      const loser = results.find((r) => r.statusCode !== 200);
      expect(loser?.json(), `round ${round}`).toMatchObject({ message: messages.emailInUse, code: 'EMAIL_IN_USE' });
      const accounts = await t.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .where('deleted_at', 'is', null)
        .execute();
      expect(accounts, `round ${round}`).toHaveLength(1);
    }
    expect(outcomes).toEqual(Array(ROUNDS).fill('200/409'));
  });

  it('an email freed by a deleted account can be used again', async () => {
    const email = `again.${Date.now().toString(36)}@example.com`;
    const first = newPhone();
    const res = await signUp(t.app, first, await verifiedTicket(t.app, first), email);
    expect(res.statusCode, res.body).toBe(200);
    await t.db.updateTable('users').set({ deleted_at: t.clock.now(), email: null }).where('email', '=', email).execute();
    const second = newPhone();
    const again = await signUp(other.app, second, await verifiedTicket(other.app, second), email);
    expect(again.statusCode, again.body).toBe(200);
  });
});
