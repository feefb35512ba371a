import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/test-app.ts';
import { carriesKey, createInvalidationBus, type InvalidationBus, invalidationTransport, LISTENER_NAME } from './invalidation.ts';

/** Resolves when `check` holds, polling every 5 ms; fails after `ms`. */
async function until(check: () => boolean, ms = 2000, what = 'condition') {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - start;
}

function recorder(bus: InvalidationBus, topic: string) {
  const seen: Array<string | undefined> = [];
  bus.subscribe(topic, (key) => seen.push(key));
  return seen;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** The behaviour every transport shares: local first and synchronous, others within a second, own messages once. */
async function agreesAcrossInstances(a: InvalidationBus, b: InvalidationBus) {
  const topic = `t${randomBytes(3).toString('hex')}`;
  const onA = recorder(a, topic);
  const onB = recorder(b, topic);
  const other = recorder(b, `${topic}-other`);

  a.publish(topic, '42');
  expect(onA).toEqual(['42']); // synchronous on the publisher
  await until(() => onB.length === 1, 1000, 'the other instance');
  expect(onB).toEqual(['42']);

  b.publish(topic);
  await until(() => onA.length === 2, 1000, 'the publisher of the other side');
  expect(onA).toEqual(['42', undefined]);
  expect(other).toEqual([]);

  // Latency of 20 publishes, one at a time, timed by the receiving handler itself.
  const latencies: number[] = [];
  let arrived: (at: number) => void = () => {};
  b.subscribe(topic, () => arrived(performance.now()));
  for (let i = 0; i < 20; i++) {
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<number>((resolve, reject) => {
      arrived = resolve;
      timer = setTimeout(() => reject(new Error(`message ${i} not heard within a second`)), 1000);
    });
    const start = performance.now();
    a.publish(topic, String(i));
    latencies.push((await heard) - start);
    clearTimeout(timer);
  }
  expect(onB.slice(-20)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  // A publisher never hears its own message a second time.
  await new Promise((r) => setTimeout(r, 50));
  expect(onA.length).toBe(22);
  expect(Math.max(...latencies)).toBeLessThan(1000);
  return { median: median(latencies), max: Math.max(...latencies) };
}

describe('invalidation bus in process (embedded database)', () => {
  it('runs the publisher’s handlers at once and those of instances sharing the scope; nothing crosses scopes', async () => {
    const scope = {};
    const a = createInvalidationBus({ kind: 'memory', scope });
    const b = createInvalidationBus({ kind: 'memory', scope });
    const elsewhere = createInvalidationBus({ kind: 'memory', scope: {} });
    try {
      await a.ready();
      const onB = recorder(b, 'company');
      const away = recorder(elsewhere, 'company');
      const latency = await agreesAcrossInstances(a, b);
      expect(latency.max).toBeLessThan(50);
      a.publish('company', '7');
      expect(onB).toEqual(['7']);
      expect(away).toEqual([]);
      expect(a.stats()).toMatchObject({ kind: 'memory', connected: true });
    } finally {
      await Promise.all([a.close(), b.close(), elsewhere.close()]);
    }
  });

  it('a failing handler is logged and the others still run; unsubscribing stops delivery; a closed bus is quiet', async () => {
    const logged: string[] = [];
    const bus = createInvalidationBus({ kind: 'memory', scope: {} }, { log: (m) => logged.push(m) });
    const seen: Array<string | undefined> = [];
    bus.subscribe('x', () => {
      throw new Error('boom');
    });
    const stop = bus.subscribe('x', (k) => seen.push(k));
    bus.publish('x', '1');
    expect(seen).toEqual(['1']);
    expect(logged.some((m) => m.includes("'x'"))).toBe(true);
    stop();
    bus.publish('x', '2');
    expect(seen).toEqual(['1']);
    await bus.close();
    bus.publish('x', '3');
    expect(seen).toEqual(['1']);
  });

  it('measures a key in UTF-8 bytes: 3,000 Hangul characters are too long for NOTIFY though 3,000 ASCII ones are not', () => {
    expect(carriesKey('live', 'a'.repeat(3000))).toBe(true);
    expect(carriesKey('live', '가'.repeat(3000))).toBe(false);
    expect(carriesKey('live', 'a'.repeat(7000))).toBe(false);
  });

  it('picks Redis with REDIS_URL (a channel per database), else PostgreSQL, else memory', () => {
    const scope = {};
    expect(invalidationTransport({ redisUrl: 'redis://r:6379', databaseUrl: 'postgres://h/shop' }, scope)).toEqual({
      kind: 'redis',
      url: 'redis://r:6379',
      channel: 'beesang:invalidate:shop',
    });
    expect(invalidationTransport({ databaseUrl: 'postgres://h:5432/shop' }, scope)).toEqual({
      kind: 'postgres',
      url: 'postgres://h:5432/shop',
    });
    expect(invalidationTransport({}, scope)).toEqual({ kind: 'memory', scope });
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
// With TEST_DATABASE_URL (CI's PostgreSQL pass) and TEST_REDIS_URL: the transports between processes.
if (adminUrl)
  describe('invalidation bus over PostgreSQL LISTEN/NOTIFY', () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl as string);
    });
    afterAll(async () => {
      await scratch?.drop();
    });
    /** Two instances' buses on the scratch database, both listening, closed after `use`. */
    async function twoInstances(use: (a: InvalidationBus, b: InvalidationBus) => Promise<void>) {
      const a = createInvalidationBus({ kind: 'postgres', url: scratch.url });
      const b = createInvalidationBus({ kind: 'postgres', url: scratch.url });
      try {
        await Promise.all([a.ready(), b.ready()]);
        await use(a, b);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    }

    it('delivers to the other instance within a second', async () => {
      await twoInstances(async (a, b) => {
        const latency = await agreesAcrossInstances(a, b);
        console.info(`[invalidation] PostgreSQL NOTIFY latency: median ${latency.median.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms`);
      });
    });

    it('settled() resolves once every other instance has run its handlers: the next request there, even one served from memory, sees the write (issue 24)', async () => {
      await twoInstances(async (a, b) => {
        await until(() => a.stats().peers === 1 && b.stats().peers === 1, 2000, 'each instance learning of the other');
        const onA = recorder(a, 'session');
        const onB = recorder(b, 'session');
        for (let i = 0; i < 100; i++) {
          a.publish('session', String(i));
          await a.settled(2000);
          // No waiting: b has already heard it, whatever b's event loop does next.
          expect(onB.at(-1)).toBe(String(i));
        }
        // The publisher's own handlers ran once each, at once; neither its echo nor the acknowledgements ran them again.
        expect(onA).toEqual(Array.from({ length: 100 }, (_, i) => String(i)));
        expect(onB.length).toBe(100);
        // Nothing in flight: settled() answers at once.
        await expect(Promise.race([a.settled(), new Promise((r) => setTimeout(() => r('late'), 50))])).resolves.toBeUndefined();
      });
    });

    it('settled() waits for a silent instance only until its timeout, stops waiting once it is gone, and never for one that said goodbye', async () => {
      const heartbeat = { everyMs: 50, goneAfterMs: 300 };
      const a = createInvalidationBus({ kind: 'postgres', url: scratch.url }, { heartbeat });
      const b = createInvalidationBus({ kind: 'postgres', url: scratch.url }, { heartbeat });
      const mute = new pg.Client({ connectionString: scratch.url });
      await mute.connect();
      try {
        await Promise.all([a.ready(), b.ready()]);
        await until(() => a.stats().peers === 1, 2000, 'a learning of b');
        // An instance that announced itself and then hangs: it never acknowledges.
        await mute.query('select pg_notify($1, $2)', ['beesang_invalidate', JSON.stringify({ o: 'hung-instance', h: 2 })]);
        await until(() => a.stats().peers === 2, 2000, 'a learning of the hung instance');
        a.publish('company', '1');
        const start = performance.now();
        await a.settled(120);
        expect(performance.now() - start).toBeGreaterThanOrEqual(100);
        // Unheard for goneAfterMs, it is forgotten; b still acknowledges, so settling is quick again.
        await until(() => a.stats().peers === 1, 2000, 'the hung instance being forgotten');
        a.publish('company', '2');
        const again = performance.now();
        await a.settled(1000);
        expect(performance.now() - again).toBeLessThan(500);
        // b leaves with a goodbye: a stops counting it at once.
        await b.close();
        await until(() => a.stats().peers === 0, 1000, 'b’s goodbye');
        a.publish('company', '3');
        const alone = performance.now();
        await a.settled(1000);
        expect(performance.now() - alone).toBeLessThan(500);
      } finally {
        await mute.end();
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('a key too long in bytes (Hangul) reaches the other instance as "everything", never fails the NOTIFY', async () => {
      await twoInstances(async (a, b) => {
        const onB = recorder(b, 'long');
        a.publish('long', '가'.repeat(3000));
        await until(() => onB.length === 1, 1000, 'the shortened message');
        expect(onB).toEqual([undefined]);
        expect(a.stats().failures).toBe(0);
      });
    });

    it('a process that publishes and closes at once (npm run data:import) is still heard', async () => {
      const server = createInvalidationBus({ kind: 'postgres', url: scratch.url });
      try {
        await server.ready();
        const seen = recorder(server, 'company');
        const cli = createInvalidationBus({ kind: 'postgres', url: scratch.url });
        cli.publish('company');
        await cli.close();
        await until(() => seen.length === 1, 1000, 'the import’s message');
        expect(seen).toEqual([undefined]);
      } finally {
        await server.close();
      }
    });

    it('after its connection is killed the listener reconnects, drops everything once, and hears again', async () => {
      const logged: string[] = [];
      const options = { log: (m: string) => logged.push(m), backoffMs: { min: 20, max: 200 } };
      const a = createInvalidationBus({ kind: 'postgres', url: scratch.url }, options);
      const b = createInvalidationBus({ kind: 'postgres', url: scratch.url }, options);
      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      try {
        await Promise.all([a.ready(), b.ready()]);
        const onB = recorder(b, 'company');
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
          [LISTENER_NAME],
        );
        expect(killed.rowCount).toBe(2);
        // While b is away, a's message is lost to it; on reconnecting, b drops everything (key undefined).
        await until(() => onB.includes(undefined), 3000, 'the resync after reconnecting');
        expect(b.stats().resyncs).toBe(1);
        expect(logged.some((m) => m.includes('reconnecting'))).toBe(true);
        await until(() => a.stats().connected, 3000, 'a reconnecting');
        a.publish('company', '9');
        await until(() => onB.includes('9'), 1000, 'a message after the reconnect');
      } finally {
        await admin.end();
        await Promise.all([a.close(), b.close()]);
      }
    });
  });

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl)
  describe('invalidation bus over Redis pub/sub', () => {
    it('delivers to the other instance within a second; after the listener is killed it resyncs and hears again', async () => {
      // A channel of this run's own: the Redis server is shared with other runs.
      const channel = `beesang-test:invalidate:${randomBytes(6).toString('hex')}`;
      const options = { backoffMs: { min: 20, max: 200 } };
      const a = createInvalidationBus({ kind: 'redis', url: redisUrl as string, channel }, options);
      const b = createInvalidationBus({ kind: 'redis', url: redisUrl as string, channel }, options);
      const admin = new Redis(redisUrl as string);
      try {
        await Promise.all([a.ready(), b.ready()]);
        const latency = await agreesAcrossInstances(a, b);
        console.info(`[invalidation] Redis pub/sub latency: median ${latency.median.toFixed(1)} ms, max ${latency.max.toFixed(1)} ms`);

        // settled(): the other instance has run its handlers by then (it acknowledged; issue 24).
        await until(() => a.stats().peers === 1, 2000, 'a learning of b');
        const onSession = recorder(b, 'session');
        for (let i = 0; i < 20; i++) {
          a.publish('session', String(i));
          await a.settled(2000);
          expect(onSession.at(-1)).toBe(String(i));
        }

        const onB = recorder(b, 'company');
        const clients = String(await admin.client('LIST'))
          .split('\n')
          .filter((line) => line.includes(`name=${LISTENER_NAME}:${channel}`));
        expect(clients.length).toBe(2);
        for (const line of clients) await admin.client('KILL', 'ID', /id=(\d+)/.exec(line)?.[1] as string);
        await until(() => onB.includes(undefined), 3000, 'the resync after reconnecting');
        a.publish('company', '9');
        await until(() => onB.includes('9'), 1000, 'a message after the reconnect');
      } finally {
        admin.disconnect();
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
