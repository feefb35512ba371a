import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StaffRole } from '@beesang/contract';
import { jwtVerify } from 'jose';
import type { TestProject } from 'vitest/node';
import { type NaverMock, startNaverMock } from '../../../scripts/testing/naver-mock.ts';
import { type OidcMock, startOidcMock } from '../../../scripts/testing/oidc-mock.ts';
import { createStaffAccounts, type StaffAccount } from './staff';

/**
 * Starts the real server (API + SSR of the built web app) once for the whole e2e run:
 * a fresh embedded database in a temp dir, demo data seeded, a free port on 127.0.0.1.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:43123, without a trailing slash */
    baseURL: string;
    /** One operator of each role, signed in by id and password (made with npm run staff:grant). */
    staff: Record<StaffRole, StaffAccount>;
    /** The local social sign-in providers' addresses, for their control endpoints (POST /_fake/next-user, /_fake/rotate-key). */
    socialFakes: Record<SocialFakeName, string>;
  }
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * The built app; E2E_WEB_BUILD_DIR points at a copy instead, so that a run is not served a build
 * that another build on the same machine is rewriting meanwhile.
 */
const webBuildDir = process.env.E2E_WEB_BUILD_DIR || join(repoRoot, 'apps/web/build');
const READY_TIMEOUT_MS = 120_000;

let server: ChildProcess | undefined;
let dataDir = '';
export type SocialFakeName = 'kakao' | 'naver' | 'google' | 'apple';
let fakes: { oidc: OidcMock[]; naver: NaverMock } | undefined;

/**
 * Local Kakao, Google, Apple and Naver that behave like the real ones (scripts/testing), so that social
 * sign-in runs end to end without the network, and the server's OAUTH_* settings for them. Their
 * authorize pages are on `localhost`, another site than the app on 127.0.0.1, as a real provider is:
 * Apple's form post then arrives as the cross-site POST it is. Apple's client secret is signed with a
 * key made here, and the fake checks it with the public half.
 */
async function startSocialFakes(): Promise<{ env: Record<string, string>; urls: Record<SocialFakeName, string> }> {
  const apple = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const appleClient = 'kr.beesang.e2e';
  const [kakao, google, appleIdp, naver] = await Promise.all([
    startOidcMock({ flavour: 'kakao', clientId: 'kakao-rest-key', clientSecret: 'kakao-secret', authorizationHost: 'localhost' }),
    startOidcMock({ flavour: 'google', clientId: 'google-web', clientSecret: 'google-secret', authorizationHost: 'localhost' }),
    startOidcMock({
      flavour: 'apple',
      clientId: appleClient,
      authorizationHost: 'localhost',
      clientSecret: (sent) =>
        jwtVerify(sent, apple.publicKey, {
          algorithms: ['ES256'],
          issuer: 'E2ETEAM001',
          subject: appleClient,
          audience: 'https://appleid.apple.com',
        })
          .then(() => true)
          .catch(() => false),
    }),
    startNaverMock(),
  ]);
  fakes = { oidc: [kakao, google, appleIdp], naver };
  const env = {
    OAUTH_KAKAO_ISSUER: kakao.issuer,
    OAUTH_KAKAO_CLIENT_ID: kakao.clientId,
    OAUTH_KAKAO_CLIENT_SECRET: kakao.clientSecret,
    OAUTH_GOOGLE_ISSUER: google.issuer,
    OAUTH_GOOGLE_CLIENT_ID: google.clientId,
    OAUTH_GOOGLE_CLIENT_SECRET: google.clientSecret,
    OAUTH_APPLE_ISSUER: appleIdp.issuer,
    OAUTH_APPLE_CLIENT_ID: appleClient,
    OAUTH_APPLE_TEAM_ID: 'E2ETEAM001',
    OAUTH_APPLE_KEY_ID: 'E2EKEY0001',
    OAUTH_APPLE_PRIVATE_KEY: apple.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    OAUTH_NAVER_CLIENT_ID: naver.clientId,
    OAUTH_NAVER_CLIENT_SECRET: naver.clientSecret,
    OAUTH_NAVER_AUTH_BASE: naver.authBase,
    OAUTH_NAVER_API_BASE: naver.apiBase,
    // A journey rotates a provider's keys between two sign-ins a few seconds apart.
    OAUTH_JWKS_COOLDOWN_SECONDS: '1',
  };
  const urls = { kakao: kakao.issuer, google: google.issuer, apple: appleIdp.issuer, naver: naver.authBase.replace(/\/nid$/, '') };
  return { env, urls };
}

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

/**
 * Keeps the last lines of the server output for error messages; with E2E_SERVER_LOG set, all of it
 * goes to that file too (and E2E_LOG_LEVEL sets the server's level), to read a failure afterwards.
 */
function tail(limit = 60) {
  const lines: string[] = [];
  const file = process.env.E2E_SERVER_LOG;
  return {
    push(chunk: Buffer) {
      if (file) appendFileSync(file, chunk);
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (lines.length > limit) lines.splice(0, lines.length - limit);
    },
    text: () => lines.join('\n'),
  };
}

/** Starts the server on `port` over `dataDir` and waits until it answers /readyz. */
async function startServer(port: number, baseURL: string, socialEnv: Record<string, string>): Promise<ChildProcess> {
  const output = tail();
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
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
      // Never point the run at an external database or a public origin from the caller's shell.
      DATABASE_URL: '',
      PUBLIC_URL: baseURL,
      ...socialEnv,
      TRUST_PROXY: '',
      // Journeys that happen "at a time" (a scheduled notice, a listing that stood 10 minutes) move it.
      DEV_CLOCK: '1',
      // Every journey's members ask for their codes from 127.0.0.1: some hundred in one run.
      SMS_PER_IP_HOURLY: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
      child.kill('SIGKILL');
      await teardown();
      throw new Error(`The e2e server did not answer ${baseURL}/readyz within ${READY_TIMEOUT_MS / 1000} s. Its output:\n${output.text()}`);
    }
    try {
      const res = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return child;
    } catch {
      // not listening yet (migrating and seeding)
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** `npm run staff:grant -- <who> --role <role>` against the stopped server's data folder, as the README has operators do it. */
function grantStaff(who: string, role: StaffRole): void {
  const run = spawnSync(process.execPath, [join(repoRoot, 'apps/api/src/db/staff-cli.ts'), who, '--role', role], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`staff:grant ${who} --role ${role} failed (${run.status}): ${run.stderr}${run.stdout}`);
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
  const social = await startSocialFakes();

  // The operators: members with an id and a password, made operators while the site is stopped
  // (the embedded data folder has one owner), then the site starts again on the same data.
  server = await startServer(port, baseURL, social.env);
  const staff = await createStaffAccounts(baseURL);
  await stopServer(server);
  for (const [role, account] of Object.entries(staff) as Array<[StaffRole, StaffAccount]>) grantStaff(account.userId, role);
  server = await startServer(port, baseURL, social.env);

  project.provide('baseURL', baseURL);
  project.provide('staff', staff);
  project.provide('socialFakes', social.urls);
}

/** Stops the server (gracefully, then forcefully) and removes its database. */
export async function teardown() {
  await Promise.all([...(fakes?.oidc ?? []), fakes?.naver].map((fake) => fake?.close()));
  fakes = undefined;
  const child = server;
  server = undefined;
  await stopServer(child);
  if (dataDir) {
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = '';
  }
}
