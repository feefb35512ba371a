import { type DatabaseHandle, DataDirLockedError, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { hasCompanies, seedDemoData } from './seed/seed.ts';

export class StartupError extends Error {}

function describeDbError(error: unknown, url: string | undefined): string {
  const text = error instanceof Error ? error.message : String(error);
  if (url) {
    const safe = url.replace(/\/\/[^@/]*@/, '//***@');
    return `데이터베이스에 연결할 수 없습니다 (cannot connect to DATABASE_URL=${safe}): ${text}. 주소와 서버 상태를 확인하거나, DATABASE_URL 없이 실행하면 내장 데이터베이스를 씁니다.`;
  }
  return `내장 데이터베이스를 열 수 없습니다 (cannot open the embedded database): ${text}. data/ 폴더를 확인하세요.`;
}

/** Opens the database, migrates it, and seeds demo data into an empty one. */
export async function prepareDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  seedDemoData: boolean;
  log?: (message: string) => void;
}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({
      databaseUrl: options.databaseUrl,
      dataDir: options.dataDir,
      onIdleError: (error) =>
        options.log?.(`데이터베이스 연결이 끊겨 다음 요청에서 다시 연결합니다 (connection dropped): ${error.message}`),
    });
    await migrateToLatest(handle.db);
  } catch (error) {
    throw new StartupError(error instanceof DataDirLockedError ? error.message : describeDbError(error, options.databaseUrl));
  }
  if (options.seedDemoData && !(await hasCompanies(handle.db))) {
    options.log?.('빈 데이터베이스에 데모 데이터를 넣는 중입니다 (seeding demo data)…');
    const result = await seedDemoData(handle.db);
    options.log?.(`데모 데이터 준비 완료: 종목 ${result.companies}개, 일봉 ${result.bars}개`);
  }
  return handle;
}
