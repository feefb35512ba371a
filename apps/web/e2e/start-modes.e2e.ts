import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrated, launchChromium, SEARCH_PLACEHOLDER } from './browser';

/**
 * `npm start` and `npm run dev` as a developer runs them (issue 12 §1): each on a port and an empty
 * embedded database of its own, beside the journeys' server. `npm start` is run with --no-build:
 * the suite's build is current, and rebuilding would swap the assets under the journeys' server.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

interface Started {
  baseURL: string;
  output: () => string;
}

const running: Array<{ child: ChildProcess; dataDir: string }> = [];

afterEach(async () => {
  for (const { child, dataDir } of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

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

/** Starts `node <script> <args>` from the repository root as a shell would: no NODE_ENV unless given. */
async function start(script: string, args: string[], nodeEnv?: string): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'beesang-start-'));
  const { NODE_ENV: _testRunners, ...env } = process.env;
  const child = spawn(process.execPath, [join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: {
      ...env,
      ...(nodeEnv && { NODE_ENV: nodeEnv }),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      PUBLIC_URL: '',
      VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push({ child, dataDir });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`${script} did not answer /readyz within 60 s:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseURL, output: () => output };
}

/** The server's log line saying which React build renders its pages. */
function reactBuildLogged(output: string): unknown {
  const line = output.split('\n').find((l) => l.includes('"msg":"web app: pages render with React'));
  return line ? (JSON.parse(line) as { react: unknown }).react : 'no such log line';
}

describe('npm start', () => {
  it("serves in production mode: pages render with React's production build, compressed", async () => {
    const server = await start('scripts/start.mjs', ['--no-build']);
    const home = await fetch(`${server.baseURL}/`, { headers: { 'accept-encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-encoding')).toBe('br');
    expect(reactBuildLogged(server.output())).toBe('production');
  });

  it('(the same check sees the development build when the server is started without NODE_ENV)', async () => {
    const server = await start('apps/api/src/server.ts', []);
    expect((await fetch(`${server.baseURL}/`)).status).toBe(200);
    expect(reactBuildLogged(server.output())).toBe('development');
  });
});

describe('npm run dev', () => {
  it('renders the app from source with hot reload on the same port, loaders reading the API in process', async () => {
    const server = await start('scripts/start.mjs', ['--dev']);
    const html = await (await fetch(`${server.baseURL}/`)).text();
    // Pages come from apps/web's source through Vite, with its hot-reload runtime.
    expect(html).toContain('virtual:react-router/inject-hmr-runtime');
    expect(html).toContain('/app/root.tsx');
    expect((await fetch(`${server.baseURL}/api/v2/stock/ranking-list`)).status).toBe(200);

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const viteSays: string[] = [];
      page.on('console', (message) => viteSays.push(message.text()));
      await page.goto(`${server.baseURL}/`);
      await hydrated(page.getByPlaceholder(SEARCH_PLACEHOLDER));
      // The HMR WebSocket reached the API's own port.
      await expect.poll(() => viteSays.some((text) => text.includes('[vite] connected'))).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
