import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

/**
 * Prometheus metrics (prom-client). Names:
 *   beesang_http_request_duration_seconds{method,route,status_code}  histogram; route is the route
 *       pattern (`/api/v2/stock/profile/:companyIdx`, `/*` for pages, `(no route)` for 404s)
 *   beesang_ssr_render_duration_seconds{page}   histogram, fed by `observeSsr(ms, page)`
 *   beesang_cache_requests_total{cache,result}  counter, result = hit | miss (`cacheHit`, `cacheMiss`)
 *   beesang_cache_entries{cache}                gauge read at scrape time (`cacheSize`)
 *   beesang_db_pool_connections{state}          total | idle | waiting (PostgreSQL; embedded PGlite has no pool)
 *   beesang_search_index_*, beesang_invalidation_*, beesang_live_*, beesang_notifications{kind=written|queued}
 *       gauges registered by buildApp (`gauge`)
 *   nodejs_eventloop_lag_seconds, nodejs_eventloop_lag_p99_seconds, process_*, nodejs_*   prom-client defaults
 *
 * Exposure: GET /metrics on the main port only with `Authorization: Bearer $METRICS_TOKEN`; without
 * the variable the route does not exist, and without the right header the request goes where any
 * unknown path goes (the same 404). METRICS_PORT adds a listener (on METRICS_HOST, default
 * 127.0.0.1) that serves /metrics without a token, for a scraper inside the network.
 */
export interface Metrics {
  /** Whether anything reads these (a token or a port is set); the HTTP histogram and the process metrics run only then. */
  readonly enabled: boolean;
  /** One server-side render took `ms` milliseconds. `page` must be a route pattern or id, never a URL. */
  observeSsr(ms: number, page?: string): void;
  cacheHit(cache: string, count?: number): void;
  cacheMiss(cache: string, count?: number): void;
  /** Reports a cache's number of entries at every scrape. */
  cacheSize(cache: string, size: () => number): void;
  /** A gauge read at scrape time: one number, or one number per value of `label`. */
  /** A gauge read at every scrape; `read` may answer later (a count in the database). */
  gauge(name: string, help: string, read: () => GaugeValue | Promise<GaugeValue>, label?: string): void;
  /** The text a scraper reads. */
  render(): Promise<string>;
  readonly contentType: string;
  /** Where the internal metrics listener (METRICS_PORT) listens, once the app is ready. */
  internalAddress(): AddressInfo | null;
}

type GaugeValue = number | Record<string, number> | undefined;

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a process without a scraper keeps: nothing (prom-client is not even loaded). */
function disabledMetrics(): Metrics & { registry: undefined } {
  const nothing = () => {};
  return {
    registry: undefined,
    enabled: false,
    contentType: 'text/plain; version=0.0.4; charset=utf-8',
    observeSsr: nothing,
    cacheHit: nothing,
    cacheMiss: nothing,
    cacheSize: nothing,
    gauge: nothing,
    render: async () => '',
    internalAddress: () => null,
  };
}

export async function createMetrics(options: { enabled: boolean }): Promise<Metrics & { registry: Registry | undefined }> {
  if (!options.enabled) return disabledMetrics();
  // Loaded only where something reads the figures: prom-client holds tens of MB once loaded.
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  // Process metrics start an event-loop monitor and a GC observer: only when someone reads them.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const ssr = new Histogram({
    name: 'beesang_ssr_render_duration_seconds',
    help: 'Server-side render time of a page (React Router, loaders included)',
    labelNames: ['page'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const caches = new Counter({
    name: 'beesang_cache_requests_total',
    help: 'Lookups in the in-process caches, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
  });
  const sizes = new Map<string, () => number>();
  new Gauge({
    name: 'beesang_cache_entries',
    help: 'Entries held by each in-process cache',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const [cache, size] of sizes) this.set({ cache }, size());
    },
  });
  return {
    registry,
    enabled: true,
    contentType: registry.contentType,
    observeSsr(ms, page = 'all') {
      ssr.observe({ page }, ms / 1000);
    },
    cacheHit(cache, count = 1) {
      caches.inc({ cache, result: 'hit' }, count);
    },
    cacheMiss(cache, count = 1) {
      caches.inc({ cache, result: 'miss' }, count);
    },
    cacheSize(cache, size) {
      sizes.set(cache, size);
    },
    gauge(name, help, read, label = 'kind') {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        collect() {
          const set = (value: GaugeValue) => {
            this.reset();
            if (typeof value === 'number') this.set(value);
            else if (value) for (const [key, v] of Object.entries(value)) this.set({ [label]: key }, v);
          };
          const value = read();
          return value instanceof Promise ? value.then(set) : set(value);
        },
      });
    },
    render: () => registry.metrics(),
    internalAddress: () => null,
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Counts one answer in the request histogram (an answer sent before Fastify too: lib/front-door.ts). */
export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

/**
 * `/metrics` on the app (behind the token) and on the internal port; the request histogram, and
 * what times an answer the histogram's hook does not see (returned; undefined when off). Call
 * before the routes are registered, so that its hook times every one of them.
 */
export async function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics & { registry: Registry | undefined },
  options: { token?: string | undefined; port?: number | undefined; host?: string | undefined },
): Promise<RequestObserver | undefined> {
  let observe: RequestObserver | undefined;
  if (metrics.enabled && metrics.registry) {
    const { Histogram } = await import('prom-client');
    const requests = new Histogram({
      name: 'beesang_http_request_duration_seconds',
      help: 'Time from request to response, by route pattern and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: SECONDS_BUCKETS,
      registers: [metrics.registry],
    });
    observe = (method, route, status, seconds) => requests.observe({ method, route, status_code: status }, seconds);
    app.addHook('onResponse', (req, reply, done) => {
      observe?.(req.method, req.routeOptions.url ?? '(no route)', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  if (options.token) {
    // The route matches only requests that carry the token (compared in constant time); any other
    // request for /metrics goes on to whatever answers unknown paths, and looks the same.
    const expected = digest(`Bearer ${options.token}`);
    const granted = 'granted';
    app.addConstraintStrategy({
      name: 'metricsToken',
      mustMatchWhenDerived: false,
      storage() {
        let handler: unknown = null;
        return {
          get: (value: string) => (value === granted ? handler : null),
          set: (_value: string, h: unknown) => {
            handler = h;
          },
        };
      },
      deriveConstraint(req: IncomingMessage) {
        if (!req.url?.startsWith('/metrics')) return '';
        const header = req.headers.authorization;
        return typeof header === 'string' && timingSafeEqual(digest(header), expected) ? granted : '';
      },
    } as never);
    app.get('/metrics', { schema: { hide: true }, constraints: { metricsToken: granted } }, async (_req, reply) => {
      reply.header('content-type', metrics.contentType).header('cache-control', 'no-store');
      return metrics.render();
    });
  }

  let server: Server | undefined;
  if (options.port !== undefined) {
    const port = options.port;
    server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      metrics.render().then(
        (text) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    const listening = server;
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, options.host ?? '127.0.0.1', () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    });
  }
  metrics.internalAddress = () => (server?.address() as AddressInfo | null) ?? null;
  return observe;
}

/** Gauges over the app's own state, read at scrape time. */
export function watchApp(
  metrics: Metrics,
  sources: {
    searchIndex: { stats(): { companies: number; overlay: number; lastBuildMs: number; builds: number } };
    bus?:
      | { stats(): { connected: boolean; published: number; received: number; resyncs: number; failures: number; peers: number } }
      | undefined;
    dbPool?: (() => { total: number; idle: number; waiting: number }) | undefined;
    live?:
      | { stats(): { connections: number; members: number; delivered: number; dropped: number; evicted: number; resyncs: number } }
      | undefined;
  },
) {
  const index = () => sources.searchIndex.stats();
  metrics.gauge('beesang_search_index_companies', 'Companies in the search index (built and changed since)', () => {
    const s = index();
    return { built: s.companies, changed: s.overlay };
  });
  metrics.gauge(
    'beesang_search_index_build_seconds',
    'Duration of the last full build of the search index',
    () => index().lastBuildMs / 1000,
  );
  metrics.gauge('beesang_search_index_builds', 'Full builds of the search index since start', () => index().builds);
  const bus = sources.bus;
  if (bus) {
    metrics.gauge('beesang_invalidation_connected', '1 while the invalidation bus hears the other instances', () =>
      bus.stats().connected ? 1 : 0,
    );
    metrics.gauge('beesang_invalidation_messages', 'Invalidation messages since start', () => {
      const s = bus.stats();
      return { published: s.published, received: s.received, resyncs: s.resyncs, failures: s.failures };
    });
    metrics.gauge(
      'beesang_invalidation_peers',
      'Other instances heard on the bus lately (a write waits for their acknowledgements)',
      () => bus.stats().peers,
    );
  }
  const live = sources.live;
  if (live) {
    metrics.gauge('beesang_live_connections', 'Open live streams (GET /api/live) on this instance', () => live.stats().connections);
    metrics.gauge('beesang_live_members', 'Members with at least one open live stream on this instance', () => live.stats().members);
    metrics.gauge(
      'beesang_live_events',
      'Live frames since start: written, streams dropped as too slow, evicted past the limit, resyncs',
      () => {
        const s = live.stats();
        return { delivered: s.delivered, dropped: s.dropped, evicted: s.evicted, resyncs: s.resyncs };
      },
    );
  }
  const pool = sources.dbPool;
  if (pool) metrics.gauge('beesang_db_pool_connections', 'PostgreSQL pool connections', () => ({ ...pool() }), 'state');
}
