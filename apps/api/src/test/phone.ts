import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

type App = TestApp['app'];

/** Sends a code and reads it back from the dev outbox, as a person reading their phone would. */
export async function requestCode(app: App, phone: string): Promise<string> {
  const sent = await app.inject({ method: 'POST', url: '/api/sms/send', payload: { phone } });
  expect(sent.statusCode, sent.body).toBe(200);
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
  const text = (outbox.json() as { result: Array<{ text: string }> }).result[0]?.text ?? '';
  const code = /\[(\d{6})\]/.exec(text)?.[1];
  expect(code, text).toMatch(/^\d{6}$/);
  return code as string;
}

export async function match(app: App, phone: string, code: string) {
  const res = await app.inject({ method: 'POST', url: '/api/sms/match', payload: { phone, code } });
  return {
    status: res.statusCode,
    body: res.json() as { result: boolean; verificationTicket?: string; code?: string; message?: string },
    headers: res.headers,
  };
}

/** A verification ticket for `phone`: send, read, match. */
export async function verifiedTicket(app: App, phone: string): Promise<string> {
  const code = await requestCode(app, phone);
  const { body } = await match(app, phone, code);
  expect(body.result).toBe(true);
  return body.verificationTicket as string;
}

/** A fresh Korean mobile number per call, so tests do not meet each other's cooldowns. */
let next = 10_000_000 + Math.floor(Math.random() * 1_000_000);
export function newPhone(): string {
  next += 7;
  return `010${String(next).slice(-8)}`;
}
