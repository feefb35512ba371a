import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@beesang/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { expectError } from '../../test/http.ts';
import { newPhone } from '../../test/phone.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { SmsService } from './sms.service.ts';
import { SmsGatewayError } from './sms-gateway.ts';
import { createSolapiGateway, SOLAPI_SEND_PATH } from './solapi-gateway.ts';

const API_KEY = 'NCSTESTKEY000001';
const API_SECRET = 'test-secret-that-must-never-be-logged';
const SENDER = '0212345678';

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string;
  contentType: string;
  body: unknown;
}

/** A local stand-in for api.solapi.com: records each request and answers as `reply` says. */
let reply: (res: ServerResponse) => void = okReply;
const received: Received[] = [];
let server: Server;
let baseUrl: string;

function okReply(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ groupId: 'G4V1', messageId: 'M4V1', statusCode: '2000', statusMessage: '정상 접수(이통사로 접수 예정) ' }));
}
function jsonReply(status: number, body: unknown) {
  return (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      received.push({
        method: req.method,
        url: req.url,
        authorization: String(req.headers.authorization ?? ''),
        contentType: String(req.headers['content-type'] ?? ''),
        body,
      });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  reply = okReply;
  received.length = 0;
});

const gateway = (extra: Partial<Parameters<typeof createSolapiGateway>[0]> = {}) =>
  createSolapiGateway({ apiKey: API_KEY, apiSecret: API_SECRET, sender: SENDER, baseUrl, ...extra });

function parseAuthorization(header: string) {
  const m = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]{64})$/.exec(header);
  expect(m, header).not.toBeNull();
  const [, apiKey, date, salt, signature] = m as RegExpExecArray;
  return { apiKey, date, salt, signature };
}

describe('Solapi gateway', () => {
  it('posts the message as JSON with a valid HMAC-SHA256 signature', async () => {
    const lines: string[] = [];
    const phone = '01012345678';
    const text = '[비상] 인증번호 [123456]를 입력해주세요.';
    await gateway({ log: (m) => lines.push(m) }).send(phone, text);

    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe(SOLAPI_SEND_PATH);
    expect(req?.contentType).toMatch(/^application\/json/);
    expect(req?.body).toEqual({ message: { to: phone, from: SENDER, text } });

    const auth = parseAuthorization(req?.authorization ?? '');
    expect(auth.apiKey).toBe(API_KEY);
    expect(Math.abs(Date.parse(auth.date ?? '') - Date.now())).toBeLessThan(60_000);
    expect(auth.salt?.length).toBeGreaterThanOrEqual(12);
    expect(auth.signature).toBe(createHmac('sha256', API_SECRET).update(`${auth.date}${auth.salt}`).digest('hex'));

    // SECURITY.md 23: a masked number only; never the text, the code or the secret.
    expect(lines.join('\n')).toContain('010****5678');
    for (const secret of [phone, '123456', API_SECRET, text]) expect(lines.join('\n')).not.toContain(secret);
  });

  it('uses a fresh salt on every request', async () => {
    await gateway().send('01012345678', 'a');
    await gateway().send('01012345678', 'b');
    const [a, b] = received.map((r) => parseAuthorization(r.authorization).salt);
    expect(a).not.toBe(b);
  });

  it.each([
    ['a 400 answer', jsonReply(400, { errorCode: 'ValidationError', errorMessage: '수신번호 형식 오류' })],
    ['a 401 answer', jsonReply(401, { errorCode: 'SignatureDoesNotMatch', errorMessage: 'bad signature' })],
    ['a 500 answer', jsonReply(500, { errorCode: 'InternalError' })],
    ['a 503 answer without a body', (res: ServerResponse) => res.writeHead(503).end()],
    ['a 200 answer with an error code', jsonReply(200, { errorCode: 'NotEnoughBalance', errorMessage: '잔액 부족' })],
    ['a 200 answer with a refused status code', jsonReply(200, { statusCode: '1062', statusMessage: '발신번호 미등록' })],
    ['a 200 answer that is not JSON', (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>')],
  ])('throws SmsGatewayError on %s, logging no secret', async (_label, answer) => {
    reply = answer;
    const lines: string[] = [];
    const phone = '01098765432';
    await expect(gateway({ log: (m) => lines.push(m) }).send(phone, 'code [654321]')).rejects.toBeInstanceOf(SmsGatewayError);
    expect(received).toHaveLength(1);
    const logged = lines.join('\n');
    expect(logged).toContain('010****5432');
    for (const secret of [phone, '654321', API_SECRET]) expect(logged).not.toContain(secret);
  });

  it('throws SmsGatewayError when the provider is slower than the timeout', async () => {
    let timer: NodeJS.Timeout | undefined;
    reply = (res) => {
      timer = setTimeout(() => okReply(res), 2_000);
    };
    const started = Date.now();
    const error = await gateway({ timeoutMs: 200 })
      .send('01012345678', 'x')
      .catch((e: unknown) => e);
    clearTimeout(timer);
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect((error as Error).message).toMatch(/timeout/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('throws SmsGatewayError when a slow body outlasts the timeout', async () => {
    let timer: NodeJS.Timeout | undefined;
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"statusCode":');
      timer = setTimeout(() => res.end('"2000"}'), 2_000);
    };
    await expect(gateway({ timeoutMs: 200 }).send('01012345678', 'x')).rejects.toBeInstanceOf(SmsGatewayError);
    clearTimeout(timer);
  });

  it('throws SmsGatewayError when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(gateway({ baseUrl: `http://127.0.0.1:${port}` }).send('01012345678', 'x')).rejects.toBeInstanceOf(SmsGatewayError);
  });
});

describe('Solapi through the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      smsGateway: createSolapiGateway({ apiKey: API_KEY, apiSecret: API_SECRET, sender: SENDER, baseUrl }),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedCodes = async (phone: string) =>
    (
      await t.db
        .selectFrom('sms_codes')
        .select('id')
        .where('phone_hash', '=', (t.app.services as unknown as { sms: SmsService }).sms.phoneKey(phone))
        .execute()
    ).length;

  it('answers 502 with the Korean message and keeps no code when the provider refuses', async () => {
    reply = jsonReply(400, { errorCode: 'InvalidApiKey', errorMessage: 'invalid' });
    const phone = newPhone();
    await expectError(t.app, { method: 'POST', url: '/api/sms/send', payload: { phone } }, 502, messages.smsSendFailed);
    expect(received).toHaveLength(1);
    expect(await storedCodes(phone)).toBe(0);

    // Degrades to an error, never a bypass (SECURITY.md 22): nothing to match against.
    const guess = await t.app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code: '000000' } });
    expect((guess.json() as { result: boolean }).result).toBe(false);
  });

  it('delivers a text with a 6-digit code when the provider accepts it', async () => {
    const phone = newPhone();
    const sent = await t.app.inject({ method: 'POST', url: '/api/sms/send', payload: { phone } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(received).toHaveLength(1);
    const message = (received[0]?.body as { message: { to: string; from: string; text: string } }).message;
    expect(message.to).toBe(phone);
    expect(message.from).toBe(SENDER);
    const code = /\[(\d{6})\]/.exec(message.text)?.[1];
    expect(code, message.text).toMatch(/^\d{6}$/);
    expect(await storedCodes(phone)).toBe(1);

    const matched = await t.app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code } });
    expect((matched.json() as { result: boolean }).result).toBe(true);
  });
});

describe('SMS_PROVIDER configuration', () => {
  const base = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;

  it('defaults to the log gateway', () => {
    expect(loadConfig(base).sms).toEqual({ provider: 'log' });
  });

  it('stops start-up with one error naming every missing Solapi key', () => {
    let error: unknown;
    try {
      loadConfig({ ...base, SMS_PROVIDER: 'solapi', SOLAPI_API_KEY: API_KEY });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(/환경 변수/);
    expect(text).toContain('SOLAPI_API_SECRET');
    expect(text).toContain('SOLAPI_SENDER');
    expect(text).not.toContain(API_KEY);
  });

  it('reads the Solapi keys and base URL', () => {
    const config = loadConfig({
      ...base,
      SMS_PROVIDER: 'solapi',
      SOLAPI_API_KEY: API_KEY,
      SOLAPI_API_SECRET: API_SECRET,
      SOLAPI_SENDER: SENDER,
      SOLAPI_BASE_URL: 'http://127.0.0.1:9/',
    });
    expect(config.sms).toEqual({
      provider: 'solapi',
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      sender: SENDER,
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(
      loadConfig({ ...base, SMS_PROVIDER: 'solapi', SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's', SOLAPI_SENDER: SENDER }).sms,
    ).toMatchObject({
      baseUrl: 'https://api.solapi.com',
    });
    expect(() =>
      loadConfig({ ...base, SMS_PROVIDER: 'solapi', SOLAPI_API_KEY: 'k', SOLAPI_API_SECRET: 's', SOLAPI_SENDER: '02-1234-5678' }),
    ).toThrow(ConfigError);
  });
});
