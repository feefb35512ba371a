import { messages, SMS_CODE_TTL_MS } from '@beesang/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/http.ts';
import { match, newPhone, requestCode } from '../../test/phone.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_SMS_LIMITS } from './sms.service.ts';
import { SmsGatewayError } from './sms-gateway.ts';

let t: TestApp;
let gatewayDown = false;
const accepted = { expired: 0, reused: 0, foreign: 0, tried: 0 };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  console.log(
    `codes accepted that were expired, reused or foreign: ${accepted.expired + accepted.reused + accepted.foreign} of ${accepted.tried} tried`,
  );
  await t?.close();
});

const send = (phone: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/sms/send', payload: { phone }, remoteAddress: ip });

describe('SMS codes (SECURITY.md §SMS codes)', () => {
  it('sends a 6-digit code and stores only its hash', async () => {
    const phone = newPhone();
    const code = await requestCode(t.app, phone);
    const rows = await sql<{ row: string }>`select row_to_json(s)::text as row from sms_codes s`.execute(t.db);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) {
      expect(r.row).not.toContain(code);
      expect(r.row).not.toContain(phone);
    }
  });

  it('accepts only Korean mobile numbers, with the spec wording', async () => {
    for (const phone of ['', '0101234567', '01112345678', '010123456789', '+821012345678', '010-1234-5678']) {
      const body = await expectError(t.app, { method: 'POST', url: '/api/sms/send', payload: { phone } }, 400);
      expect([messages.phoneRequired, messages.phoneInvalid]).toContain(body.message);
    }
  });

  it('holds a resend for 5 seconds and caps sends per phone', async () => {
    const phone = newPhone();
    expect((await send(phone)).statusCode).toBe(200);
    const again = await send(phone);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'RESEND_TOO_SOON', message: messages.resendTooSoon });
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(5_000);
      expect((await send(phone)).statusCode).toBe(200);
    }
    t.clock.advance(5_000);
    const capped = await send(phone);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 'SMS_LIMITED' });
    t.clock.advance(10 * 60_000);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('matches once, then never again; not after 180 s; not for another phone; a new code kills the old', async () => {
    const phone = newPhone();
    const other = newPhone();
    let code = await requestCode(t.app, phone);

    accepted.tried++;
    const foreign = await match(t.app, other, code);
    if (foreign.body.result) accepted.foreign++;
    expect(foreign.body.result).toBe(false);

    const first = await match(t.app, phone, code);
    expect(first.body.result).toBe(true);
    expect(first.body.verificationTicket).toMatch(/^[\w-]{40,}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/SMS_TICKET=.*HttpOnly/i);
    expect(first.headers['cache-control']).toBe('no-store');

    accepted.tried++;
    const reused = await match(t.app, phone, code);
    if (reused.body.result) accepted.reused++;
    expect(reused.body).toMatchObject({ result: false, code: 'CODE_EXPIRED' });

    t.clock.advance(5_000);
    code = await requestCode(t.app, phone);
    t.clock.advance(SMS_CODE_TTL_MS);
    accepted.tried++;
    const late = await match(t.app, phone, code);
    if (late.body.result) accepted.expired++;
    expect(late.body).toMatchObject({ result: false, code: 'CODE_EXPIRED', message: messages.codeExpired });

    const old = await requestCode(t.app, phone);
    t.clock.advance(5_000);
    const fresh = await requestCode(t.app, phone);
    accepted.tried++;
    const stale = await match(t.app, phone, old);
    if (stale.body.result && old !== fresh) accepted.reused++;
    if (old !== fresh) expect(stale.body.result).toBe(false);
    expect((await match(t.app, phone, fresh)).body.result).toBe(true);
  });

  it('dies after 5 wrong guesses, and resending does not reset the count', async () => {
    const phone = newPhone();
    const code = await requestCode(t.app, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const miss = await match(t.app, phone, wrong);
      expect(miss.body).toMatchObject({ result: false, code: 'CODE_MISMATCH', message: messages.codeMismatch });
    }
    const locked = await match(t.app, phone, code);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'CODE_LOCKED' });
    t.clock.advance(5_000);
    const resent = await requestCode(t.app, phone);
    expect((await match(t.app, phone, resent)).status).toBe(429);
    t.clock.advance(10 * 60_000);
    const later = await requestCode(t.app, phone);
    expect((await match(t.app, phone, later)).body.result).toBe(true);
  });

  it('lets exactly one of two simultaneous verifications of a code succeed', async () => {
    const phone = newPhone();
    const code = await requestCode(t.app, phone);
    const results = await Promise.all([match(t.app, phone, code), match(t.app, phone, code), match(t.app, phone, code)]);
    expect(results.filter((r) => r.body.result).length).toBe(1);
  });

  it('limits sends per client IP', async () => {
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_SMS_LIMITS.perIpMax + 2; i++) statuses.push((await send(newPhone(), ip)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(DEFAULT_SMS_LIMITS.perIpMax);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await send(newPhone(), '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('wrong codes from one client IP', () => {
  it('are capped across phones, so guessing many numbers at once stops', async () => {
    const ip = '203.0.113.77';
    let locked = 0;
    let tried = 0;
    for (let i = 0; i < 12 && locked === 0; i++) {
      const phone = newPhone();
      const code = await requestCode(t.app, phone);
      for (let j = 0; j < 4; j++) {
        tried++;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/sms/match',
          payload: { phone, code: code === '000000' ? '111111' : '000000' },
          remoteAddress: ip,
        });
        if (res.statusCode === 429) locked++;
      }
      t.clock.advance(5_000);
    }
    expect(locked).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(DEFAULT_SMS_LIMITS.maxWrongGuessesPerIp + 4);
    // Another address is not affected.
    const phone = newPhone();
    const code = await requestCode(t.app, phone);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code }, remoteAddress: '203.0.113.78' })).json(),
    ).toMatchObject({ result: true });
  });
});

describe('SMS gateway failure', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({
      seed: false,
      smsLimits: { dailyBudget: 3 },
      smsGateway: {
        async send() {
          if (gatewayDown) throw new SmsGatewayError('provider unavailable');
        },
      },
    });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('answers a clear error, keeps no code, and the person may retry at once', async () => {
    const phone = newPhone();
    gatewayDown = true;
    await expectError(down.app, { method: 'POST', url: '/api/sms/send', payload: { phone } }, 502, messages.smsSendFailed);
    const stored = await down.db.selectFrom('sms_codes').select('id').execute();
    expect(stored).toHaveLength(0);
    gatewayDown = false;
    const retry = await down.app.inject({ method: 'POST', url: '/api/sms/send', payload: { phone } });
    expect(retry.statusCode).toBe(200);
  });

  it('stops at the daily global budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await down.app.inject({ method: 'POST', url: '/api/sms/send', payload: { phone: newPhone() }, remoteAddress: `192.0.2.${i + 1}` }))
          .statusCode,
      );
    }
    // One code was sent by the previous test: two more fit in a budget of three.
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('two API instances on one database', () => {
  it('share the resend cooldown and the wrong-guess count', async () => {
    // A second app with its own services and caches over the same database, as a second server would be.
    const other = await secondInstance(t);
    const second = other.app;
    try {
      const phone = newPhone();
      const code = await requestCode(t.app, phone);
      const resend = await second.inject({ method: 'POST', url: '/api/sms/send', payload: { phone } });
      expect(resend.statusCode).toBe(429);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : second;
        await app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code: wrong } });
      }
      const locked = await second.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code } });
      expect(locked.statusCode).toBe(429);
      expect((await match(t.app, phone, code)).status).toBe(429);
    } finally {
      await other.close();
    }
  });
});
