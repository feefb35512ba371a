import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('../../..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let server: ChildProcess | undefined;
let dataDir = '';

export async function setup(project: TestProject) {
  if (!existsSync(join(root, 'apps/web/build/server/index.js')))
    throw new Error('apps/web/build is missing: run `npm run build` first (npm test does).');
  dataDir = mkdtempSync(join(tmpdir(), 'beesang-e2e-'));
  const port = await freePort();
  server = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseUrl', baseUrl);
}

export async function teardown() {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
