import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type PgModule from 'pg';

/** The PostgreSQL driver, loaded when a PostgreSQL transport starts (never on the embedded database). */
let pgDriver: typeof PgModule | undefined;
const loadPg = () => {
  pgDriver ??= createRequire(import.meta.url)('pg') as typeof PgModule;
  return pgDriver;
};

/**
 * The invalidation bus: how N instances agree on their per-instance caches (decision 0010).
 *
 * Each instance keeps read caches of its own (search index, company rows, best 호가, charts, open
 * listings, SSR pages). A write on any instance publishes "topic + key" here after its transaction
 * committed; every instance, the publisher included, drops what it holds under that topic and key.
 *
 *   const bus = app.services.bus;
 *   const stop = bus.subscribe('company', (key) => (key === undefined ? cache.clear() : cache.delete(key)));
 *   bus.publish('company', String(companyId));  // after the commit
 *
 * Semantics every subscriber must honour:
 * - `publish(topic, key)` runs this instance's handlers synchronously before it returns (so a
 *   request that wrote reads its own write next), then tells the other instances, whose handlers
 *   run within milliseconds (PostgreSQL NOTIFY or Redis pub/sub). It never throws and never waits:
 *   a transport failure is logged, and the caches' TTLs remain the backstop.
 * - A handler called with `key === undefined` must drop everything under its topic. That is what
 *   `publish(topic)` without a key means, and what every handler receives after the transport
 *   reconnects (messages may have been missed while it was away).
 * - Topics and keys are short strings (a company id, a URL path); payloads over 7,000 bytes (UTF-8)
 *   drop the key (so become "everything under the topic") rather than fail; `carriesKey` tells.
 * - Handlers must be quick and must not throw (a throw is caught and logged).
 *
 * Transports: `postgres` (LISTEN/NOTIFY on a dedicated connection, not the pool; notifications are
 * scoped to the database, so deployments on one server don't hear each other), `redis` (pub/sub
 * when REDIS_URL is set; one channel per database name), and `memory` for the embedded PGlite
 * database, which only one process can open: app instances in that process sharing `scope` (the
 * database handle) hear each other, which is all the agreement one process needs.
 */
export interface InvalidationBus {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Drops `key` (or everything, without a key) under `topic` here at once and on every other instance. */
  publish(topic: string, key?: string): void;
  /** Calls `handler` for every publish on `topic` from any instance; returns the unsubscribe. */
  subscribe(topic: string, handler: (key?: string) => void): () => void;
  /**
   * Resolves once everything this instance published so far has come back to its own listener and
   * every other live instance has run its handlers for it and said so (an acknowledgement over the
   * transport): at most `timeoutMs`, at once in memory or while the listener is away. A write's
   * answer waits for it, so that the member's next request, on whichever instance, finds the caches
   * it changed dropped, even when that request runs wholly from memory (decision 0031).
   */
  settled(timeoutMs?: number): Promise<void>;
  /** Resolves once this instance hears the others (the listener is connected), or rejects after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** Counters for /metrics and tests. */
  stats(): InvalidationStats;
  /** Sends what was published, then stops listening and closes the transport's connections. */
  close(): Promise<void>;
}

export interface InvalidationStats {
  kind: InvalidationBus['kind'];
  connected: boolean;
  published: number;
  received: number;
  /** Times every handler was told to drop everything because the transport reconnected. */
  resyncs: number;
  failures: number;
  /** Other instances heard on the transport lately (settled() waits for their acknowledgements). */
  peers: number;
}

export type InvalidationTransport =
  | { kind: 'memory'; scope?: object }
  | { kind: 'postgres'; url: string; channel?: string }
  | { kind: 'redis'; url: string; channel?: string };

export interface InvalidationBusOptions {
  /** Told about transport trouble (warn level); never given message contents beyond topic names. */
  log?: (message: string, error?: unknown) => void;
  /** Backoff between reconnect attempts: first delay and ceiling (ms). */
  backoffMs?: { min: number; max: number };
  /** How often an instance tells the others it is alive (ms), and after how long unheard it counts as gone. */
  heartbeat?: { everyMs: number; goneAfterMs: number };
}

export const DEFAULT_CHANNEL = 'beesang_invalidate';
/** How the listening connection names itself (pg_stat_activity.application_name, Redis CLIENT LIST). */
export const LISTENER_NAME = 'beesang-invalidation';
/** Bytes, not characters: NOTIFY refuses payloads of 8000 bytes or more, and a Hangul character takes three in UTF-8. */
const MAX_PAYLOAD = 7000;
const fits = (payload: string) => payload.length <= MAX_PAYLOAD / 3 || Buffer.byteLength(payload) <= MAX_PAYLOAD;

/**
 * Whether `publish(topic, key)` carries `key` to the other instances whole. A key too long for the
 * transport is dropped (the others hear "everything under the topic"); a publisher whose keys carry
 * data (the live channel) checks first and sends something smaller instead.
 */
export function carriesKey(topic: string, key: string): boolean {
  return fits(JSON.stringify({ o: '0123456789abcdef', t: topic, k: key }));
}

/** Topics the API publishes. Other parts (the SSR page cache) may add their own. */
export const TOPICS = {
  /** A company's row, price, bars, name or labels changed; key = company id, none = every company. */
  company: 'company',
  /** A company's listings (the order book, best 호가) changed; key = company id. */
  listings: 'listings',
  /** What a member's public page shows changed (a review, a confirmed trade); key = member id. */
  member: 'member',
  /** A member's account row or sessions changed (sign-out, revoke, sanction, role, profile); key = member id. */
  session: 'session',
  /** A member's favourites changed; key = member id. */
  favorites: 'favorites',
  /** Notices, events, news or reports changed (an editor's write); key = the kind. */
  content: 'content',
  /** A member's unread messages changed (a message to them, their read); key = member id. */
  unreadMessages: 'unread-messages',
  /** A member's notifications changed (written, read, deleted); key = member id, none = many members'. */
  notifications: 'notifications',
  /** A member's price alerts changed (added, deleted, fired); key = member id, none = many members'. */
  priceAlerts: 'price-alerts',
  /** What a member has reported changed (a report of theirs); key = member id. */
  reports: 'reports',
} as const;

type Handler = (key?: string) => void;
/**
 * What travels on the transport. Every message names its sender (`o`). An invalidation carries a
 * topic (`t`), maybe a key, and the sender's sequence number (`n`). The others are control messages
 * without a topic (older instances ignore them): `a` acknowledges, per publisher, the highest
 * sequence number whose handlers have run here; `h` says "I am listening" (1 on (re)connecting, which
 * the others answer with 2, and 2 every heartbeat); `b` says goodbye.
 */
interface Message {
  o: string;
  t?: string;
  k?: string;
  n?: number;
  a?: Record<string, number>;
  h?: 1 | 2;
  b?: 1;
}
interface Peer {
  /** performance.now() when anything was last heard from it */
  seen: number;
  /** the highest of this instance's sequence numbers it has acknowledged */
  acked: number;
}

const memoryHubs = new WeakMap<object, Set<(m: Message) => void>>();
const processScope = {};

/** A bus over the chosen transport; see InvalidationBus for what it promises. */
export function createInvalidationBus(transport: InvalidationTransport, options: InvalidationBusOptions = {}): InvalidationBus {
  const log = options.log ?? (() => {});
  const origin = randomBytes(8).toString('hex');
  const handlers = new Map<string, Set<Handler>>();
  const counts = { published: 0, received: 0, resyncs: 0, failures: 0 };
  const inFlight = new Set<Promise<void>>();
  let connected = transport.kind === 'memory';
  let closed = false;
  /** The last sequence number published here, and the last one heard back from the transport. */
  let sent = 0;
  let echoed = 0;
  /** The other instances on the transport, by origin (never filled in memory, where delivery is synchronous). */
  const peers = new Map<string, Peer>();
  const { everyMs, goneAfterMs } = options.heartbeat ?? { everyMs: 2000, goneAfterMs: 7000 };
  const settling = new Set<{ upTo: number; resolve: () => void }>();
  const isSettled = (upTo: number) => {
    if (echoed < upTo) return false;
    const now = performance.now();
    for (const peer of peers.values()) if (peer.acked < upTo && now - peer.seen <= goneAfterMs) return false;
    return true;
  };
  const recheck = () => {
    for (const w of settling)
      if (isSettled(w.upTo)) {
        settling.delete(w);
        w.resolve();
      }
  };
  /** Marks `from` as alive; an instance first heard now owes no acknowledgement for what came before it. */
  const touch = (from: string) => {
    const peer = peers.get(from);
    if (peer) peer.seen = performance.now();
    else peers.set(from, { seen: performance.now(), acked: sent });
    return peers.get(from) as Peer;
  };
  /** Acknowledgements owed, per publisher; sent together once the current batch of messages is handled. */
  const owed = new Map<string, number>();
  let acking = false;

  const run = (topic: string, key: string | undefined) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(key);
      } catch (error) {
        log(`invalidation handler for '${topic}' failed`, error);
      }
    }
  };
  const deliver = (m: Message) => {
    if (m.o === origin) {
      if (typeof m.t === 'string' && typeof m.n === 'number' && m.n > echoed) {
        echoed = m.n;
        recheck();
      }
      return;
    }
    if (closed) return;
    if (typeof m.t === 'string') {
      counts.received++;
      run(m.t, m.k);
      if (transport.kind !== 'memory' && typeof m.n === 'number') acknowledge(m.o, m.n);
    }
    if (transport.kind === 'memory') return;
    if (m.b === 1) {
      peers.delete(m.o);
      recheck();
      return;
    }
    const peer = touch(m.o);
    if (m.h === 1) void control({ h: 2 });
    const mine = m.a?.[origin];
    if (typeof mine === 'number' && mine > peer.acked) {
      peer.acked = mine;
      recheck();
    }
  };
  const onRaw = (raw: string) => {
    try {
      const m = JSON.parse(raw) as Message;
      if (typeof m.o === 'string') deliver(m);
    } catch {
      log('invalidation message ignored: not ours');
    }
  };
  /** After a reconnect: what was published meanwhile is lost, so every handler drops everything. */
  const resync = () => {
    counts.resyncs++;
    for (const topic of handlers.keys()) run(topic, undefined);
  };
  const encode = (topic: string, key: string | undefined, n: number) => {
    const payload = JSON.stringify({ o: origin, t: topic, ...(key !== undefined && { k: key }), n });
    return fits(payload) ? payload : JSON.stringify({ o: origin, t: topic.slice(0, 200), n });
  };

  let readiness: { promise: Promise<void>; resolve: () => void };
  {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    readiness = { promise, resolve };
  }
  const markConnected = (first: boolean) => {
    connected = true;
    readiness.resolve();
    if (!first) resync();
    // Tell the others this instance listens (they answer, so it learns of them too).
    void control({ h: 1 });
  };

  let send: (payload: string) => Promise<void>;
  let shutdown: () => Promise<void>;

  if (transport.kind === 'memory') {
    const scope = transport.scope ?? processScope;
    let hub = memoryHubs.get(scope);
    if (!hub) {
      hub = new Set();
      memoryHubs.set(scope, hub);
    }
    const members = hub;
    members.add(deliver);
    readiness.resolve();
    send = async (payload) => {
      const m = JSON.parse(payload) as Message;
      for (const member of members) member(m);
    };
    shutdown = async () => {
      members.delete(deliver);
    };
  } else if (transport.kind === 'postgres') {
    ({ send, shutdown } = postgresTransport(transport, options, log, onRaw, markConnected, () => {
      connected = false;
    }));
  } else {
    ({ send, shutdown } = redisTransport(transport, options, log, onRaw, markConnected, () => {
      connected = false;
    }));
  }

  /** Sends a control message; a lost one costs at most a settled() timeout, so failures are only counted. */
  function control(body: Omit<Message, 'o'>) {
    if (closed && body.b !== 1) return Promise.resolve();
    return send(JSON.stringify({ o: origin, ...body })).catch(() => {
      counts.failures++;
    });
  }
  /** Owes `publisher` an acknowledgement of `n`; the ones owed are sent in one message after this batch. */
  function acknowledge(publisher: string, n: number) {
    if (n > (owed.get(publisher) ?? 0)) owed.set(publisher, n);
    if (acking) return;
    acking = true;
    queueMicrotask(() => {
      acking = false;
      const a = Object.fromEntries(owed);
      owed.clear();
      void control({ a });
    });
  }
  // The heartbeat: others forget an instance unheard for `goneAfterMs`, so one that died stops being waited for.
  const beat =
    transport.kind === 'memory'
      ? undefined
      : setInterval(() => {
          const now = performance.now();
          for (const [from, peer] of peers) if (now - peer.seen > goneAfterMs) peers.delete(from);
          recheck();
          if (connected) void control({ h: 2 });
        }, everyMs);
  beat?.unref();

  return {
    kind: transport.kind,
    publish(topic, key) {
      if (closed) return;
      counts.published++;
      run(topic, key);
      const n = ++sent;
      // In memory every instance heard it synchronously.
      if (transport.kind === 'memory') echoed = n;
      const sending = send(encode(topic, key, n)).catch((error: unknown) => {
        counts.failures++;
        log(`invalidation of '${topic}' not sent to other instances; their caches expire on their own`, error);
      });
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      return () => {
        handlers.get(topic)?.delete(handler);
      };
    },
    settled(timeoutMs = 250) {
      if (!connected || closed || isSettled(sent)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const waiter = { upTo: sent, resolve };
        settling.add(waiter);
        setTimeout(() => {
          if (settling.delete(waiter)) resolve();
        }, timeoutMs).unref();
      });
    },
    ready(timeoutMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`invalidation bus (${transport.kind}) not connected after ${timeoutMs} ms`)), timeoutMs);
        timer.unref();
      });
      return Promise.race([readiness.promise, timeout]).finally(() => clearTimeout(timer));
    },
    stats: () => ({ kind: transport.kind, connected, ...counts, peers: peers.size }),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(beat);
      handlers.clear();
      for (const w of settling) w.resolve();
      settling.clear();
      // What was published goes out first (a command-line import publishes and exits), then goodbye.
      await Promise.allSettled([...inFlight]);
      if (transport.kind !== 'memory' && connected) await control({ b: 1 });
      await shutdown();
    },
  };
}

type Transport = { send(payload: string): Promise<void>; shutdown(): Promise<void> };

function backoff(options: InvalidationBusOptions) {
  const { min, max } = options.backoffMs ?? { min: 100, max: 5000 };
  let attempt = 0;
  return {
    next: () => Math.min(max, min * 2 ** attempt++) * (0.75 + Math.random() * 0.5),
    reset: () => {
      attempt = 0;
    },
  };
}

/** LISTEN on one dedicated connection, reconnected with backoff; NOTIFY through a one-connection pool. */
function postgresTransport(
  transport: { url: string; channel?: string },
  options: InvalidationBusOptions,
  log: (message: string, error?: unknown) => void,
  onRaw: (raw: string) => void,
  connectedNow: (first: boolean) => void,
  disconnected: () => void,
): Transport {
  const channel = transport.channel ?? DEFAULT_CHANNEL;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid LISTEN channel name: ${channel}`);
  const pg = loadPg();
  const publisher = new pg.Pool({ connectionString: transport.url, max: 1, idleTimeoutMillis: 60_000, connectionTimeoutMillis: 5000 });
  publisher.on('error', (error) => log('invalidation publisher connection dropped; the next publish reconnects', error));
  const delay = backoff(options);
  let client: PgModule.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let everConnected = false;

  const connect = async () => {
    timer = undefined;
    if (stopped) return;
    const c = new pg.Client({
      connectionString: transport.url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      disconnected();
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (stopped) return;
      log('invalidation listener lost its PostgreSQL connection; reconnecting', error);
      timer = setTimeout(() => void connect(), delay.next());
      timer.unref();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) onRaw(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay.reset();
    const first = !everConnected;
    everConnected = true;
    connectedNow(first);
  };
  void connect();

  return {
    async send(payload) {
      await publisher.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async shutdown() {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await Promise.allSettled([c?.end(), publisher.end()]);
    },
  };
}

/** SUBSCRIBE on a connection of its own (a subscribed connection cannot publish); ioredis reconnects and resubscribes. */
function redisTransport(
  transport: { url: string; channel?: string },
  options: InvalidationBusOptions,
  log: (message: string, error?: unknown) => void,
  onRaw: (raw: string) => void,
  connectedNow: (first: boolean) => void,
  disconnected: () => void,
): Transport {
  const channel = transport.channel ?? DEFAULT_CHANNEL;
  const delay = backoff(options);
  let sub: Redis | undefined;
  let pub: Redis | undefined;
  let everConnected = false;
  let stopped = false;
  const started = import('ioredis').then(({ Redis }) => {
    if (stopped) return;
    const retryStrategy = () => delay.next();
    const connectionName = `${LISTENER_NAME}:${channel.replace(/\s/g, '_')}`;
    sub = new Redis(transport.url, { retryStrategy, maxRetriesPerRequest: null, connectTimeout: 5000, connectionName });
    pub = new Redis(transport.url, { retryStrategy, maxRetriesPerRequest: 1, connectTimeout: 5000 });
    const quiet = (what: string) => (error: unknown) => log(`invalidation ${what} lost its Redis connection; reconnecting`, error);
    sub.on('error', quiet('listener'));
    pub.on('error', quiet('publisher'));
    sub.on('close', () => disconnected());
    sub.on('message', (ch: string, message: string) => {
      if (ch === channel) onRaw(message);
    });
    // 'ready' comes after every (re)connect; ioredis re-subscribes before it.
    sub.on('ready', () => {
      delay.reset();
      const s = sub;
      if (!s) return;
      s.subscribe(channel).then(
        () => {
          const first = !everConnected;
          everConnected = true;
          connectedNow(first);
        },
        (error: unknown) => log('invalidation listener could not subscribe', error),
      );
    });
  });

  return {
    async send(payload) {
      await started;
      if (!pub) throw new Error('bus closed');
      await pub.publish(channel, payload);
    },
    async shutdown() {
      stopped = true;
      await started.catch(() => {});
      sub?.disconnect();
      pub?.disconnect();
    },
  };
}

/**
 * The transport a deployment uses: Redis when REDIS_URL is set (one channel per database name, so
 * deployments sharing a Redis stay apart), else PostgreSQL when DATABASE_URL is set, else memory
 * (the embedded database is one process; `scope` ties together app instances built on it).
 */
export function invalidationTransport(config: { redisUrl?: string | undefined; databaseUrl?: string | undefined }, scope: object) {
  const database = config.databaseUrl ? decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1)) || 'postgres' : undefined;
  if (config.redisUrl) {
    return { kind: 'redis', url: config.redisUrl, channel: `beesang:invalidate:${database ?? 'embedded'}` } satisfies InvalidationTransport;
  }
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl } satisfies InvalidationTransport;
  return { kind: 'memory', scope } satisfies InvalidationTransport;
}
