import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SanctionState } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { insertCompany } from '../../test/factories.ts';
import { liveUrl, messageEvent } from '../../test/live.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { openSse, type SseClient } from '../../test/sse-client.ts';
import { createTestApp, HANGUL, LISTINGS_UNLIMITED, secondInstance, type TestApp } from '../../test/test-app.ts';
import { EVICTED_RETRY_MS } from './live.service.ts';

/**
 * GET /api/live on one instance over real HTTP connections (a stream never ends, so no inject):
 * who may open it, what a stream carries, and how it ends. The two-instance checks (PostgreSQL
 * LISTEN/NOTIFY and Redis) are in live.pg.test.ts.
 */
let t: TestApp;
let url: string;
const open: SseClient[] = [];
const stream = async (member: TestMember | null, headers: Record<string, string> = {}) => {
  const client = await openSse(url, { ...(member?.headers ?? {}), ...headers });
  open.push(client);
  return client;
};

beforeAll(async () => {
  t = await createTestApp({ seed: false, live: { heartbeatMs: 150, reauthMs: 200 }, limits: { rules: LISTINGS_UNLIMITED } });
  url = await liveUrl(t.app);
});
afterAll(async () => {
  for (const c of open) c.kill();
  await t?.close();
});

describe('who may open the live channel', () => {
  it('a visitor and a forged token get 401, a suspended member 403, each in Korean and before any stream', async () => {
    const visitor = await stream(null);
    expect(visitor.status).toBe(401);
    expect(JSON.parse(visitor.body).message).toMatch(HANGUL);
    expect(visitor.headers['cache-control']).toBe('no-store');
    expect((await stream(null, { authorization: 'Bearer e30.e30.x' })).status).toBe(401);
    const suspended = await createMember(t, { sanction: SanctionState.SUSPEND });
    const refused = await stream(suspended);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).code).toBe('SUSPENDED');
  });

  it('a member asking for anything but text/event-stream gets 406 with a Korean message, not a stream', async () => {
    const member = await createMember(t);
    const json = await stream(member, { accept: 'application/json' });
    expect(json.status).toBe(406);
    expect(JSON.parse(json.body).message).toMatch(HANGUL);
  });
});

describe('a member’s stream', () => {
  it('opens uncompressed and uncached with a retry hint and id 0, carries the member’s events and no one else’s', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const before = t.app.services.live.connections();
    const onA = await stream(a, { 'accept-encoding': 'gzip, br' });
    const onB = await stream(b);
    expect(onA.status).toBe(200);
    expect(onA.headers['content-type']).toBe('text/event-stream');
    expect(onA.headers['cache-control']).toBe('no-store');
    expect(onA.headers['content-encoding']).toBeUndefined();
    expect(onA.blocks[0]?.id).toBe('0');
    // A new member has nothing unread: the opening block says so.
    expect(JSON.parse(onA.blocks[0]?.data ?? 'null')).toEqual({ type: 'counts', messages: 0, notifications: 0 });
    expect(onA.blocks[0]?.retry).toBeGreaterThanOrEqual(2000);
    expect(onA.blocks[0]?.retry).toBeLessThanOrEqual(5000);
    expect(t.app.services.live.connections()).toBe(before + 2);

    t.app.services.live.send([a.id], messageEvent(101));
    const got = await onA.next();
    expect(got.id).toBe('101');
    expect(got.event).toEqual(messageEvent(101));
    t.app.services.live.send([b.id], { type: 'read', conversationId: 7, readerIdx: b.id, messageId: 101, unreadCount: 0 });
    expect((await onB.next()).event).toEqual({ type: 'read', conversationId: 7, readerIdx: b.id, messageId: 101, unreadCount: 0 });
    // B's read came after A's message: had A's message gone to B as well, B would have seen it first.
    expect(onB.blocks.slice(1).filter((x) => x.data).length).toBe(1);
    expect(onA.blocks.slice(1).filter((x) => x.data).length).toBe(1);
  });

  it('opens with the member’s two unread totals, the same the header’s two reads give, so the browser reads neither', async () => {
    const [owner, buyer] = [await createMember(t), await createMember(t)];
    const company = await insertCompany(t.db, { currentPrice: 10_000, previousClose: 10_000 });
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/trade/sell',
      headers: owner.headers,
      payload: {
        companyIdx: company,
        stockCount: 100,
        stockPerPrice: 10_000,
        stockCountNegotiationFlag: true,
        stockPriceNegotiationFlag: true,
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: buyer.headers,
      payload: { tradeIdx: sale.json().result.tradeIdx, stockCount: 10, stockPerPrice: 10_000, message: '거래 가능할까요?' },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    for (const i of [1, 2])
      await unitOfWork(t.db, (tx) =>
        t.app.services.notify.notifications.notify(tx, {
          userId: owner.id,
          kind: 'LISTING_ENDED',
          title: `알림 ${i}`,
          body: '',
          url: '/',
          dedupeKey: `live-counts:${owner.id}:${i}`,
        }),
      );
    const read = async (path: string) => (await t.app.inject({ url: path, headers: owner.headers })).json().result.unreadCount as number;
    const messages = await read('/api/conversations/unread');
    const notifications = await read('/api/notifications/unread');
    expect(messages).toBeGreaterThanOrEqual(1);
    expect(notifications).toBeGreaterThanOrEqual(2);

    const client = await stream(owner);
    expect(client.blocks[0]?.id).toBe('0');
    expect(JSON.parse(client.blocks[0]?.data ?? 'null')).toEqual({ type: 'counts', messages, notifications });
    // The buyer's own stream: their offer is not unread for them.
    const theirs = await stream(buyer);
    expect(JSON.parse(theirs.blocks[0]?.data ?? 'null')).toEqual({ type: 'counts', messages: 0, notifications: 0 });
  });

  it('sends a heartbeat comment while quiet', async () => {
    const client = await stream(await createMember(t));
    await client.until((blocks) => blocks.some((x) => x.comments.includes('heartbeat')), 2000, 'a heartbeat');
  });

  it('a reconnection (Last-Event-ID) gets resync first, keeping its id, not the totals; a bus resync reaches every stream', async () => {
    const member = await createMember(t);
    const again = await stream(member, { 'last-event-id': '41' });
    const first = again.blocks[0];
    expect(JSON.parse(first?.data ?? 'null')).toEqual({ type: 'resync' });
    expect(first?.id).toBe('41');
    const other = await stream(await createMember(t));
    // What the bus does after its transport reconnected: every handler hears "everything".
    t.app.services.bus.publish('live');
    expect((await again.next()).event).toEqual({ type: 'resync' });
    expect((await other.next()).event).toEqual({ type: 'resync' });
  });

  it('an event too large for the bus reaches its members as resync; a list of 3,000 recipients is split, not dropped', async () => {
    const member = await createMember(t);
    const client = await stream(member);
    t.app.services.live.send([member.id], messageEvent(102, '가'.repeat(3000)));
    expect((await client.next()).event).toEqual({ type: 'resync' });
    const notes = t.app.services.live.stats().notes;
    const many = [...Array.from({ length: 2999 }, (_, i) => 1_000_000 + i), member.id];
    t.app.services.live.send(many, messageEvent(103));
    expect((await client.next()).event).toEqual(messageEvent(103));
    expect(t.app.services.live.stats().notes - notes).toBeGreaterThan(1);
  });

  it('an eleventh stream of one member ends the oldest, which is told to wait a minute before trying again', async () => {
    const member = await createMember(t);
    const streams: SseClient[] = [];
    for (let i = 0; i < 11; i++) streams.push(await stream(member));
    await (streams[0] as SseClient).ended;
    expect((streams[0] as SseClient).blocks.at(-1)?.retry).toBe(EVICTED_RETRY_MS);
    t.app.services.live.send([member.id], messageEvent(104));
    for (const s of streams.slice(1)) expect((await s.next()).event).toEqual(messageEvent(104));
  });

  it('ends once the member’s session ends (here a suspension), within the session check', async () => {
    const member = await createMember(t);
    const client = await stream(member);
    await t.db.updateTable('users').set({ sanction_state: SanctionState.SUSPEND }).where('id', '=', member.id).execute();
    const at = performance.now();
    await client.ended;
    expect(performance.now() - at).toBeLessThan(1000);
  });

  it('drops a client that stops reading instead of buffering for it without end', async () => {
    const member = await createMember(t);
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: ${member.headers.authorization}\r\n\r\n`,
    );
    await new Promise((r) => socket.once('data', r));
    socket.pause(); // reads nothing more: the kernel's buffers fill, then Node's, then ours
    const dropped = t.app.services.live.stats().dropped;
    const closed = new Promise((r) => socket.once('close', r));
    for (let i = 0; i < 5000 && t.app.services.live.stats().dropped === dropped; i++) {
      t.app.services.live.send([member.id], messageEvent(200 + i, 'x'.repeat(6000)));
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(t.app.services.live.stats().dropped).toBe(dropped + 1);
    socket.resume();
    await closed;
  });
});

describe('POST /api/dev/live (the benchmark’s made-up events)', () => {
  it('does not exist unless DEV_LIVE started it; then sends one message event to each member named', async () => {
    const member = await createMember(t);
    const body = { userIds: [member.id] };
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/live', payload: body })).statusCode).toBe(404);
    const dev = await secondInstance(t, { config: { ...t.buildOptions.config, devLive: true } });
    try {
      const client = await stream(member);
      const res = await dev.app.inject({ method: 'POST', url: '/api/dev/live', payload: body });
      expect(res.json()).toEqual({ result: { sent: 1 } });
      expect((await client.next()).event).toMatchObject({ type: 'message', message: { kind: 'TEXT', sender: null } });
    } finally {
      await dev.close();
    }
  });
});

describe('shutting down', () => {
  it('a second instance hears the first (one bus), shows its streams in /metrics, and closes at once with streams open', async () => {
    const token = 'metrics-token-0123456789';
    const b = await secondInstance(t, { config: { ...t.buildOptions.config, metricsToken: token } });
    const member = await createMember(t);
    const client = await openSse(await liveUrl(b.app), member.headers);
    t.app.services.live.send([member.id], messageEvent(301));
    expect((await client.next()).event).toEqual(messageEvent(301));
    const metrics = await b.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(metrics.body).toMatch(/^beesang_live_connections 1$/m);
    const at = performance.now();
    await b.close();
    await client.ended;
    expect(performance.now() - at).toBeLessThan(1000);
    expect(b.app.services.live.connections()).toBe(0);
  });
});
