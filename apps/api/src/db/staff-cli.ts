import { STAFF_ROLES } from '@beesang/contract';
import { loadConfig } from '../config/config.ts';
import { DataDirLockedError, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { parseStaffGrantArgs, setStaffRole } from './staff.ts';

/**
 * `npm run staff:grant -- <number, id or email> [--role MODERATOR]` gives a member a staff role
 * (ADMIN unless --role says otherwise); `-- --revoke <…>` takes it away. Works while the site runs
 * on PostgreSQL; on the embedded database it stops at once while the site holds the data folder.
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
await migrateToLatest(handle.db);
const id = await setStaffRole(handle.db, who, role);
await handle.close();
if (id === null) {
  console.error(`회원을 찾을 수 없습니다 (no member with number, id or email ${who})`);
  process.exit(1);
}
console.log(role === null ? `운영자 권한을 회수했습니다 (member ${id})` : `${role} 권한을 부여했습니다 (member ${id}, role ${role})`);
