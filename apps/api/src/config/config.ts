import { resolve } from 'node:path';
import { z } from 'zod';
import { parseAuthSecrets } from '../lib/keyring.ts';
import { loadPushConfig, type PushConfig } from './push.ts';

const repoRoot = resolve(import.meta.dirname, '../../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'postgres:// 로 시작하는 주소여야 합니다 (must start with postgres://)')
    .optional(),
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'postgres:// 로 시작하는 주소여야 합니다 (must start with postgres://)')
    .optional(),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  WEB_BUILD_DIR: z.string().default(resolve(repoRoot, 'apps/web/build')),
  SEED_DEMO_DATA: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET은 32자 이상이어야 합니다 (at least 32 characters)').optional(),
  AUTH_SECRETS: z.string().optional(),
  DEV_SMS_OUTBOX: z.enum(['true', 'false', '1', '0']).optional(),
  DEV_CLOCK: z.enum(['true', 'false', '1', '0']).optional(),
  DEV_LIVE: z.enum(['true', 'false', '1', '0']).optional(),
  UPLOAD_DIR: z.string().optional(),
  UPLOADS_LOCAL_OK: z.enum(['true', 'false', '1', '0']).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'redis:// 로 시작하는 주소여야 합니다 (must start with redis://)')
    .optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_PUBLIC_URL: z.url().optional(),
  SMS_PROVIDER: z.enum(['log', 'solapi']).default('log'),
  SMS_PER_IP_HOURLY: z.coerce
    .number({ error: '1 이상의 정수여야 합니다 (a whole number of 1 or more)' })
    .int('1 이상의 정수여야 합니다 (a whole number of 1 or more)')
    .min(1, '1 이상의 정수여야 합니다 (a whole number of 1 or more)')
    .optional(),
  SOLAPI_API_KEY: z.string().optional(),
  SOLAPI_API_SECRET: z.string().optional(),
  SOLAPI_SENDER: z
    .string()
    .regex(/^\d{8,12}$/, '숫자만 8~12자리로 적어야 합니다 (digits only, e.g. 0212345678)')
    .optional(),
  SOLAPI_BASE_URL: z.url().default('https://api.solapi.com'),
  IDENTITY_PROVIDER: z.enum(['simulated', 'portone'], { error: 'simulated 또는 portone 이어야 합니다 (simulated or portone)' }).optional(),
  PORTONE_API_SECRET: z.string().optional(),
  PORTONE_STORE_ID: z.string().optional(),
  PORTONE_CHANNEL_KEY: z.string().optional(),
  PORTONE_API_BASE: z.url().default('https://api.portone.io'),
  ALLOW_SIMULATED_PROVIDERS: z.enum(['true', 'false', '1', '0']).optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN은 16자 이상이어야 합니다 (at least 16 characters)').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
  INTRO_URL: z.url({ protocol: /^https?$/, error: 'http(s):// 주소여야 합니다 (must be an http(s) URL)' }).optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  PUSH_ENDPOINT_ALLOW: z.string().optional(),
  FCM_PROJECT_ID: z.string().optional(),
  FCM_SERVICE_ACCOUNT: z.string().optional(),
  FCM_API_BASE: z
    .url({ protocol: /^https?$/, error: 'http(s):// 주소여야 합니다 (must be an http(s) URL)' })
    .default('https://fcm.googleapis.com'),
  FCM_TOKEN_URI: z.url({ protocol: /^https?$/, error: 'http(s):// 주소여야 합니다 (must be an http(s) URL)' }).optional(),
});

/** S3-compatible object storage for uploads; all or nothing, so a half-set bucket fails at start. */
export interface S3Config {
  bucket: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Origin (and path) the stored objects are public under; default `<endpoint>/<bucket>`. */
  publicUrl: string;
}

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** The owner's connection, for migrations only (decision 0022); the site serves over `databaseUrl` as a role that owns nothing. */
  migrationDatabaseUrl?: string | undefined;
  dataDir: string;
  webBuildDir: string;
  seedDemoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: string | undefined;
  /** Signs tokens and keys hashes; without it a generated one is kept in the database (single-site use). */
  authSecret: string | undefined;
  /** AUTH_SECRETS=kid1:secret1,kid2:secret2: the first signs, all verify (lib/keyring.ts); replaces AUTH_SECRET. */
  authSecrets?: Array<{ kid: string; secret: string }> | undefined;
  /** Keep sent SMS texts readable at /api/dev/sms-outbox (local use: on by default without DATABASE_URL). */
  devSmsOutbox: boolean;
  /** A movable server clock for local browser journeys (POST /api/dev/clock); never in a deployment. */
  devClock: boolean;
  /** POST /api/dev/live: made-up live events for the benchmark (local runs only, never in a deployment). */
  devLive?: boolean;
  /** Local folder of uploaded images (default `<DATA_DIR>/uploads`), used unless S3 is set. */
  uploadDir: string;
  /** Uploads allowed per client IP in each window, counted in the database (shared by instances). */
  /** Shared counters for the limits on abuse; without it they live in the database (or in memory on PGlite). */
  redisUrl: string | undefined;
  s3: S3Config | undefined;
  /** SMS codes one client address may ask for per hour (default 30, DEFAULT_SMS_LIMITS); raise it behind a carrier's shared address. */
  smsPerIpHourly?: number | undefined;
  /** Where SMS go: the log gateway (default, with the dev outbox) or Solapi (all keys required). */
  sms: { provider: 'log' } | ({ provider: 'solapi' } & SolapiConfig);
  /** Who does 본인확인: the simulated provider (default, test mode) or PortOne (all keys required). */
  identity: { provider: 'simulated' } | ({ provider: 'portone' } & PortOneConfig);
  /** GET /metrics on the main port answers only `Authorization: Bearer <token>`; without it there is no such route. */
  metricsToken?: string | undefined;
  /** A second listener for /metrics without a token (on `metricsHost`), for a scraper inside the network. */
  metricsPort?: number | undefined;
  metricsHost?: string;
  /** /api/docs (UI and JSON): on by default except in a deployment, where API_DOCS=1 turns it on. */
  apiDocs?: boolean;
  /** The header's 서비스 소개: an external page (opened in a new tab); without it the site's own /intro (decision 0020). */
  introUrl?: string | undefined;
  /** Web Push (VAPID, allowed endpoints) and FCM for the apps (issue 23; config/push.ts). */
  push?: PushConfig;
};

/** PortOne V2 (https://portone.io) 본인확인: API secret, store and the identity-verification channel. */
export interface PortOneConfig {
  apiSecret: string;
  storeId: string;
  channelKey: string;
  apiBase: string;
}

const PORTONE_REQUIRED = ['PORTONE_API_SECRET', 'PORTONE_STORE_ID', 'PORTONE_CHANNEL_KEY'] as const;

/** Solapi (https://solapi.com) credentials and the registered sender number. */
export interface SolapiConfig {
  apiKey: string;
  apiSecret: string;
  sender: string;
  baseUrl: string;
}

const SOLAPI_REQUIRED = ['SOLAPI_API_KEY', 'SOLAPI_API_SECRET', 'SOLAPI_SENDER'] as const;

const S3_REQUIRED = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export class ConfigError extends Error {}

/** http://localhost:3000, http://127.0.0.1:…, http://[::1]:…: a machine's own address, not a deployment. */
export function isLocalOrigin(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parses the environment once; lists every problem in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`환경 변수가 올바르지 않습니다 (invalid environment):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const s3Set = S3_REQUIRED.filter((k) => e[k]);
  if (s3Set.length > 0 && s3Set.length < S3_REQUIRED.length) {
    problems.push(`S3 설정이 일부 빠졌습니다 (missing): ${S3_REQUIRED.filter((k) => !e[k]).join(', ')}`);
  }
  const solapiMissing = e.SMS_PROVIDER === 'solapi' ? SOLAPI_REQUIRED.filter((k) => !e[k]) : [];
  if (solapiMissing.length > 0) {
    problems.push(`SMS_PROVIDER=solapi 에 필요한 설정이 빠졌습니다 (missing): ${solapiMissing.join(', ')}`);
  }
  const portOneMissing = PORTONE_REQUIRED.filter((k) => !e[k]);
  if (e.IDENTITY_PROVIDER === 'portone' && portOneMissing.length > 0) {
    problems.push(`IDENTITY_PROVIDER=portone 에 필요한 설정이 빠졌습니다 (missing): ${portOneMissing.join(', ')}`);
  }
  // PortOne keys with the simulated provider still running would look configured while anyone can
  // type any name into the test page: say so unless the simulated provider was chosen explicitly.
  if (!e.IDENTITY_PROVIDER && portOneMissing.length < PORTONE_REQUIRED.length) {
    problems.push(
      'PORTONE_* 설정이 있지만 IDENTITY_PROVIDER=portone 이 없습니다 (set IDENTITY_PROVIDER=portone, or =simulated to keep test mode)',
    );
  }
  // A production server at a public address is a real deployment: its signing key must come from
  // the environment (a key kept in the database is readable by whoever reads a backup), and no
  // readable copy of sent codes may exist.
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const deployed = e.NODE_ENV === 'production' && !isLocalOrigin(publicUrl);
  const outboxAsked = e.DEV_SMS_OUTBOX === 'true' || e.DEV_SMS_OUTBOX === '1';
  const authSecrets = e.AUTH_SECRETS ? parseAuthSecrets(e.AUTH_SECRETS) : undefined;
  if (typeof authSecrets === 'string') problems.push(`AUTH_SECRETS: ${authSecrets}`);
  if (e.AUTH_SECRETS && e.AUTH_SECRET) {
    problems.push(
      'AUTH_SECRET 과 AUTH_SECRETS 는 함께 쓸 수 없습니다: 기존 AUTH_SECRET 은 AUTH_SECRETS 의 마지막 항목 default:<secret> 으로 옮기세요 (use one; move AUTH_SECRET into AUTH_SECRETS as the last entry default:<secret>)',
    );
  }
  if (deployed && !e.AUTH_SECRET && !e.AUTH_SECRETS) {
    problems.push(
      `공개 주소(${publicUrl})의 운영 서버에는 AUTH_SECRETS(또는 AUTH_SECRET)가 필요합니다 (AUTH_SECRETS or AUTH_SECRET is required in production)`,
    );
  }
  if (deployed && outboxAsked) {
    problems.push('공개 주소의 운영 서버에서는 DEV_SMS_OUTBOX를 켤 수 없습니다 (the dev SMS outbox is for local use only)');
  }
  const devClock = e.DEV_CLOCK === 'true' || e.DEV_CLOCK === '1';
  if (deployed && devClock) {
    problems.push('공개 주소의 운영 서버에서는 DEV_CLOCK을 켤 수 없습니다 (the movable clock is for local tests only)');
  }
  const devLive = e.DEV_LIVE === 'true' || e.DEV_LIVE === '1';
  if (deployed && devLive) {
    problems.push('공개 주소의 운영 서버에서는 DEV_LIVE를 켤 수 없습니다 (made-up live events are for local benchmarks only)');
  }
  // The simulated 본인확인 lets anyone through with any name, and the log gateway sends no SMS (the
  // codes only reach the log): a deployment runs them only when told to by name, for a demo or
  // staging site (decision 0015).
  const simulatedAllowed = e.ALLOW_SIMULATED_PROVIDERS === 'true' || e.ALLOW_SIMULATED_PROVIDERS === '1';
  if (deployed && !simulatedAllowed && e.IDENTITY_PROVIDER !== 'portone') {
    problems.push(
      `공개 주소(${publicUrl})의 운영 서버에서 본인확인이 테스트 모드입니다(누구나 아무 이름으로 통과): IDENTITY_PROVIDER=portone 과 PORTONE_API_SECRET, PORTONE_STORE_ID, PORTONE_CHANNEL_KEY 를 설정하세요. ` +
        '시연·스테이징 사이트라면 ALLOW_SIMULATED_PROVIDERS=1 ' +
        '(identity verification is simulated in a deployment: set IDENTITY_PROVIDER=portone with PORTONE_API_SECRET, PORTONE_STORE_ID, PORTONE_CHANNEL_KEY; or ALLOW_SIMULATED_PROVIDERS=1 for a demo or staging site)',
    );
  }
  if (deployed && !simulatedAllowed && e.SMS_PROVIDER !== 'solapi') {
    problems.push(
      `공개 주소(${publicUrl})의 운영 서버에서 SMS가 발송되지 않고 로그에만 남습니다: SMS_PROVIDER=solapi 와 SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER 를 설정하세요. ` +
        '시연·스테이징 사이트라면 ALLOW_SIMULATED_PROVIDERS=1 ' +
        '(SMS are only logged in a deployment: set SMS_PROVIDER=solapi with SOLAPI_API_KEY, SOLAPI_API_SECRET, SOLAPI_SENDER; or ALLOW_SIMULATED_PROVIDERS=1 for a demo or staging site)',
    );
  }
  // Several instances on one PostgreSQL database each write uploads to their own disk, and every
  // other instance answers 404 for them: a deployment says where uploads go (decision 0010).
  const uploadsLocalOk = e.UPLOADS_LOCAL_OK === 'true' || e.UPLOADS_LOCAL_OK === '1';
  if (!isLocalOrigin(publicUrl) && e.DATABASE_URL && s3Set.length === 0 && !uploadsLocalOk) {
    problems.push(
      `공개 주소(${publicUrl})에서 DATABASE_URL을 쓰는 배포는 업로드를 이 서버의 디스크에 둘 수 없습니다: 다른 인스턴스가 그 이미지를 보여주지 못합니다. ` +
        `S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (선택: S3_REGION, S3_PUBLIC_URL)를 설정하거나, 인스턴스가 하나뿐이면 UPLOADS_LOCAL_OK=1 로 알려주세요 ` +
        '(uploads on local disk in a deployment on DATABASE_URL: set the S3_* settings, or UPLOADS_LOCAL_OK=1 for a single instance)',
    );
  }
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    problems.push(
      'MIGRATION_DATABASE_URL 은 DATABASE_URL 과 함께 씁니다: 내장 데이터베이스에는 역할이 하나뿐입니다 (MIGRATION_DATABASE_URL needs DATABASE_URL)',
    );
  }
  const push = loadPushConfig(e, publicUrl, problems);
  if (problems.length > 0) {
    throw new ConfigError(`환경 변수가 올바르지 않습니다 (invalid environment):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    dataDir: e.DATA_DIR,
    webBuildDir: e.WEB_BUILD_DIR,
    seedDemoData: env.SEED_DEMO_DATA === undefined ? true : e.SEED_DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    authSecrets: Array.isArray(authSecrets) ? authSecrets : undefined,
    devSmsOutbox: e.DEV_SMS_OUTBOX ? outboxAsked : !deployed,
    devClock,
    devLive,
    uploadDir: e.UPLOAD_DIR ?? resolve(e.DATA_DIR, 'uploads'),
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    // A deployment does not hand its full API map to every visitor unless asked to (API_DOCS=1).
    apiDocs: e.API_DOCS ? e.API_DOCS === 'true' || e.API_DOCS === '1' : !deployed,
    introUrl: e.INTRO_URL,
    push,
    smsPerIpHourly: e.SMS_PER_IP_HOURLY,
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT.replace(/\/$/, ''),
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
            publicUrl: (e.S3_PUBLIC_URL ?? `${e.S3_ENDPOINT.replace(/\/$/, '')}/${e.S3_BUCKET}`).replace(/\/$/, ''),
          }
        : undefined,
    sms:
      e.SMS_PROVIDER === 'solapi' && e.SOLAPI_API_KEY && e.SOLAPI_API_SECRET && e.SOLAPI_SENDER
        ? {
            provider: 'solapi',
            apiKey: e.SOLAPI_API_KEY,
            apiSecret: e.SOLAPI_API_SECRET,
            sender: e.SOLAPI_SENDER,
            baseUrl: e.SOLAPI_BASE_URL.replace(/\/$/, ''),
          }
        : { provider: 'log' },
    identity:
      e.IDENTITY_PROVIDER === 'portone' && e.PORTONE_API_SECRET && e.PORTONE_STORE_ID && e.PORTONE_CHANNEL_KEY
        ? {
            provider: 'portone',
            apiSecret: e.PORTONE_API_SECRET,
            storeId: e.PORTONE_STORE_ID,
            channelKey: e.PORTONE_CHANNEL_KEY,
            apiBase: e.PORTONE_API_BASE.replace(/\/$/, ''),
          }
        : { provider: 'simulated' },
  };
}
