import { type DatabaseHandle, DataDirLockedError, type Db, openDatabase } from './database.ts';
import { auditExposure, currentRole, DatabaseRoleError, migrateDatabase } from './roles.ts';
import { isNewDataDir, pgliteTemplate } from './seed/first-start.ts';
import { releaseMemory } from './seed/release-memory.mjs';
import { backfillDemoBars, hasCompanies, seedDemoData } from './seed/seed.ts';

export class StartupError extends Error {}

function describeDbError(error: unknown, url: string | undefined): string {
  const text = error instanceof Error ? error.message : String(error);
  if (url) {
    const safe = url.replace(/\/\/[^@/]*@/, '//***@');
    return `데이터베이스에 연결할 수 없습니다 (cannot connect to DATABASE_URL=${safe}): ${text}. 주소와 서버 상태를 확인하거나, DATABASE_URL 없이 실행하면 내장 데이터베이스를 씁니다.`;
  }
  return `내장 데이터베이스를 열 수 없습니다 (cannot open the embedded database): ${text}. data/ 폴더를 확인하세요.`;
}

/**
 * One role for the site and its migrations owns the audit log, and an owner may drop its
 * append-only trigger: the log then holds against bugs, not against a stolen credential. The site
 * still starts (a single-role database is a valid set-up), and says how to separate the roles.
 */
async function warnIfAuditExposed(db: Db, log: ((message: string) => void) | undefined) {
  const role = await currentRole(db);
  const exposure = await auditExposure(db, role);
  if (exposure.length === 0) return;
  log?.(
    `경고: 사이트의 데이터베이스 역할 ${role} 이(가) 감사 로그의 추가 전용 트리거를 지울 수 있습니다 (${exposure.join('; ')}). ` +
      'MIGRATION_DATABASE_URL 로 마이그레이션 역할을 나누세요 (warning: the site role could rewrite the audit log; see docs/deploy.md)',
  );
}

/** An open database; `finishSeeding` writes demo data a first start deferred (the older bars) while the site answers. */
export type PreparedDatabase = DatabaseHandle & { finishSeeding(log?: (message: string) => void): Promise<void> };

/**
 * Opens the database, migrates it, and seeds demo data into an empty one. On the embedded
 * database the seed writes the latest bars at once and leaves the older ones to `finishSeeding`
 * (decision 0013), so that the first start answers within seconds; a new data folder starts
 * from a template of an empty, migrated database (first-start.ts).
 */
export async function prepareDatabase(options: {
  databaseUrl?: string | undefined;
  /** The owner's connection for migrations (decision 0022); the site then serves over `databaseUrl`. */
  migrationDatabaseUrl?: string | undefined;
  /** Say so when the site's role could rewrite the audit log (one role for everything, in production). */
  warnIfAuditExposed?: boolean;
  dataDir?: string | undefined;
  /** The embedded database in a thread of its own (the server's; decision 0033). */
  thread?: boolean;
  seedDemoData: boolean;
  log?: (message: string) => void;
}): Promise<PreparedDatabase> {
  let handle: DatabaseHandle;
  let seeded: { companies: number; bars: number } | undefined;
  try {
    const dataDir = options.databaseUrl ? undefined : options.dataDir;
    // A new embedded database starts from a template: no initdb (three seconds or more) on the way.
    const template = dataDir && isNewDataDir(dataDir) ? await pgliteTemplate() : undefined;
    handle = await openDatabase({
      databaseUrl: options.databaseUrl,
      dataDir,
      template,
      ...(options.thread && { thread: true }),
      onIdleError: (error) =>
        options.log?.(`데이터베이스 연결이 끊겨 다음 요청에서 다시 연결합니다 (connection dropped): ${error.message}`),
    });
    await migrateDatabase(handle.db, options.migrationDatabaseUrl);
  } catch (error) {
    const own = error instanceof DataDirLockedError || error instanceof DatabaseRoleError;
    throw new StartupError(own ? error.message : describeDbError(error, options.databaseUrl));
  }
  if (options.warnIfAuditExposed && handle.kind === 'postgres') await warnIfAuditExposed(handle.db, options.log);
  if (options.seedDemoData && !(await hasCompanies(handle.db))) {
    options.log?.('빈 데이터베이스에 데모 데이터를 넣는 중입니다 (seeding demo data)…');
    // On PostgreSQL every bar is written now: several instances may start at once, and one that
    // stopped half-way through a background fill would leave it to the next.
    seeded = await seedDemoData(handle.db, { deferOlderBars: handle.kind === 'pglite' });
  }
  if (seeded) {
    options.log?.(`데모 데이터 준비 완료: 종목 ${seeded.companies}개, 일봉 ${seeded.bars}개`);
    releaseMemory();
  }

  const stop = new AbortController();
  let filling: Promise<void> | undefined;
  const db = handle.db;
  const copy = handle.copyCsv;
  const close = handle.close;
  const reopen = handle.reopen;
  return {
    ...handle,
    finishSeeding(log) {
      filling ??= (async () => {
        try {
          const n = await backfillDemoBars(db, { copy, signal: stop.signal });
          if (n === 0 || stop.signal.aborted) return;
          log?.(`데모 데이터의 지난 일봉 ${n}개를 채웠습니다 (older demo bars written)`);
          // The fill left PostgreSQL's buffers resident in a WASM heap that cannot shrink: open anew.
          await reopen?.();
          releaseMemory();
        } catch (error) {
          log?.(
            `데모 일봉을 채우지 못했습니다; 다음 시작 때 다시 채웁니다 (backfill failed): ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      })();
      return filling;
    },
    async close() {
      stop.abort();
      await filling;
      await close();
    },
  };
}
