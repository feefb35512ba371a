// `npm start`: build the web app when its sources changed since the last build, then serve site +
// API on one port in production mode. `npm run dev` (--dev): serve the web app from source with hot
// reload instead (no build). Plain JS so that an old Node prints a clear message instead of a
// syntax error.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(`\n[beesang] Node ${process.versions.node}에서는 실행할 수 없습니다. Node 24가 필요합니다 (Node >= 22.22 required).\n`);
  process.exit(1);
}

const dev = process.argv.includes('--dev');
const web = join(root, 'apps/web');
const builtEntry = join(web, 'build/server/index.js');

/** Newest modification time under `path` (a file or a folder), 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** The build is missing, or something it is made from changed after it was made. */
function buildNeeded() {
  if (!existsSync(builtEntry)) return true;
  const sources = ['app', 'public', 'vite.config.ts', 'react-router.config.ts', 'precompress.ts', 'package.json'].map((p) => join(web, p));
  sources.push(join(root, 'packages/contract/src'), join(root, 'package-lock.json'));
  const builtAt = statSync(builtEntry).mtimeMs;
  return sources.some((source) => newest(source) > builtAt);
}

if (!dev && !process.argv.includes('--no-build') && buildNeeded()) {
  console.log('[beesang] 웹 앱을 빌드하는 중입니다 (building the web app)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: web,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('[beesang] 웹 앱 빌드에 실패했습니다 (web build failed).');
    process.exit(build.status ?? 1);
  }
}

// A first start on the embedded database unpacks an empty, migrated database made once per PGlite
// version and set of migrations (decision 0013). Made here, like the build, when it is missing, so
// that the server itself answers within seconds; it exits at once when the template exists.
if (!dev && !process.env.DATABASE_URL) {
  const template = spawnSync(process.execPath, [join(root, 'apps/api/src/db/seed/template-cli.ts'), '--quiet'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (template.status !== 0)
    console.error(
      '[beesang] 빈 데이터베이스 템플릿을 만들지 못했습니다: 서버가 직접 만듭니다 (template not made; the server will make it).',
    );
}

// React and the server pick their production behaviour from NODE_ENV (React's development build
// costs 1.7× the CPU per page); an explicit NODE_ENV in the environment still wins.
const env = { ...SERVER_ENV, ...process.env, NODE_ENV: process.env.NODE_ENV ?? (dev ? 'development' : 'production') };
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'apps/api/src/server.ts')], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
