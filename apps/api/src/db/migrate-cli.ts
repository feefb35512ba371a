import { loadConfig } from '../config/config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
await migrateToLatest(handle.db);
await handle.close();
console.log('마이그레이션 완료 (migrated)');
