import { resolve } from 'node:path';
import { z } from 'zod';

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
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  WEB_BUILD_DIR: z.string().default(resolve(repoRoot, 'apps/web/build')),
  SEED_DEMO_DATA: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET은 32자 이상이어야 합니다 (at least 32 characters)').optional(),
  DEV_SMS_OUTBOX: z.enum(['true', 'false', '1', '0']).optional(),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  webBuildDir: string;
  seedDemoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: string | undefined;
  /** Signs tokens and keys hashes; without it a generated one is kept in the database (single-site use). */
  authSecret: string | undefined;
  /** Keep sent SMS texts readable at /api/dev/sms-outbox (local use: on by default without DATABASE_URL). */
  devSmsOutbox: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment once; lists every problem in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`환경 변수가 올바르지 않습니다 (invalid environment):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    webBuildDir: e.WEB_BUILD_DIR,
    seedDemoData: env.SEED_DEMO_DATA === undefined ? true : e.SEED_DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    devSmsOutbox: e.DEV_SMS_OUTBOX
      ? e.DEV_SMS_OUTBOX === 'true' || e.DEV_SMS_OUTBOX === '1'
      : e.NODE_ENV !== 'production' || !e.DATABASE_URL,
  };
}
