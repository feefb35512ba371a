import { STAFF_ROLES } from '@beesang/contract';
import { loadConfig } from '../config/config.ts';
import { createInvalidationBus, invalidationTransport, TOPICS } from '../lib/invalidation.ts';
import { DataDirLockedError, openDatabase } from './database.ts';
import { DatabaseRoleError, migrateDatabase } from './roles.ts';
import { commandLineActor, parseStaffGrantArgs, setStaffRole } from './staff.ts';

/**
 * `npm run staff:grant -- <number, id or email> [--role MODERATOR]` gives a member a staff role
 * (ADMIN unless --role says otherwise); `-- --revoke <…>` takes it away. Works while the site runs
 * on PostgreSQL; on the embedded database it stops at once while the site holds the data folder.
 * The change leaves an audit entry naming the operating-system user and host that ran it (issue 21).
 */
const parsed = parseStaffGrantArgs(process.argv.slice(2));
if (!parsed) {
  console.error(`사용법 (usage): npm run staff:grant -- <회원번호, 아이디 또는 이메일> [--role ${STAFF_ROLES.join('|')}] [--revoke]`);
  process.exit(1);
}
const { who, role } = parsed;
const config = loadConfig();
let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : `데이터베이스를 열 수 없습니다: ${(error as Error).message}`);
  process.exit(1);
}
try {
  await migrateDatabase(handle.db, config.migrationDatabaseUrl);
} catch (error) {
  await handle.close();
  console.error(error instanceof DatabaseRoleError ? error.message : `마이그레이션하지 못했습니다: ${(error as Error).message}`);
  process.exit(1);
}
const by = commandLineActor();
const id = await setStaffRole(handle.db, who, role, by);
await handle.close();
if (id !== null && config.databaseUrl) {
  // Servers running on this database drop the member's session at once (issue 24's session view).
  const bus = createInvalidationBus(invalidationTransport(config, {}));
  bus.publish(TOPICS.session, String(id));
  await bus.close();
}
if (id === null) {
  console.error(`회원을 찾을 수 없습니다 (no member with number, id or email ${who})`);
  process.exit(1);
}
console.log(role === null ? `운영자 권한을 회수했습니다 (member ${id})` : `${role} 권한을 부여했습니다 (member ${id}, role ${role})`);
console.log(`감사 로그에 ${by.osUser}@${by.host} 의 명령으로 기록했습니다 (audit entry written)`);
