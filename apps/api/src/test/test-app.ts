import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.ts';
import type { AppConfig } from '../config/config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { fixedClock } from '../lib/clock.ts';
import type { DomainEventBus } from '../lib/domain-events.ts';
import type { InvalidationBus } from '../lib/invalidation.ts';
import type { JobQueue } from '../lib/job-queue.ts';
import type { AnalyticsService } from '../modules/analytics/analytics.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { SanctionService } from '../modules/auth/sanction.service.ts';
import type { ContentService } from '../modules/content/content.service.ts';
import type { DealModule } from '../modules/deal/deal.module.ts';
import type { FavoriteService } from '../modules/favorite/favorite.service.ts';
import type { LiveHub } from '../modules/live/live.service.ts';
import type { NotificationModule } from '../modules/notification/notification.module.ts';
import type { PushModule } from '../modules/notification/push/push.module.ts';
import type { OpinionService } from '../modules/opinion/opinion.service.ts';
import type { StockService } from '../modules/stock/stock.service.ts';
import type { TradeService } from '../modules/trade/trade.service.ts';
import type { Metrics } from '../plugins/metrics.ts';
import type { SsrReadsFor } from '../ssr/reads.ts';
import { announceDirectWrites } from './direct-writes.ts';

/** The instant every test sees as "now": a Friday, 14:00 in Seoul. Seed and clock agree on it. */
export const TEST_NOW = '2026-11-20T05:00:00.000Z';
export const TEST_COMPANIES = 40;

export interface TestAppOptions {
  /** Number of demo companies (default 40). */
  companies?: number;
  /** Years of daily bars (default 1). */
  years?: number;
  /** The fixed "now" (default TEST_NOW). */
  now?: string;
  /** Skip the demo data: an empty, migrated database. */
  seed?: boolean;
  /** Outside services replaced by local fakes, and limits tightened for a test. */
  smsGateway?: BuildAppOptions['smsGateway'];
  smsLimits?: BuildAppOptions['smsLimits'];
  socialProviders?: BuildAppOptions['socialProviders'];
  publicUrl?: string;
  /** Collect what the app logs (level info) here, to show what never reaches a log. */
  logLines?: string[];
  /** Further settings for a test (upload folder, say). */
  config?: Partial<AppConfig>;
  /** Limits on abuse: the production rules unless a test loosens or tightens one, and their store. */
  limits?: BuildAppOptions['limits'];
  /** Serve the web app (config.webBuildDir must hold a build); off by default. */
  web?: boolean;
  /** The live channel's timings and limit (heartbeat, session check), shortened for a test. */
  live?: BuildAppOptions['live'];
}

/**
 * For suites about listings themselves (hundreds per member): the listing limits are proven in
 * modules/limits/limits.test.ts with the production rules.
 */
export const LISTINGS_UNLIMITED = {
  listingsPerHour: { max: 1_000_000, windowMs: 3_600_000 },
  listingsPerDay: { max: 1_000_000, windowMs: 86_400_000 },
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type BuiltApp = Awaited<ReturnType<typeof buildApp>> & {
  /** Starts a graceful shutdown (new requests get 503). */
  beginDrain(): void;
  services: {
    /** How many answers the server's door sent (lib/front-door.ts; not passed by `inject`). */
    frontDoor: { answered(): number };
    stocks: StockService;
    contents: ContentService;
    analytics: AnalyticsService;
    auth: AuthService;
    trades: TradeService;
    favorites: FavoriteService;
    opinions: OpinionService;
    sanctions: SanctionService;
    deals: DealModule;
    bus: InvalidationBus;
    live: LiveHub;
    metrics: Metrics;
    ssrReads: SsrReadsFor;
    push: PushModule;
    notify: NotificationModule;
    jobs: JobQueue;
    events: DomainEventBus;
  };
};

/** A throw-away PostgreSQL database on the server at `adminUrl`; `drop()` removes it. */
export async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `beesang_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        await client.query(`drop database if exists ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A real app on a fresh, migrated database with a small deterministic demo set. In-memory PGlite by
 * default; with TEST_DATABASE_URL a scratch database on that PostgreSQL server, dropped on close.
 */
export async function createTestApp(opts: TestAppOptions = {}) {
  const now = opts.now ?? TEST_NOW;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
  // TEST_PGLITE_THREAD=1: the embedded database in its own thread, as the server opens it (decision 0033).
  const handle = await openDatabase({ databaseUrl: scratch?.url, thread: process.env.TEST_PGLITE_THREAD === '1' });
  const db: Db = handle.db;
  const clock = fixedClock(now);
  try {
    await migrateToLatest(db);
    if (opts.seed !== false) {
      await seedDemoData(db, { companies: opts.companies ?? TEST_COMPANIES, years: opts.years ?? 1, today: new Date(now) });
    }
  } catch (error) {
    await handle.close();
    await scratch?.drop();
    throw error;
  }
  // A Fastify instance is a thenable, so `await buildApp()` is typed as a bare FastifyInstance without
  // `services`; at run time it is the very object buildApp returned.
  const appConfig: BuildAppOptions['config'] = {
    env: 'test',
    publicUrl: opts.publicUrl ?? 'http://localhost:3000',
    webBuildDir: '/nonexistent',
    logLevel: opts.logLines ? 'info' : 'silent',
    trustProxy: undefined,
    // On PostgreSQL the limits count in the database, as they do for instances without Redis.
    databaseUrl: scratch?.url,
    ...opts.config,
  };
  const jobQueue = handle.embedded ? { pglite: handle.embedded, ownThread: handle.thread === true } : undefined;
  const app = (await buildApp({
    config: appConfig,
    db,
    clock,
    ...(jobQueue && { jobQueue }),
    smsGateway: opts.smsGateway,
    smsLimits: opts.smsLimits,
    socialProviders: opts.socialProviders,
    limits: opts.limits,
    live: opts.live,
    web: opts.web ?? false,
    logger: Boolean(opts.logLines),
    logStream: opts.logLines && { write: (line: string) => void opts.logLines?.push(line) },
  })) as BuiltApp;
  await app.ready();

  let closed = false;
  return {
    app,
    /** The database for the test's own reads and writes: a direct write to a member's row announces itself (test/direct-writes.ts). */
    db: db.withPlugin(announceDirectWrites((topic) => app.services.bus.publish(topic))),
    /** The database as the app has it (a second instance on PGlite shares it). */
    appDb: db,
    clock,
    kind: handle.kind,
    /** The scratch PostgreSQL database's URL (undefined on PGlite), for a second instance. */
    databaseUrl: scratch?.url,
    /** Options the app was built with, so a second instance is built the same way. */
    buildOptions: {
      config: appConfig,
      smsGateway: opts.smsGateway,
      smsLimits: opts.smsLimits,
      socialProviders: opts.socialProviders,
      limits: opts.limits,
      live: opts.live,
      ...(jobQueue && { jobQueue }),
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await handle.close();
      await scratch?.drop();
    },
  };
}

/** True when a string holds Korean syllables: every user-facing message must. */
export const HANGUL = /[가-힣]/;

/**
 * Another instance of the same deployment: its own app (no state shared in process) on the same
 * database, through its own connection pool on PostgreSQL. On PGlite, which one process owns, it
 * shares the connection; the instances still share nothing but the database.
 */
export async function secondInstance(t: TestApp, extra: Partial<BuildAppOptions> = {}) {
  const handle = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl }) : undefined;
  const app = (await buildApp({
    ...t.buildOptions,
    db: handle?.db ?? t.appDb,
    clock: t.clock,
    web: false,
    logger: false,
    ...extra,
  })) as BuiltApp;
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle?.close();
    },
  };
}
