import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { insertCompany } from './test/factories.ts';
import { newPhone } from './test/phone.ts';
import { createScratchDatabase } from './test/test-app.ts';

/**
 * SECURITY.md 20–21, against the real server process: SIGTERM lets in-flight requests finish and
 * exits within 10 s; SIGKILL right after a write was acknowledged loses nothing — on embedded
 * PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */

const figures = { acknowledged: 0, lost: 0, sent: 0, dropped: 0 };
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  console.log(`acknowledged writes lost after a kill: ${figures.lost} of ${figures.acknowledged}`);
  console.log(`requests dropped on SIGTERM: ${figures.dropped} of ${figures.sent}`);
  for (const c of cleanups.reverse()) await c();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

interface Running {
  child: ChildProcess;
  origin: string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'durability-test-secret-0123456789abcdef',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { child, origin, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function json(origin: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(origin + path, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A new member through the phone flow, as a person would: code from the dev outbox. */
async function signUp(origin: string): Promise<string> {
  const phone = newPhone();
  await json(origin, '/api/sms/send', { method: 'POST', body: JSON.stringify({ phone }) });
  const outbox = await json(origin, `/api/dev/sms-outbox?phone=${phone}`);
  const code = /\[(\d{6})\]/.exec(String((outbox.body.result as Array<{ text: string }>)[0]?.text))?.[1];
  const matched = await json(origin, '/api/sms/match', { method: 'POST', body: JSON.stringify({ phone, code }) });
  const ticket = String(matched.body.verificationTicket);
  const signed = await json(origin, '/api/auth/sms/sign-up', {
    method: 'POST',
    headers: { 'x-verification-ticket': ticket },
    body: JSON.stringify({
      userId: `${phone}@example.com`,
      userName: '내구성',
      phoneNumber: phone,
      profileUrl: '',
      deviceType: 3,
      fcmDeviceToken: '',
      userDeviceId: '',
      marketingFlag: false,
      nighttimeAlarmFlag: false,
    }),
  });
  const token = (signed.body.result as { result11?: { accessToken?: string } } | undefined)?.result11?.accessToken;
  expect(token, JSON.stringify(signed.body)).toBeTruthy();
  return token as string;
}

type Target = { name: string; env: () => Promise<Record<string, string>> };

const targets: Target[] = [
  {
    name: 'embedded PGlite',
    env: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'beesang-durability-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const handle = await openDatabase({ dataDir: dir });
      await migrateToLatest(handle.db);
      await insertCompany(handle.db, { name: '내구성테크' });
      await handle.close();
      return { DATA_DIR: dir, DATABASE_URL: '' };
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  targets.push({
    name: 'PostgreSQL',
    env: async () => {
      const scratch = await createScratchDatabase(adminUrl);
      cleanups.push(() => scratch.drop());
      const handle = await openDatabase({ databaseUrl: scratch.url });
      await migrateToLatest(handle.db);
      await insertCompany(handle.db, { name: '내구성테크' });
      await handle.close();
      return { DATABASE_URL: scratch.url };
    },
  });
}

describe.each(targets)('the server process on $name', ({ env }) => {
  it('loses no acknowledged write when killed with SIGKILL right after the answer', { timeout: 60_000 }, async () => {
    const settings = await env();
    const first = await startServer(settings);
    const token = await signUp(first.origin);
    const company = (await json(first.origin, '/api/v2/stock/list?size=1')).body.result as { data: Array<{ companyIdx: number }> };
    const companyIdx = company.data[0]?.companyIdx as number;
    const acknowledged: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await json(first.origin, '/api/opinion', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ companyIdx, content: `기록 ${i}` }),
      });
      expect(res.status).toBe(200);
      acknowledged.push((res.body.result as { opinionIdx: number }).opinionIdx);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    figures.acknowledged += acknowledged.length;

    const second = await startServer(settings);
    try {
      const list = await json(second.origin, `/api/v2/opinion/all/company/${companyIdx}?size=100`);
      const kept = new Set((list.body.result as { data: Array<{ opinionIdx: number }> }).data.map((o) => o.opinionIdx));
      const lost = acknowledged.filter((id) => !kept.has(id));
      figures.lost += lost.length;
      expect(lost).toEqual([]);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('on SIGTERM finishes what is in flight, drops nothing, and exits within 10 s', { timeout: 60_000 }, async () => {
    const running = await startServer(await env());
    const statuses = new Map<number, number>();
    const drops: string[] = [];
    let refused = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        figures.sent++;
        try {
          const res = await fetch(`${running.origin}/api/v2/stock/list?size=50`);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          // A well-behaved client honours 503 + Retry-After before trying again.
          if (res.status === 503) await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          // After the listener closed, a new connection is refused before any request is sent.
          if (code === 'ECONNREFUSED') refused++;
          else drops.push(String(code ?? (error as Error).message));
          if (code === 'ECONNREFUSED') return;
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    await new Promise((r) => setTimeout(r, 400));
    const at = Date.now();
    running.child.kill('SIGTERM');
    const code = await running.exited;
    const took = Date.now() - at;
    stop = true;
    await Promise.all(workers);
    figures.sent -= refused;
    figures.dropped += drops.length;
    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);
    expect(drops).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    // New requests during the drain were told to come back later; nothing else was answered.
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
  });
});
