import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { HANGUL, type TestApp } from './test-app.ts';

type App = TestApp['app'];

/** GET `url`, expect 200 and return the `result` of the envelope. */
export async function getResult<T>(app: App, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `GET ${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return (res.json() as { result: T }).result;
}

export interface ErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
}

/**
 * Sends the request and expects `status` with a user-presentable Korean message (and `message`
 * exactly, when given). A URL alone means GET.
 */
export async function expectError(app: App, request: string | InjectOptions, status: number, message?: string): Promise<ErrorBody> {
  const options: InjectOptions = typeof request === 'string' ? { method: 'GET', url: request } : request;
  const res = await app.inject(options);
  const label = `${options.method ?? 'GET'} ${String(options.url)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBe(status);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json() as ErrorBody;
  expect(body.message, label).toMatch(HANGUL);
  expect(typeof body.code, label).toBe('string');
  if (message !== undefined) expect(body.message, label).toBe(message);
  return body;
}

export interface MultipartPart {
  field: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data POST of `parts` to `url`, as a browser's FormData sends it. */
export function multipartPost(url: string, parts: MultipartPart[], extra: Omit<InjectOptions, 'url' | 'payload'> = {}): InjectOptions {
  const boundary = `----beesang${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    ...extra,
    method: 'POST',
    url,
    payload: Buffer.concat(chunks),
    headers: { ...(extra.headers ?? {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
