// `npm start`: build the web app, then serve site + API on one port. Plain JS so that an old
// Node prints a clear message instead of a syntax error.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(`\n[beesang] Node ${process.versions.node}에서는 실행할 수 없습니다. Node 24가 필요합니다 (Node >= 22.22 required).\n`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  console.log('[beesang] 웹 앱을 빌드하는 중입니다 (building the web app)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: join(root, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('[beesang] 웹 앱 빌드에 실패했습니다 (web build failed).');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
