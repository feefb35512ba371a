import { performance } from 'node:perf_hooks';
import type { LiveEvent } from '@beesang/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../../lib/invalidation.ts';
import { liveUrl, messageEvent } from '../../test/live.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { openSse, type SseClient } from '../../test/sse-client.ts';
import { createTestApp, secondInstance, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 22: an event sent on instance A reaches a stream open on instance B within a second, over
 * each bus a deployment can have: PostgreSQL LISTEN/NOTIFY (no Redis) and Redis pub/sub
 * (TEST_REDIS_URL). A killed stream that reconnects is told to read again before anything else,
 * and a client that does so (re-reads after its last message, drops ids it has) loses and
 * doubles nothing. Runs only in the PostgreSQL pass (TEST_DATABASE_URL).
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!process.env.TEST_DATABASE_URL) throw new Error('live.pg.test.ts needs TEST_DATABASE_URL');

const transports = [
  { name: 'PostgreSQL LISTEN/NOTIFY, no Redis', kind: 'postgres', config: {} },
  ...(redisUrl ? [{ name: 'Redis pub/sub', kind: 'redis', config: { redisUrl } }] : []),
] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(transports)('two instances on one PostgreSQL database, bus: $name', ({ kind, config }) => {
  let t: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let urlA: string;
  let urlB: string;
  const clients: SseClient[] = [];
  const open = async (url: string, member: TestMember, headers: Record<string, string> = {}) => {
    const client = await openSse(url, { ...member.headers, ...headers });
    clients.push(client);
    expect(client.status).toBe(200);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false, config, live: { heartbeatMs: 5_000 } });
    b = await secondInstance(t);
    [urlA, urlB] = [await liveUrl(t.app), await liveUrl(b.app)];
  });
  afterAll(async () => {
    for (const c of clients) c.kill();
    await b?.close();
    await t?.close();
  });

  it('each instance uses the bus the configuration picks', () => {
    expect(t.app.services.bus.stats().kind).toBe(kind);
    expect(b.app.services.bus.stats().kind).toBe(kind);
  });

  it('an event sent on A shows on a stream open on B within a second (20 in a row)', async () => {
    const member = await createMember(t);
    const onB = await open(urlB, member);
    const latencies: number[] = [];
    for (let i = 1; i <= 20; i++) {
      const start = performance.now();
      t.app.services.live.send([member.id], messageEvent(1000 + i));
      const got = await onB.next(1000);
      expect(got.event).toEqual(messageEvent(1000 + i));
      latencies.push(got.at - start);
    }
    latencies.sort((x, y) => x - y);
    console.info(`[live] A → stream on B over ${kind}: median ${latencies[10]?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`);
    expect(latencies.at(-1)).toBeLessThan(1000);
  });

  it('a killed stream that reconnects (to either instance) gets resync first; re-reading after it loses and doubles nothing', async () => {
    const member = await createMember(t);
    // What the database holds (the conversation), as GET /api/conversations/{id}/messages?after= reads it.
    const written: number[] = [];
    const shown: number[] = [];
    let received = 0;
    let again = 0;
    const show = (ids: number[]) => {
      for (const id of ids) {
        if (shown.includes(id)) again++;
        else shown.push(id);
      }
    };
    const readAfter = () => written.filter((id) => id > Math.max(0, ...shown));
    let writing = true;
    const writer = (async () => {
      for (let id = 2001; writing; id++) {
        written.push(id); // committed …
        t.app.services.live.send([member.id], messageEvent(id)); // … then announced, on A
        await sleep(10);
      }
    })();
    const consume = async (client: SseClient, until: () => boolean) => {
      while (!until()) {
        const block = await client.next(1000).catch(() => null);
        if (!block) return;
        const event = block.event as LiveEvent;
        if (event.type === 'resync') show(readAfter());
        if (event.type === 'message') {
          received++;
          show([event.message.messageId]);
        }
      }
    };

    let client = await open(urlB, member);
    show(readAfter()); // the page's first read, after the stream opened
    for (const url of [urlA, urlB, urlA]) {
      const before = received;
      await consume(client, () => received - before >= 10); // ten arrive live, then the stream dies
      client.kill(); // as a network failure would: no goodbye
      await client.ended;
      await sleep(50); // messages written meanwhile reach no stream of this member
      const last = client.lastEventId as string;
      client = await open(url, member, { 'last-event-id': last });
      const first = client.blocks[0];
      expect(JSON.parse(first?.data ?? 'null'), 'the first event after a reconnection').toEqual({ type: 'resync' });
      expect(first?.id).toBe(last);
      show(readAfter());
    }
    writing = false;
    await writer;
    const lastId = written.at(-1) as number;
    await consume(client, () => shown.includes(lastId));
    expect(shown).toEqual(written);
    console.info(
      `[live] ${written.length} messages over 3 killed streams (${kind}): ${received} arrived live, ${written.length - received} only by re-reading, ${again} both ways (shown once); lost 0`,
    );
  });

  it('when the bus itself reconnects, every stream on the instance is told to read again', async () => {
    const member = await createMember(t);
    const onA = await open(urlA, member);
    const onB = await open(urlB, member);
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
        [LISTENER_NAME],
      );
      await admin.end();
    } else {
      const admin = new Redis(redisUrl as string);
      const lines = String(await admin.client('LIST')).split('\n');
      const database = new URL(t.databaseUrl as string).pathname.slice(1);
      for (const line of lines.filter((l) => l.includes(`name=${LISTENER_NAME}:beesang:invalidate:${database}`)))
        await admin.client('KILL', 'ID', /id=(\d+)/.exec(line)?.[1] as string);
      admin.disconnect();
    }
    expect((await onA.next(5000)).event).toEqual({ type: 'resync' });
    expect((await onB.next(5000)).event).toEqual({ type: 'resync' });
    await sleep(100);
    t.app.services.live.send([member.id], messageEvent(3001));
    expect((await onB.next(2000)).event).toEqual(messageEvent(3001));
  });
});
