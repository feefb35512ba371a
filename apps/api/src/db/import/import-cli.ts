import { loadConfig } from '../../config/config.ts';
import { createInvalidationBus, invalidationTransport, TOPICS } from '../../lib/invalidation.ts';
import { openDatabase } from '../database.ts';
import { migrateDatabase } from '../roles.ts';
import { ImportError, importFolder } from './import.ts';

/** `npm run data:import -- <folder>`: see docs/data-import.md for the file formats. */
const folder = process.argv[2];
if (!folder) {
  console.error('사용법 (usage): npm run data:import -- <폴더 (folder with companies.csv, prices.csv, financials.csv)>');
  process.exit(2);
}
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
try {
  await migrateDatabase(handle.db, config.migrationDatabaseUrl);
  const result = await importFolder(handle.db, folder);
  console.log(`가져오기 완료 (imported): 종목 ${result.companies}행, 시세 ${result.prices}행, 재무 ${result.financials}행`);
  if (config.databaseUrl) {
    // Servers running on this database drop their cached companies, prices and search index now.
    const bus = createInvalidationBus(invalidationTransport(config, {}));
    bus.publish(TOPICS.company);
    await bus.close();
  }
} catch (error) {
  if (error instanceof ImportError) {
    console.error(`가져오기 실패, 아무것도 바뀌지 않았습니다 (import failed, nothing changed): ${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await handle.close();
}
