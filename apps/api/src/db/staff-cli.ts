import { loadConfig } from '../config/config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { setStaffRole } from './staff.ts';

/** `npm run staff:grant -- <id or email>` makes a member an operator; `-- --revoke <id or email>` undoes it. */
const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const who = args.find((a) => !a.startsWith('--'));
if (!who) {
  console.error('사용법 (usage): npm run staff:grant -- <아이디 또는 이메일> [--revoke]');
  process.exit(1);
}
const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
await migrateToLatest(handle.db);
const id = await setStaffRole(handle.db, who, revoke ? null : 'ADMIN');
await handle.close();
if (id === null) {
  console.error(`회원을 찾을 수 없습니다 (no member with id or email ${who})`);
  process.exit(1);
}
console.log(revoke ? `운영자 권한을 회수했습니다 (member ${id})` : `운영자 권한을 부여했습니다 (member ${id})`);
