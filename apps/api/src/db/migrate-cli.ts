import { loadConfig } from '../config/config.ts';
import { openDatabase } from './database.ts';
import { DatabaseRoleError, migrateDatabase } from './roles.ts';

/**
 * `npm run db:migrate` (and the Kubernetes migrate Job): with MIGRATION_DATABASE_URL the owner
 * migrates and then grants the site's role (DATABASE_URL) what it needs (decision 0022).
 */
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
try {
  await migrateDatabase(handle.db, config.migrationDatabaseUrl);
} catch (error) {
  // A role set up wrongly is explained by its message; anything else keeps its stack.
  console.error(error instanceof DatabaseRoleError ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
if (!process.exitCode)
  console.log(
    config.migrationDatabaseUrl
      ? '마이그레이션과 사이트 역할 권한 부여 완료 (migrated as the owner, site role granted)'
      : '마이그레이션 완료 (migrated)',
  );
