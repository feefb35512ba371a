import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/config.ts';
import { loadSocialProviders } from './config/social.ts';
import { prepareDatabase, StartupError } from './db/prepare.ts';
import { offsetClock } from './lib/clock.ts';

/** Listen and shut down gracefully; everything else lives in buildApp. */
function fail(message: string): never {
  process.stderr.write(`\n[beesang] ${message}\n\n`);
  process.exit(1);
}

const DRAIN_MS = 1000;

async function main() {
  const config = loadConfig();
  const say = (m: string) => process.stdout.write(`[beesang] ${m}\n`);
  const handle = await prepareDatabase({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    warnIfAuditExposed: config.env === 'production',
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    thread: true,
    seedDemoData: config.seedDemoData,
    log: say,
  });
  const devClock = config.devClock ? offsetClock() : undefined;
  const app = await buildApp({
    config,
    db: handle.db,
    socialProviders: loadSocialProviders(),
    backgroundJobs: true,
    ...(handle.embedded && { jobQueue: { pglite: handle.embedded, ownThread: handle.thread === true } }),
    ...(config.smsPerIpHourly && { smsLimits: { perIpMax: config.smsPerIpHourly } }),
    ...(handle.poolStats && { dbPool: handle.poolStats }),
    ...(devClock && { clock: devClock, devClock }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // A second of draining: keep-alive clients get their answers with `Connection: close` (or a
    // 503 for anything new) and leave, so closing the sockets afterwards cuts no request short.
    // buildApp's result is a thenable Fastify instance, so TypeScript sees it without our additions.
    (app as unknown as { beginDrain(): void }).beginDrain();
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The app first (its background jobs and timers stop), then the database they use.
    await app.close().catch(() => {});
    await handle.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      fail(
        `포트 ${config.port}이(가) 이미 사용 중입니다 (port ${config.port} is in use). 다른 프로그램을 끄거나 PORT=3001 npm start 처럼 다른 포트를 지정하세요.`,
      );
    }
    if (code === 'EACCES') fail(`포트 ${config.port}을(를) 열 권한이 없습니다 (permission denied). 1024 이상의 포트를 쓰세요.`);
    throw error;
  }
  say(`http://localhost:${config.port} 에서 실행 중입니다 (listening).`);
  // A first start wrote the latest demo bars; the older ones follow while the site answers.
  void handle.finishSeeding(say);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) fail(error.message);
  fail(`시작하지 못했습니다 (failed to start): ${error instanceof Error ? error.message : String(error)}`);
});
