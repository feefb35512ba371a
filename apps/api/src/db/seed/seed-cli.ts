import { loadConfig } from '../../config/config.ts';
import { openDatabase } from '../database.ts';
import { migrateDatabase } from '../roles.ts';
import { seedDemoData } from './seed.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
await migrateDatabase(handle.db, config.migrationDatabaseUrl);
const result = await seedDemoData(handle.db);
await handle.close();
console.log(`데모 데이터 완료 (seeded): 종목 ${result.companies}개, 일봉 ${result.bars}개`);
