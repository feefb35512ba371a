import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { insertCompany } from './test/factories.ts';
import { newPhone } from './test/phone.ts';
import { startServer } from './test/server-process.ts';
import { openSse } from './test/sse-client.ts';
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

async function json(origin: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(origin + path, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown> };
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

/** 본인확인 through the simulated provider, as the member's browser would: a distinct person each time. */
let people = 0;
async function verify(origin: string, token: string): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const started = await json(origin, '/api/identity/requests', { method: 'POST', headers: auth, body: '{}' });
  const { requestId, url } = started.body.result as { requestId: string; url: string };
  const request = new URL(url, origin).searchParams.get('request');
  people += 1;
  const person = { name: `내구성${people}`, birth: `1990010${people % 10}`, phone: `0109999${String(1000 + people).slice(-4)}` };
  const completed = await json(origin, '/api/identity/simulated/complete', {
    method: 'POST',
    body: JSON.stringify({ request, ...person }),
  });
  expect(completed.status, JSON.stringify(completed.body)).toBeLessThan(300);
  const verified = await json(origin, '/api/identity/verify', { method: 'POST', headers: auth, body: JSON.stringify({ requestId }) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
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

  it(
    'loses no acknowledged message of a conversation when killed with SIGKILL right after the answer (issue 22)',
    { timeout: 60_000 },
    async () => {
      const settings = await env();
      const first = await startServer(settings);
      const seller = await signUp(first.origin);
      const buyer = await signUp(first.origin);
      await verify(first.origin, seller);
      await verify(first.origin, buyer);
      const company = (await json(first.origin, '/api/v2/stock/list?size=1')).body.result as { data: Array<{ companyIdx: number }> };
      const listing = await json(first.origin, '/api/trade/sell', {
        method: 'POST',
        headers: { authorization: `Bearer ${seller}` },
        body: JSON.stringify({
          companyIdx: company.data[0]?.companyIdx,
          stockCount: 10,
          stockPerPrice: 10_000,
          stockCountNegotiationFlag: true,
          stockPriceNegotiationFlag: true,
        }),
      });
      expect(listing.status, JSON.stringify(listing.body)).toBe(200);
      const offered = await json(first.origin, '/api/deals', {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer}` },
        body: JSON.stringify({
          tradeIdx: (listing.body.result as { tradeIdx: number }).tradeIdx,
          stockCount: 10,
          stockPerPrice: 10_000,
          message: '첫 메시지',
        }),
      });
      expect(offered.status, JSON.stringify(offered.body)).toBe(200);
      const { conversationId } = offered.body.result as { conversationId: number };
      const acknowledged: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await json(first.origin, `/api/conversations/${conversationId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${i % 2 ? seller : buyer}` },
          body: JSON.stringify({ text: `메시지 ${i}` }),
        });
        expect(res.status).toBe(200);
        acknowledged.push((res.body.result as { messageId: number }).messageId);
      }
      first.child.kill('SIGKILL');
      await first.exited;
      figures.acknowledged += acknowledged.length;

      const second = await startServer(settings);
      try {
        const thread = await json(second.origin, `/api/conversations/${conversationId}/messages`, {
          headers: { authorization: `Bearer ${seller}` },
        });
        const kept = new Set((thread.body.result as { data: Array<{ messageId: number }> }).data.map((m) => m.messageId));
        const lost = acknowledged.filter((id) => !kept.has(id));
        figures.lost += lost.length;
        expect(lost).toEqual([]);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    },
  );

  it('on SIGTERM finishes what is in flight (live streams end), drops nothing, exits in 10 s', { timeout: 60_000 }, async () => {
    const running = await startServer(await env());
    // An open live stream never finishes on its own: the drain has to end it.
    const live = await openSse(`${running.origin}/api/live`, { authorization: `Bearer ${await signUp(running.origin)}` });
    expect(live.status).toBe(200);
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
    await live.ended;
    expect(drops).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    // New requests during the drain were told to come back later; nothing else was answered.
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
  });
});
