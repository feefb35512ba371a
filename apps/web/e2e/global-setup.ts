import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { type OidcMock, startOidcMock } from '../../../scripts/testing/oidc-mock.ts';

/**
 * Starts the real server (API + SSR of the built web app) once for the whole e2e run:
 * a fresh embedded database in a temp dir, demo data seeded, a free port on 127.0.0.1.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:43123, without a trailing slash */
    baseURL: string;
  }
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const webBuildDir = join(repoRoot, 'apps/web/build');
const READY_TIMEOUT_MS = 120_000;

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let idp: OidcMock | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Keeps the last lines of the server output for error messages. */
function tail(limit = 60) {
  const lines: string[] = [];
  return {
    push(chunk: Buffer) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (lines.length > limit) lines.splice(0, lines.length - limit);
    },
    text: () => lines.join('\n'),
  };
}

export async function setup(project: TestProject) {
  if (!existsSync(join(webBuildDir, 'server/index.js'))) {
    throw new Error(
      `The web app is not built (${join(webBuildDir, 'server/index.js')} is missing). ` +
        'Run `npm run build` (or `cd apps/web && npx react-router build`) before `npm run test:e2e`; `npm test` builds first.',
    );
  }
  dataDir = mkdtempSync(join(tmpdir(), 'beesang-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const output = tail();
  // A local OpenID Connect provider, so social sign-in runs end to end without the network.
  idp = await startOidcMock();

  const child = spawn(process.execPath, [join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: webBuildDir,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // Never point the run at an external database or a public origin from the caller's shell.
      DATABASE_URL: '',
      PUBLIC_URL: baseURL,
      OAUTH_GOOGLE_ISSUER: idp.issuer,
      OAUTH_GOOGLE_CLIENT_ID: idp.clientId,
      OAUTH_GOOGLE_CLIENT_SECRET: idp.clientSecret,
      TRUST_PROXY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  child.stdout?.on('data', output.push);
  child.stderr?.on('data', output.push);

  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? `code ${code}`}`;
  });

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      await teardown();
      throw new Error(`The e2e server ${exited} before it was ready. Its output:\n${output.text()}`);
    }
    if (Date.now() > deadline) {
      await teardown();
      throw new Error(`The e2e server did not answer ${baseURL}/readyz within ${READY_TIMEOUT_MS / 1000} s. Its output:\n${output.text()}`);
    }
    try {
      const res = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet (migrating and seeding)
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  project.provide('baseURL', baseURL);
}

/** Stops the server (gracefully, then forcefully) and removes its database. */
export async function teardown() {
  await idp?.close();
  idp = undefined;
  const child = server;
  server = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) {
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  }
}
