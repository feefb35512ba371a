import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm start` failure modes: one clear line, exit code 1, no stack trace. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

/** A server left running until killed: resolves once it says it is listening. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      if (String(d).includes('(listening)')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}`)));
  });
  const stopped = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = () => {
    child.kill('SIGTERM');
    return stopped;
  };
  return { ready, stop };
}

const dataDir = mkdtempSync(join(tmpdir(), 'beesang-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('server start-up errors', () => {
  it('a taken port ends with one line saying what to do, and nothing runs on the closed database', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      // A first start (demo data) keeps the background jobs busy while the port is found taken.
      const { code, stderr, stdout } = await runServer({
        PORT: String(port),
        DATA_DIR: join(dataDir, 'taken-port'),
        DATABASE_URL: '',
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      });
      expect(code).toBe(1);
      expect(stdout).not.toContain('destroyed');
      expect(stdout).not.toContain('"level":50');
      expect(stderr).toContain(`포트 ${port}이(가) 이미 사용 중입니다`);
      expect(stderr).toContain('PORT=');
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('an unreachable DATABASE_URL ends with one line, the password masked', async () => {
    const { code, stderr } = await runServer({ PORT: '0', DATABASE_URL: 'postgres://user:secret@127.0.0.1:1/nothing' });
    expect(code).toBe(1);
    expect(stderr).toContain('데이터베이스에 연결할 수 없습니다');
    expect(stderr).not.toContain('secret');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a deployment on DATABASE_URL with uploads on local disk does not start, and names the S3 settings', async () => {
    const { code, stderr } = await runServer({
      PORT: '0',
      PUBLIC_URL: 'https://beesang.example',
      AUTH_SECRET: 'k'.repeat(40),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
      S3_BUCKET: '',
      UPLOADS_LOCAL_OK: '',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('업로드를 이 서버의 디스크에 둘 수 없습니다');
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'UPLOADS_LOCAL_OK=1'])
      expect(stderr).toContain(name);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a deployment with the simulated 본인확인 and the SMS log does not start, and names what to configure', async () => {
    const { code, stderr } = await runServer({
      PORT: '0',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://beesang.example',
      AUTH_SECRET: 'k'.repeat(40),
      AUTH_SECRETS: '',
      DATABASE_URL: '',
      IDENTITY_PROVIDER: '',
      SMS_PROVIDER: '',
      ALLOW_SIMULATED_PROVIDERS: '',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('본인확인이 테스트 모드입니다');
    expect(stderr).toContain('SMS가 발송되지 않고 로그에만 남습니다');
    for (const name of [
      'IDENTITY_PROVIDER=portone',
      'PORTONE_API_SECRET',
      'SMS_PROVIDER=solapi',
      'SOLAPI_API_KEY',
      'ALLOW_SIMULATED_PROVIDERS=1',
    ])
      expect(stderr).toContain(name);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a malformed DATABASE_URL is reported as a configuration error', async () => {
    const { code, stderr } = await runServer({ PORT: '0', DATABASE_URL: 'mysql://x' });
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL');
    expect(stderr).toContain('postgres://');
  });

  it('a second server on the same embedded data directory stops at once with the lock message; the first keeps it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'beesang-lock-'));
    const first = startServer({ PORT: '0', DATA_DIR: dir, DATABASE_URL: '' });
    try {
      await first.ready;
      const second = await runServer({ PORT: '0', DATA_DIR: dir, DATABASE_URL: '' });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('다른 프로세스(pid');
      expect(second.stderr).toContain('DATABASE_URL');
      expect(second.stderr).not.toMatch(/\n\s+at /);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // Released on a clean stop: the next start opens it.
    const third = startServer({ PORT: '0', DATA_DIR: dir, DATABASE_URL: '' });
    await third.ready;
    await third.stop();
    rmSync(dir, { recursive: true, force: true });
  });
});
