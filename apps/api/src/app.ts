import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AbuseLimits, messages } from '@beesang/contract';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, isLocalOrigin } from './config/config.ts';
import type { Db } from './db/database.ts';
import { purgeIdempotencyKeys } from './db/idempotency.ts';
import { assertPepperUnchanged, storedAuthSecret } from './db/secrets.ts';
import { isDemoDataLoaded } from './db/seed/seed.ts';
import { unitOfWork } from './db/unit-of-work.ts';
import { createAnswerCache } from './lib/answer-cache.ts';
import { type Clock, type OffsetClock, systemClock } from './lib/clock.ts';
import { createDomainEvents } from './lib/domain-events.ts';
import { createFrontDoor, type FrontDoor, serverWithFrontDoor } from './lib/front-door.ts';
import { createInvalidationBus, type InvalidationBus, invalidationTransport, TOPICS } from './lib/invalidation.ts';
import { createJobQueue, type JobQueueDatabase } from './lib/job-queue.ts';
import { createKeyring, singleKeyring } from './lib/keyring.ts';
import { RequestLogController, redactingSerializers } from './lib/log.ts';
import { createMemberView, membersChanged } from './lib/member-view.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { type AnalyticsService, createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, type SessionRow } from './modules/auth/auth.service.ts';
import { createExpertClaimsService } from './modules/auth/expert-claims.service.ts';
import { createSanctionService } from './modules/auth/sanction.service.ts';
import { deviceRemembering } from './modules/auth/session/device-token.ts';
import { createTokensRepository } from './modules/auth/session/tokens.repository.ts';
import { socialRoutes } from './modules/auth/social/social.routes.ts';
import { createSocialService, type SocialProviders } from './modules/auth/social/social.service.ts';
import { createUsersRepository } from './modules/auth/users.repository.ts';
import { companyPageRoutes } from './modules/company-page/company-page.routes.ts';
import { createContentRepository } from './modules/content/content.repository.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { createContentService } from './modules/content/content.service.ts';
import { conversationRoutes } from './modules/deal/conversations/conversation.routes.ts';
import { createDealModule, type DealModule } from './modules/deal/deal.module.ts';
import { dealRoutes } from './modules/deal/offers/deal.routes.ts';
import { memberRoutes } from './modules/deal/reviews/member.routes.ts';
import { createReviewsRepository } from './modules/deal/reviews/reviews.repository.ts';
import { adminExpertRoutes } from './modules/expert/admin-expert.routes.ts';
import { expertRoutes } from './modules/expert/expert.routes.ts';
import { createExpertService } from './modules/expert/expert.service.ts';
import { createFavoriteRepository } from './modules/favorite/favorite.repository.ts';
import { favoriteRoutes } from './modules/favorite/favorite.routes.ts';
import { createFavoriteService } from './modules/favorite/favorite.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createIdentityRepository } from './modules/identity/identity.repository.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { createIdentityService, simulatedProvider } from './modules/identity/identity.service.ts';
import { createPortOneProvider } from './modules/identity/portone-provider.ts';
import { createLimitsRepository, type LimitsRepository } from './modules/limits/limits.repository.ts';
import { type LimitStore, registerLimits } from './modules/limits/limits.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { createLiveHub } from './modules/live/live.service.ts';
import { liveDevRoutes } from './modules/live/live-dev.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { createNotificationModule, type NotificationModule } from './modules/notification/notification.module.ts';
import { notificationRoutes } from './modules/notification/notification.routes.ts';
import { createPushModule } from './modules/notification/push/push.module.ts';
import { pushRoutes } from './modules/notification/push/push.routes.ts';
import { createOpinionRepository } from './modules/opinion/opinion.repository.ts';
import { opinionRoutes } from './modules/opinion/opinion.routes.ts';
import { createOpinionService } from './modules/opinion/opinion.service.ts';
import { createReportRepository } from './modules/report/report.repository.ts';
import { reportRoutes } from './modules/report/report.routes.ts';
import { createReportService, type ReportService } from './modules/report/report.service.ts';
import { createReviewRepository } from './modules/review/review.repository.ts';
import { createReviewService } from './modules/review/review.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createSmsRepository } from './modules/sms/sms.repository.ts';
import { smsRoutes } from './modules/sms/sms.routes.ts';
import { createSmsService, type SmsLimits } from './modules/sms/sms.service.ts';
import { createLogGateway, type SmsGateway } from './modules/sms/sms-gateway.ts';
import { createSolapiGateway } from './modules/sms/solapi-gateway.ts';
import { adminCampaignRoutes } from './modules/staff/admin-campaigns.routes.ts';
import { adminCompaniesRoutes } from './modules/staff/admin-companies.routes.ts';
import { adminContentRoutes } from './modules/staff/admin-content.routes.ts';
import { adminConversationRoutes } from './modules/staff/admin-conversations.routes.ts';
import { createAdminConversationsService } from './modules/staff/admin-conversations.service.ts';
import { adminMarketRoutes } from './modules/staff/admin-market.routes.ts';
import { createAdminMarketService } from './modules/staff/admin-market.service.ts';
import { createAdminMembersService } from './modules/staff/admin-members.service.ts';
import { adminPriceRoutes } from './modules/staff/admin-prices.routes.ts';
import { createAuditRepository } from './modules/staff/audit.repository.ts';
import { createAuditService } from './modules/staff/audit.service.ts';
import { createStaffRepository } from './modules/staff/staff.repository.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createCompanyAdminRepository } from './modules/stock/company-admin.repository.ts';
import { createCompanyAdminService } from './modules/stock/company-admin.service.ts';
import { createCompanyImportRepository } from './modules/stock/import/company-import.repository.ts';
import { createCompanyImportService } from './modules/stock/import/company-import.service.ts';
import { createPriceRepository } from './modules/stock/price/price.repository.ts';
import { createPriceService } from './modules/stock/price/price.service.ts';
import { createPriceEntriesRepository } from './modules/stock/price/price-entries.repository.ts';
import { createPriceEntriesService } from './modules/stock/price/price-entries.service.ts';
import { createStockRepository } from './modules/stock/stock.repository.ts';
import { stockRoutes } from './modules/stock/stock.routes.ts';
import { createStockService } from './modules/stock/stock.service.ts';
import { tradeRoutes } from './modules/trade/trade.routes.ts';
import { createTradeService, type TradeService } from './modules/trade/trade.service.ts';
import { createTradeDealsService } from './modules/trade/trade-deals.service.ts';
import { ownUploadMatcher } from './modules/upload/storage.ts';
import { uploadRoutes } from './modules/upload/upload.routes.ts';
import { ACCESS_COOKIE, currentSignInDevice, optionalMemberId, registerAuth, registerSignInDevice } from './plugins/auth.ts';
import { devClockRoutes } from './plugins/dev-clock.ts';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { createMetrics, registerMetrics, watchApp } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSafeText } from './plugins/safe-text.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { fastSerializerCompiler } from './plugins/serializer.ts';
import { registerSsr, webBuildExists } from './plugins/ssr.ts';
import { CONTENT_TOPIC } from './ssr/page-cache.ts';
import { createSsrReads } from './ssr/reads.ts';
import { createFilePageStore } from './ssr/store/file-page-store.ts';
import { createDatabasePageStore } from './ssr/store/page-store.repository.ts';
import type { PageStore } from './ssr/store/page-store.ts';

export interface BuildAppOptions {
  config: Pick<AppConfig, 'env' | 'publicUrl' | 'webBuildDir' | 'logLevel' | 'trustProxy'> &
    Partial<
      Pick<
        AppConfig,
        | 'authSecret'
        | 'authSecrets'
        | 'devSmsOutbox'
        | 'devLive'
        | 'sms'
        | 'identity'
        | 's3'
        | 'databaseUrl'
        | 'migrationDatabaseUrl'
        | 'redisUrl'
        | 'uploadDir'
        | 'dataDir'
      >
    > &
    Partial<Pick<AppConfig, 'metricsToken' | 'metricsPort' | 'metricsHost' | 'apiDocs' | 'introUrl' | 'push'>>;
  /** Limits on abuse: where their counters live (default: from the config) and tighter or looser rules for a test. */
  limits?: { store?: LimitStore; rules?: Partial<AbuseLimits> };
  /** The invalidation bus (default: Redis, PostgreSQL or in-process, from the config); the caller closes one it passes. */
  bus?: InvalidationBus;
  db: Db;
  clock?: Clock;
  /** DEV_CLOCK: the same clock as `clock`, movable through /api/dev/clock (local test runs only). */
  devClock?: OffsetClock;
  /** Where SMS messages go (default: the log gateway, with the dev outbox when enabled). */
  smsGateway?: SmsGateway;
  smsLimits?: Partial<SmsLimits>;
  /** Social sign-in providers (OpenID Connect, and Naver's OAuth 2.0); none by default. */
  socialProviders?: SocialProviders;
  /** Run the background jobs (listing expiry); the server turns them on, tests call them directly. */
  backgroundJobs?: boolean;
  /** Serve the built web app (default: when a build exists). */
  web?: boolean;
  logger?: boolean;
  /** Where log lines go (default: standard output); a test reads what the app writes. */
  logStream?: { write(line: string): void };
  /** The live channel's timings and limit (defaults: heartbeat 25 s, session check 60 s, 10 streams a member); tests shorten them. */
  live?: { heartbeatMs?: number; reauthMs?: number; maxPerMember?: number };
  /** Where the job queue keeps its jobs (pg-boss): the embedded instance, else DATABASE_URL's server. */
  jobQueue?: JobQueueDatabase;
  /** PostgreSQL pool use, for /metrics (DatabaseHandle.poolStats). */
  dbPool?: () => { total: number; idle: number; waiting: number };
}

/**
 * Every five minutes: records listings that passed their 30 days as TRADE_EXPIRED and forgets
 * idempotency keys older than a day, page-view marks and limit counters that ran out. Readers never wait for it (read time decides); it keeps the
 * tables honest for counts and operators. Safe with several instances: the expiry takes an
 * advisory lock or skips, and the purge is an idempotent delete.
 */
function scheduleHousekeeping(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  jobs: { trades: TradeService; analytics: AnalyticsService; limits: LimitsRepository; deals: DealModule; notify: NotificationModule },
) {
  const run = async () => {
    try {
      const n = await jobs.trades.expireDue();
      if (n) app.log.info({ expired: n }, 'listings expired');
      const lapsed = await jobs.deals.settle.lapseDue();
      if (lapsed) app.log.info({ lapsed }, 'agreed deals lapsed');
      await jobs.notify.housekeeping();
      await purgeIdempotencyKeys(db, clock.now());
      await jobs.analytics.purgeMarks();
      await jobs.limits.purge(clock.now());
    } catch (error) {
      app.log.warn({ err: error }, 'listing expiry job failed; it runs again in five minutes');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  // The run in flight, awaited on close: the database closes after the app, never under a run.
  let running: Promise<void> | undefined;
  const start = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(start, 5 * 60_000);
    timer.unref();
    start();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * Where rendered company pages are kept beyond an instance's memory (decision 0034): on PostgreSQL
 * in its database, which every instance shares; on the embedded database (one process) in files
 * beside it, DATA_DIR/pages (a directory of its own, removed on close, when there is no DATA_DIR).
 */
function pageStore(app: FastifyInstance, config: BuildAppOptions['config'], db: Db, clock: Clock): PageStore {
  if (config.databaseUrl) return createDatabasePageStore(db, clock);
  if (config.dataDir) return createFilePageStore(join(config.dataDir, 'pages'), clock);
  const dir = mkdtempSync(join(tmpdir(), 'beesang-pages-'));
  app.addHook('onClose', async () => rmSync(dir, { recursive: true, force: true }));
  return createFilePageStore(dir, clock);
}

/**
 * Where the limits on abuse count (decision 0007): Redis when REDIS_URL is set; else the PostgreSQL
 * database every instance shares; else, on embedded PGlite (one process by construction), memory.
 */
async function limitStore(app: FastifyInstance, options: BuildAppOptions): Promise<LimitStore> {
  if (options.limits?.store) return options.limits.store;
  const { redisUrl, databaseUrl } = options.config;
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable; limits let requests through until it is back'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // One key space per database, as the bus has one channel: deployments (or test databases)
    // sharing a Redis must not add up each other's counts under the same member ids.
    const database = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres' : 'embedded';
    return { kind: 'redis', redis, prefix: `beesang:limit:${database}:` };
  }
  if (databaseUrl) return { kind: 'database', repo: createLimitsRepository(options.db) };
  return { kind: 'memory' };
}

/**
 * How this instance's caches hear about writes on the others (decision 0010): Redis pub/sub with
 * REDIS_URL, else PostgreSQL LISTEN/NOTIFY, else (embedded PGlite, one process) in process. The
 * listener is connected before the app serves; if it cannot be, the app still starts and the
 * caches' TTLs cover until it reconnects (then every cache is dropped once).
 */
async function invalidationBus(app: FastifyInstance, options: BuildAppOptions): Promise<InvalidationBus> {
  if (options.bus) return options.bus;
  const bus = createInvalidationBus(invalidationTransport(options.config, options.db), {
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  app.addHook('onClose', async () => bus.close());
  await bus
    .ready(5000)
    .catch((error: unknown) => app.log.warn({ err: error }, 'invalidation bus not connected yet; caches expire on their own until it is'));
  return bus;
}

/** The job queue's database: as given, else the server DATABASE_URL names (the embedded one must be given). */
function jobQueueDatabase(options: BuildAppOptions): JobQueueDatabase {
  if (options.jobQueue) return options.jobQueue;
  if (options.config.databaseUrl) return { connectionString: options.config.databaseUrl };
  throw new Error('buildApp: the embedded database must be handed to the job queue (options.jobQueue: { pglite })');
}

/**
 * Background work paces itself (lib/pace.ts) where the embedded database runs in the server's thread
 * (tests; decision 0029). Where it has a thread of its own (the server's; decision 0033), as on
 * PostgreSQL, the server's thread only waits for a statement: no pacing.
 */
function pacedBackground(database: JobQueueDatabase): boolean {
  return 'pglite' in database && !database.ownThread;
}

/** Answers this size or larger are compressed for a client that accepts it. */
const COMPRESS_FROM = 1024;

export async function buildApp(options: BuildAppOptions) {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  let shuttingDown = false;
  let frontDoor: FrontDoor | undefined;
  let frontDoorAnswers = 0;

  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : { level: config.logLevel, serializers: redactingSerializers, ...(options.logStream && { stream: options.logStream }) };
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    // One line per request at most (only failed or slow ones at info): lib/log.ts.
    logController: new RequestLogController(),
    // Long search keywords reach the route and get its Korean length message instead of a 404.
    routerOptions: { maxParamLength: 500 },
    // Kept answers are sent at the door, before Fastify, once the answer cache exists (decision 0036).
    serverFactory: (handler, opts) => serverWithFrontDoor(handler, opts, () => frontDoor),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  registerErrorHandling(app);
  registerSafeText(app);
  // Before any route, so that the request histogram times them all.
  const metrics = await createMetrics({ enabled: Boolean(config.metricsToken) || config.metricsPort !== undefined });
  const observeRequest = await registerMetrics(app, metrics, {
    token: config.metricsToken,
    port: config.metricsPort,
    host: config.metricsHost,
  });
  app.addHook('onClose', async () => {
    shuttingDown = true;
  });
  // Before the drain's 503, so that every answer carries them (decision 0015).
  const { pagePolicy, dataHeaders } = await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    imagesAt: config.s3?.publicUrl,
    development: config.env === 'development',
  });
  // Draining (SIGTERM): what is in flight finishes and is told to close its connection; anything new
  // gets 503 with Retry-After, so that keep-alive clients leave before the sockets are closed.
  let draining = false;
  app.addHook('onRequest', (_req, reply, done) => {
    if (!draining) return done();
    // Come back after this instance is gone (the drain lasts a second; the balancer moves on).
    reply.header('connection', 'close').header('retry-after', '5');
    reply.code(503).send({ message: messages.unavailable, code: 'SHUTTING_DOWN' });
  });
  await app.register(compress, { threshold: COMPRESS_FROM });
  // /api/docs unless a deployment keeps it off (config.apiDocs; tests and local runs have it).
  await registerOpenApi(app, { publicUrl: config.publicUrl, enabled: config.apiDocs ?? true });

  const limits = await registerLimits(app, { store: await limitStore(app, options), clock, rules: options.limits?.rules });
  const bus = await invalidationBus(app, options);
  // A write is answered once what it announced has reached every instance (the bus's round trip):
  // the caller's next request finds the session, favourites or caches it changed dropped wherever it lands.
  // One callback-style hook with the drain's: an async one costs every request a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    if (req.method === 'GET' || req.method === 'HEAD') return done(null, payload);
    bus.settled().then(() => done(null, payload), done);
  });
  // Live streams end before the server waits for its connections to finish (they never would).
  // What modules announce in their transactions (lib/domain-events.ts), and the durable job queue (issue 23).
  const events = createDomainEvents();
  const jobs = createJobQueue(jobQueueDatabase(options), { log: (message, error) => app.log.warn({ err: error }, message) });
  app.addHook('onReady', async () => jobs.start({ work: Boolean(options.backgroundJobs), migrate: !config.migrationDatabaseUrl }));
  app.addHook('onClose', async () => jobs.stop());
  const live = createLiveHub({
    bus,
    log: (message, error) => app.log.warn({ err: error }, message),
    maxPerMember: options.live?.maxPerMember,
  });
  app.addHook('preClose', async () => live.close());
  const stocks = createStockService(createStockRepository(db), clock, bus);
  watchApp(metrics, { searchIndex: stocks.searchIndex, bus, live, dbPool: options.dbPool });
  const prices = createPriceService(createPriceRepository(db), { invalidate: (id) => stocks.invalidate(id), events });
  const contents = createContentService(createContentRepository(db), clock, bus);
  // The key ring signs tokens and seals values; its oldest key (the pepper) keys lookup hashes.
  const keys = config.authSecrets?.length
    ? createKeyring(config.authSecrets)
    : singleKeyring(config.authSecret ?? (await storedAuthSecret(db)));
  await assertPepperUnchanged(db, keys);
  const secret = keys.pepper;
  const smsRepo = createSmsRepository(db);
  // The outbox exists only while no real SMS provider is configured: with one, a readable copy of
  // every code would be a way around the phone check.
  const realProvider = config.sms?.provider === 'solapi' && !options.smsGateway;
  const devOutbox = !realProvider && (config.devSmsOutbox ?? config.env !== 'production');
  const outbox = devOutbox ? (phone: string, text: string) => smsRepo.addToOutbox(phone, text, clock.now()) : undefined;
  const smsLog = (m: string) => app.log.info(m);
  const gateway =
    options.smsGateway ??
    (config.sms?.provider === 'solapi' ? createSolapiGateway({ ...config.sms, log: smsLog }) : createLogGateway({ log: smsLog, outbox }));
  const sms = createSmsService({ repo: smsRepo, gateway, clock, secret, limits: options.smsLimits });
  // Who is signed in, and what their requests read each time, kept per instance (issue 24) and
  // dropped on every instance by the bus when the owning repository changes it.
  const announce = (topic: string) => (tx: Db, userId: number) => membersChanged(bus, topic, tx, [userId]);
  const sessionView = createMemberView<SessionRow | undefined>({ bus, topic: TOPICS.session });
  app.addHook('onClose', async () => sessionView.close());
  const users = createUsersRepository(db, clock, announce(TOPICS.session));
  const tokens = createTokensRepository(db, announce(TOPICS.session));
  // Profile photos and listing proofs may only be our own uploads, wherever they are stored.
  const isOwnUpload = ownUploadMatcher(config.s3?.publicUrl);
  const reviews = createReviewService({ repo: createReviewRepository(db), clock });
  const auth = createAuthService({
    users,
    tokens,
    sms,
    clock,
    keys,
    isOwnUpload,
    screenProfile: (userId, text) => reviews.screenText(db, { type: 'USER', id: userId, userId }, text),
    currentDevice: currentSignInDevice,
    sessionStarted: (userId, device, at) =>
      unitOfWork(db, (tx) => events.emit(tx, 'session.started', { userId, deviceKey: device.key, deviceName: device.name, at })),
    sessions: sessionView,
  });
  // Push channels (issue 23): browsers through Web Push, the apps through FCM; the notification core delivers through push.channels.
  const push = await createPushModule({ db, clock, config: config.push, log: (message, error) => app.log.warn({ err: error }, message) });
  const accounts = createAccountService({
    users,
    tokens,
    auth,
    sms,
    clock,
    bus,
    db,
    events,
    forgetPushTargets: (id) => push.forgetMember(id),
  });
  const sanctions = createSanctionService({ db, users, tokens, clock, events });
  const identityProvider =
    config.identity?.provider === 'portone'
      ? createPortOneProvider({ ...config.identity, log: (m) => app.log.warn(m) })
      : simulatedProvider;
  const identity = createIdentityService({
    repo: createIdentityRepository(db, announce(TOPICS.session)),
    clock,
    secret,
    keys,
    provider: identityProvider,
  });
  const social = createSocialService({ providers: options.socialProviders ?? {}, users, auth, clock, secret, publicUrl: config.publicUrl });
  const secureCookies = config.publicUrl.startsWith('https://');
  await registerAuth(app, { auth, publicOrigin: new URL(config.publicUrl).origin });
  if (push.vapidFromDatabase && config.env === 'production' && !isLocalOrigin(config.publicUrl)) {
    app.log.warn('Web Push signs with a VAPID key kept in the database: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (docs/deploy.md)');
  }
  const rememberDevice = deviceRemembering(auth, push.devices.recordDeviceToken, (message, error) => app.log.warn({ err: error }, message));

  // Marketplace: listings, favourites, discussion and the reports of both.
  let reports: ReportService | undefined;
  const reportsLater = () => reports as ReportService;
  const dealReviews = createReviewsRepository(db);
  const trades = createTradeService({
    db,
    clock,
    stocks,
    prices,
    reports: reportsLater,
    reviews,
    isOwnUpload,
    bus,
    dealTrust: () => dealReviews,
    events,
  });
  const opinions = createOpinionService({ db, repo: createOpinionRepository(db), stocks, clock, reports: reportsLater, reviews });
  reports = createReportService({
    db,
    repo: createReportRepository(db),
    clock,
    events,
    bus,
    owners: {
      trade: (id) => trades.ownerOf(id),
      opinion: (id) => opinions.ownerOf(id),
      conversation: (id, reporterId) => deals.conversations.reportedParty(id, reporterId),
    },
  });
  // Deals and conversations (issue 22): offers on listings, the two members' conversation, reviews.
  const deals = createDealModule({
    db,
    clock,
    trades: createTradeDealsService({ clock, bus, events }),
    prices,
    reviews: dealReviews,
    reports: reportsLater,
    members: { profile: (id) => auth.publicProfile(id), openListings: (id, viewerId) => trades.openOf(id, viewerId) },
    live,
    bus,
    events,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  const analytics = createAnalyticsService({ db, repo: createAnalyticsRepository(db), stocks, clock });
  const favoritesView = createMemberView<readonly number[]>({ bus, topic: TOPICS.favorites });
  app.addHook('onClose', async () => favoritesView.close());
  const favorites = createFavoriteService({
    repo: createFavoriteRepository(db, announce(TOPICS.favorites)),
    stocks,
    clock,
    view: favoritesView,
  });
  // Notifications (issue 23): what modules announce becomes what members are told, delivered by jobs.
  const notify = createNotificationModule({
    db,
    bus,
    clock,
    jobs,
    events,
    live,
    consents: auth,
    companyExists: (id) => stocks.exists(id),
    listingTakers: (companyId, sale, price, except) => favorites.alertTakers(companyId, sale, price, except),
    lapsingDeals: (hours) => deals.settle.lapsingWithin(hours),
    endingListings: (days) => trades.endingWithin(days),
    log: (message, error) => app.log.warn({ err: error }, message),
    paced: pacedBackground(jobQueueDatabase(options)),
  });
  notify.addChannel(push.channels.webPush);
  notify.addChannel(push.channels.app);
  metrics.gauge('beesang_notifications', 'Notifications this instance has written, and queued for delivery with them, since start', () =>
    notify.notifications.stats(),
  );
  const viewer = optionalMemberId(auth);

  await app.register(healthRoutes, { db, isShuttingDown: () => shuttingDown });
  // Visitors' answers to search, profile and chart, serialised once and dropped by the bus (seconds at most).
  const answers = createAnswerCache({ bus, ttlMs: 5_000, maxEntries: 5_000 });
  app.addHook('onClose', async () => answers.close());
  frontDoor = createFrontDoor({
    answers,
    readerOf: (token) => auth.activeMemberId(token),
    accessCookie: ACCESS_COOKIE,
    headers: dataHeaders,
    now: () => clock.now().getTime(),
    open: () => !draining && !shuttingDown,
    compressFrom: COMPRESS_FROM,
    served(route, seconds) {
      frontDoorAnswers += 1;
      observeRequest?.('GET', route, 200, seconds);
    },
  });
  metrics.gauge('beesang_front_door_answers', 'Kept answers sent before Fastify since start (decision 0036)', () => frontDoorAnswers);
  await app.register(stockRoutes, { stocks, answers, readerOf: viewer, favoritesOf: (id) => favorites.favoritesOf(id) });
  await app.register(tradeRoutes, { trades, auth, limits, answers, now: () => clock.now().getTime() });
  await app.register(favoriteRoutes, { favorites, auth, answers });
  await app.register(opinionRoutes, { opinions, auth, limits });
  await app.register(reportRoutes, { reports, auth, limits });
  await app.register(dealRoutes, { offers: deals.offers, settle: deals.settle, reviews: deals.reviews, auth, limits });
  await app.register(conversationRoutes, { conversations: deals.conversations, auth, limits });
  await app.register(memberRoutes, { reviews: deals.reviews, auth });
  await app.register(notificationRoutes, { notifications: notify.notifications, settings: notify.settings, alerts: notify.alerts, auth });
  await app.register(companyPageRoutes, {
    stocks,
    trades,
    alerts: notify.alerts,
    favoritesOf: (id) => favorites.favoritesOf(id),
    auth,
    answers,
    now: () => clock.now().getTime(),
  });
  const staffRepo = createStaffRepository(db);
  const audit = createAuditRepository(db);
  const admin = createAdminMembersService({ db, repo: staffRepo, audit, sanctions, clock });
  await app.register(staffRoutes, { staff: createStaffService({ repo: staffRepo, clock }), admin, auth });
  const priceEntries = createPriceEntriesService({ repo: createPriceEntriesRepository(db), prices });
  const market = createAdminMarketService({
    db,
    audit,
    trades,
    opinions,
    reports,
    reviews,
    sanctions,
    prices,
    priceEntries,
    clock,
    conversations: () => deals.conversations,
  });
  await app.register(adminMarketRoutes, { market, auth });
  // Reported conversations (issue 22 §4): each reading audited; read through the deal module's service.
  const adminConversations = createAdminConversationsService({
    db,
    audit,
    staff: staffRepo,
    reports,
    conversations: () => deals.conversations,
    clock,
  });
  await app.register(adminConversationRoutes, { conversations: adminConversations, auth });
  await app.register(adminPriceRoutes, { market, auth });
  // Expert review (decision 0016): the member sends a proof, an operator decides in 전문가 심사.
  const experts = createExpertService({
    claims: createExpertClaimsService({ users, events }),
    auth,
    audit: createAuditService({ db, audit, staff: staffRepo, clock }),
    isOwnUpload,
    bus,
    clock,
  });
  await app.register(expertRoutes, { experts, auth });
  await app.register(adminExpertRoutes, { experts, auth });
  const companies = createCompanyAdminService({ repo: createCompanyAdminRepository(db), index: stocks.searchIndex, isOwnUpload });
  await app.register(adminCompaniesRoutes, {
    companies,
    imports: createCompanyImportService({ repo: createCompanyImportRepository() }),
    changed: (id) => (id === undefined ? stocks.invalidateAll() : stocks.invalidate(id)),
    auth,
    db,
    audit,
    clock,
  });
  await app.register(adminCampaignRoutes, { campaigns: notify.campaigns, auth, db, audit, clock });
  await app.register(contentRoutes, { contents });
  await app.register(adminContentRoutes, {
    contents,
    auth,
    db,
    audit,
    clock,
    isOwnUpload,
    changed: (kind) => bus.publish(CONTENT_TOPIC, kind),
  });
  await app.register(analyticsRoutes, { analytics, secret, secureCookies });
  await app.register(smsRoutes, { sms, secureCookies, exposeOutbox: devOutbox });
  // The routes that start sessions, with the sign-in's device (plugins/auth.ts registerSignInDevice).
  await app.register(async (signIns) => {
    await registerSignInDevice(signIns);
    await signIns.register(authRoutes, { auth, secureCookies, limits, rememberDevice });
    await signIns.register(accountRoutes, { accounts, auth, secureCookies, rememberDevice });
    await signIns.register(socialRoutes, { social, secureCookies, rememberDevice });
  });
  await app.register(identityRoutes, { identity, auth, limits });
  await app.register(mediaRoutes, { stocks });
  await app.register(seoRoutes, { stocks, contents, publicUrl: config.publicUrl });
  await app.register(uploadRoutes, { config, limits, memberIdOf: viewer });
  await app.register(pushRoutes, { push, auth });
  await app.register(liveRoutes, {
    hub: live,
    auth,
    heartbeatMs: options.live?.heartbeatMs,
    reauthMs: options.live?.reauthMs,
    unreadCounts: async (memberId) => {
      const [messages, notifications] = await Promise.all([deals.conversations.unread(memberId), notify.notifications.unread(memberId)]);
      return { messages: messages.unreadCount, notifications: notifications.unreadCount };
    },
  });
  if (options.devClock) await app.register(devClockRoutes, { clock: options.devClock });
  if (config.devLive) await app.register(liveDevRoutes, { hub: live, clock });
  app.all('/api/*', { schema: { hide: true } }, async (_req, reply) => reply.callNotFound());
  if (options.backgroundJobs)
    scheduleHousekeeping(app, db, clock, { trades, analytics, limits: createLimitsRepository(db), deals, notify });
  // The search index builds before the first search asks (at 100,000 companies a build takes seconds).
  if (options.backgroundJobs) app.addHook('onReady', async () => void stocks.searchIndex.warm().catch(() => {}));

  // Cached for a minute: the demo mark is shown on every page.
  let demo = { value: false, at: -Infinity };
  const refreshDemo = async () => {
    demo = { value: await isDemoDataLoaded(db), at: clock.now().getTime() };
  };
  await refreshDemo();

  // What SSR loaders read, in process: the routes' own service calls (apps/web/app/lib/ssr-reads.ts).
  const ssrReads = createSsrReads({
    clock,
    auth,
    stocks,
    favorites,
    trades,
    contents,
    social,
    market,
    adminConversations,
    admin,
    companies,
    experts,
    deals,
    notify,
  });
  // `npm run dev` (NODE_ENV=development) serves the web app from source; otherwise its build, when there is one.
  const serveWeb = options.web ?? (config.env === 'development' || webBuildExists(config.webBuildDir));
  if (serveWeb) {
    // Company pages beyond the memory's (decision 0034); the server keeps every one rendered.
    const store = pageStore(app, config, db, clock);
    metrics.gauge('beesang_stored_pages', 'Rendered pages kept and good in the shared page store (decision 0034)', () => store.count());
    await registerSsr(app, {
      webBuildDir: config.webBuildDir,
      mode: config.env === 'development' ? 'development' : 'production',
      publicUrl: config.publicUrl,
      introUrl: config.introUrl,
      pagePolicy,
      demoData: () => {
        if (clock.now().getTime() - demo.at > 60_000) void refreshDemo();
        return demo.value;
      },
      reads: ssrReads,
      bus,
      ...(options.devClock && { cacheKeyPrefix: () => `${options.devClock?.offset()}:` }),
      observeRender: (ms, page) => metrics.observeSsr(ms, page),
      store,
      ...(options.backgroundJobs && {
        warm: { paths: async () => (await stocks.sitemapEntries()).map((company) => `/stock/${company.id}`) },
      }),
      countCache: (result) => (result === 'hit' ? metrics.cacheHit('page') : metrics.cacheMiss('page')),
    });
  }

  return Object.assign(app, {
    /** Starts a graceful shutdown: readiness fails, new requests get 503 and connections close. */
    beginDrain() {
      draining = true;
      shuttingDown = true;
    },
    services: {
      /** How many answers the server's door sent since start (lib/front-door.ts). */
      frontDoor: { answered: () => frontDoorAnswers },
      stocks,
      contents,
      analytics,
      sms,
      auth,
      trades,
      favorites,
      opinions,
      sanctions,
      reviews,
      deals,
      notify,
      jobs,
      events,
      bus,
      live,
      metrics,
      ssrReads,
      push,
    },
  });
}
