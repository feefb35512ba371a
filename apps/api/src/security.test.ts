import { messages } from '@beesang/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcMock, startOidcMock } from '../../../scripts/testing/oidc-mock.ts';
import { createMember } from './test/members.ts';
import { newPhone, verifiedTicket } from './test/phone.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** SECURITY.md 10 (cookies, CORS) and 17 (the client IP behind a proxy), through the real app. */

const EVIL = 'https://evil.example';
const setCookies = (res: LightMyRequestResponse) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const cookieName = (c: string) => c.slice(0, c.indexOf('='));
/** Cookies that carry a value (a cleared cookie is empty and expired). */
const issued = (res: LightMyRequestResponse) => setCookies(res).filter((c) => /^[^=]+=[^;]/.test(c));

describe('CORS never reflects an arbitrary origin with credentials (SECURITY.md 10)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ companies: 3 });
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectNoCorsGrant(res: LightMyRequestResponse, origin: string, label: string) {
    const allowOrigin = res.headers['access-control-allow-origin'];
    expect(allowOrigin, label).not.toBe(origin);
    expect(allowOrigin, label).not.toBe('*');
    expect(allowOrigin === undefined || allowOrigin === 'http://localhost:3000', label).toBe(true);
    expect(res.headers['access-control-allow-credentials'], label).toBeUndefined();
  }

  it('a credentialed GET and a preflight from another site get no CORS grant', async () => {
    const member = await createMember(t);
    for (const origin of [EVIL, 'null', 'http://localhost:3000.evil.example', 'http://evil.localhost:3000']) {
      const reads: InjectOptions[] = [
        { method: 'GET', url: '/api/v2/stock/list?size=1', headers: { origin } },
        { method: 'GET', url: '/api/user/myPage/detail', headers: { origin }, cookies: { ACCESS_TOKEN: member.accessToken } },
        { method: 'GET', url: '/api/trade/my', headers: { origin, authorization: member.headers.authorization } },
      ];
      for (const request of reads) {
        const res = await t.app.inject(request);
        expectNoCorsGrant(res, origin, `GET ${request.url} from ${origin}`);
      }
      for (const [url, method] of [
        ['/api/trade/sell', 'POST'],
        ['/api/auth/refresh', 'POST'],
        ['/api/user/myPage/detail', 'GET'],
        ['/api/user/password', 'PUT'],
      ] as const) {
        const res = await t.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin,
            'access-control-request-method': method,
            'access-control-request-headers': 'content-type, authorization',
          },
        });
        expectNoCorsGrant(res, origin, `OPTIONS ${url} from ${origin}`);
        expect(res.headers['access-control-allow-methods'], url).toBeUndefined();
        expect(res.headers['access-control-allow-headers'], url).toBeUndefined();
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
  });
});

describe('auth cookies: HttpOnly always, Secure when PUBLIC_URL is https (SECURITY.md 10)', () => {
  let idp: OidcMock;
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    idp = await startOidcMock();
    const socialProviders = { google: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } };
    http = await createTestApp({ seed: false, socialProviders });
    https = await createTestApp({ seed: false, socialProviders, publicUrl: 'https://beesang.example' });
  });
  afterAll(async () => {
    await http?.close();
    await https?.close();
    await idp?.close();
  });

  /** Every cookie-setting step a person goes through: code match, sign-up, sign-in, refresh, social. */
  async function cookiesOfEveryFlow(t: TestApp): Promise<Map<string, string[]>> {
    const seen = new Map<string, string[]>();
    const collect = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(400);
      for (const c of issued(res)) seen.set(cookieName(c), [...(seen.get(cookieName(c)) ?? []), c]);
    };
    const phone = newPhone();
    const email = `${phone}@example.com`;
    const sent = await t.app.inject({ method: 'POST', url: '/api/sms/send', payload: { phone } });
    expect(sent.statusCode).toBe(200);
    const outbox = await t.app.inject(`/api/dev/sms-outbox?phone=${phone}`);
    const code = /\[(\d{6})\]/.exec((outbox.json() as { result: Array<{ text: string }> }).result[0]?.text ?? '')?.[1] ?? '';
    const matched = await t.app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code } });
    collect(matched);
    const ticket = (matched.json() as { verificationTicket: string }).verificationTicket;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { userId: email, userPassword: 'correct horse 1', userName: '쿠키회원', phoneNumber: phone },
      headers: { 'x-verification-ticket': ticket },
    });
    collect(signUp);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      // An app (deviceType 1) gets its refresh token in the body; the web's lives only in the cookie.
      payload: { userId: email, userPassword: 'correct horse 1', deviceType: 1 },
    });
    collect(signIn);
    t.clock.advance(5_000);
    const smsSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sms/sign-in',
      payload: { phone },
      headers: { 'x-verification-ticket': await verifiedTicket(t.app, phone) },
    });
    collect(smsSignIn);
    const { refreshToken } = (signIn.json() as { result: { refreshToken: string } }).result;
    collect(await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } }));
    collect(await t.app.inject('/api/auth/social/google/authorize'));
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const identityToken = idp.mint({ sub: `google-cookie-${phone}`, iat: now, exp: now + 600 });
    collect(await t.app.inject({ method: 'POST', url: '/api/auth/social/sign-up', payload: { socialType: 2, identityToken } }));
    return seen;
  }

  it('behind https every cookie set (whatever its name) is Secure, HttpOnly and SameSite=Lax', async () => {
    const seen = await cookiesOfEveryFlow(https);
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['ACCESS_TOKEN', 'REFRESH_TOKEN', 'SMS_TICKET', 'SOCIAL_FLOW']));
    for (const cookie of [...seen.values()].flat()) {
      expect(cookie, cookie.split('=')[0]).toMatch(/;\s*Secure(;|$)/i);
      expect(cookie, cookie.split('=')[0]).toMatch(/;\s*HttpOnly(;|$)/i);
      expect(cookie, cookie.split('=')[0]).toMatch(/;\s*SameSite=Lax(;|$)/i);
    }
  });

  it('behind https, logging out deletes the cookies with the attributes they were set with', async () => {
    const phone = newPhone();
    const signUp = await https.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { userId: `${phone}@example.com`, userPassword: 'correct horse 1', userName: '쿠키회원', phoneNumber: phone },
      headers: { 'x-verification-ticket': await verifiedTicket(https.app, phone) },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const signIn = await https.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userId: `${phone}@example.com`, userPassword: 'correct horse 1', deviceType: 1 },
    });
    const { refreshToken } = (signIn.json() as { result: { refreshToken: string } }).result;
    const out = await https.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
    expect(out.statusCode).toBe(204);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []);
    expect(cleared.map(cookieName).sort()).toEqual(['ACCESS_TOKEN', 'BEESANG_SESSION', 'REFRESH_TOKEN']);
    for (const cookie of cleared) {
      expect(cookie, cookieName(cookie)).toMatch(/^[A-Z_]+=;/);
      expect(cookie, cookieName(cookie)).toMatch(/;\s*Secure(;|$)/i);
      expect(cookie, cookieName(cookie)).toMatch(/;\s*HttpOnly(;|$)/i);
      expect(cookie, cookieName(cookie)).toMatch(/;\s*SameSite=Lax(;|$)/i);
    }
  });

  it('on a plain-http local address the cookies are still HttpOnly', async () => {
    const seen = await cookiesOfEveryFlow(http);
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['ACCESS_TOKEN', 'REFRESH_TOKEN', 'SMS_TICKET', 'SOCIAL_FLOW']));
    for (const cookie of [...seen.values()].flat()) expect(cookie, cookie.split('=')[0]).toMatch(/;\s*HttpOnly(;|$)/i);
  });
});

describe('the client IP for limits comes from a configured trusted proxy only (SECURITY.md 17)', () => {
  const limits = { perIpMax: 3, maxWrongGuessesPerIp: 3 };
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ seed: false, smsLimits: limits });
    // Light-my-request connects from 127.0.0.1: that is the proxy here.
    proxied = await createTestApp({ seed: false, smsLimits: limits, config: { trustProxy: '127.0.0.1' } });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const send = (t: TestApp, phone: string, remoteAddress: string, xff?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      payload: { phone },
      remoteAddress,
      headers: xff ? { 'x-forwarded-for': xff } : {},
    });

  function expectLimited(res: LightMyRequestResponse, message: string) {
    expect(res.statusCode, res.body).toBe(429);
    expect((res.json() as { message: string }).message).toBe(message);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  async function codeFor(t: TestApp, phone: string, remoteAddress: string): Promise<string> {
    expect((await send(t, phone, remoteAddress)).statusCode).toBe(200);
    const outbox = await t.app.inject(`/api/dev/sms-outbox?phone=${phone}`);
    return /\[(\d{6})\]/.exec((outbox.json() as { result: Array<{ text: string }> }).result[0]?.text ?? '')?.[1] ?? '';
  }

  async function wrongGuess(t: TestApp, phone: string, code: string, remoteAddress: string, xff: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/sms/match',
      payload: { phone, code: code === '000000' ? '111111' : '000000' },
      remoteAddress,
      headers: { 'x-forwarded-for': xff },
    });
  }

  const ipsRecorded = async (t: TestApp) =>
    (await t.db.selectFrom('sms_codes').select('ip').execute()).map((r) => r.ip).filter((ip): ip is string => ip !== null);

  it('without a trusted proxy, rotating X-Forwarded-For does not escape the per-IP send limit', async () => {
    const client = '203.0.113.10';
    for (let i = 1; i <= 3; i++) expect((await send(direct, newPhone(), client, `198.51.100.${i}`)).statusCode).toBe(200);
    expectLimited(await send(direct, newPhone(), client, '198.51.100.4'), messages.smsLimited);
    expectLimited(await send(direct, newPhone(), client, `198.51.100.5, ${client}`), messages.smsLimited);
    expect((await ipsRecorded(direct)).filter((ip) => ip === client)).toHaveLength(3);
    expect((await ipsRecorded(direct)).some((ip) => ip.startsWith('198.51.100.'))).toBe(false);
  });

  it('without a trusted proxy, rotating X-Forwarded-For does not escape the per-IP wrong-code cap', async () => {
    const phones = Array.from({ length: 4 }, () => newPhone());
    const codes = await Promise.all(phones.map((p, i) => codeFor(direct, p, `192.0.2.${i + 1}`)));
    const guesser = '203.0.113.20';
    for (let i = 0; i < 3; i++) {
      const res = await wrongGuess(direct, phones[i] as string, codes[i] as string, guesser, `198.51.100.${10 + i}`);
      expect(res.json()).toMatchObject({ result: false, code: 'CODE_MISMATCH' });
    }
    expectLimited(await wrongGuess(direct, phones[3] as string, codes[3] as string, guesser, '198.51.100.99'), messages.codeLocked);
  });

  it('behind the configured proxy, distinct forwarded clients are distinct; a spoofed prefix changes nothing', async () => {
    const proxy = '127.0.0.1';
    const a = '198.51.100.7';
    const b = '198.51.100.8';
    for (let i = 0; i < 3; i++) expect((await send(proxied, newPhone(), proxy, a)).statusCode).toBe(200);
    expectLimited(await send(proxied, newPhone(), proxy, a), messages.smsLimited);
    // What the client wrote before the proxy's own entry is not believed.
    expectLimited(await send(proxied, newPhone(), proxy, `10.9.9.9, ${a}`), messages.smsLimited);
    expect((await send(proxied, newPhone(), proxy, b)).statusCode).toBe(200);
    const ips = await ipsRecorded(proxied);
    expect(ips.filter((ip) => ip === a)).toHaveLength(3);
    expect(ips.filter((ip) => ip === b)).toHaveLength(1);
    expect(ips).not.toContain(proxy);
  });

  it('behind the configured proxy, a header from any other address is ignored', async () => {
    const stranger = '203.0.113.30';
    for (let i = 1; i <= 3; i++) expect((await send(proxied, newPhone(), stranger, `198.51.100.${40 + i}`)).statusCode).toBe(200);
    expectLimited(await send(proxied, newPhone(), stranger, '198.51.100.50'), messages.smsLimited);
    expect((await ipsRecorded(proxied)).filter((ip) => ip === stranger)).toHaveLength(3);
  });

  it('behind the configured proxy, the wrong-code cap is kept per forwarded client', async () => {
    const phones = Array.from({ length: 5 }, () => newPhone());
    const codes = await Promise.all(phones.map((p, i) => codeFor(proxied, p, `192.0.2.${i + 1}`)));
    const guesser = '198.51.100.60';
    for (let i = 0; i < 3; i++) {
      expect((await wrongGuess(proxied, phones[i] as string, codes[i] as string, '127.0.0.1', guesser)).json()).toMatchObject({
        code: 'CODE_MISMATCH',
      });
    }
    expectLimited(await wrongGuess(proxied, phones[3] as string, codes[3] as string, '127.0.0.1', guesser), messages.codeLocked);
    const other = await wrongGuess(proxied, phones[4] as string, codes[4] as string, '127.0.0.1', '198.51.100.61');
    expect(other.json()).toMatchObject({ result: false, code: 'CODE_MISMATCH' });
  });
});
