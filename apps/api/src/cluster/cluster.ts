import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../../scripts/server-node-flags.mjs';

const SERVER = join(import.meta.dirname, '..', 'server.ts');

export interface ClusterOptions {
  /** Number of app instances behind the balancer (≥ 2). */
  instances: number;
  /** Port of the load balancer; 0 picks a free one. */
  port: number;
  /** Ports of the instances, in order; free ones are picked when absent. */
  instancePorts?: number[];
  /**
   * Environment of every instance (DATABASE_URL, REDIS_URL, S3_*, AUTH_SECRET, …) on top of this
   * process's. NODE_ENV is production unless given here (this process's own, a test runner's say,
   * does not count): the instances run what `npm start` runs.
   */
  env: Record<string, string>;
  /** The haproxy binary (default: `haproxy` on PATH). */
  haproxy?: string;
  /** Where the instances' and the balancer's output goes (default: dropped). */
  output?: (source: string, line: string) => void;
}

export interface Cluster {
  /** http://127.0.0.1:<port> of the load balancer. */
  url: string;
  /** One per instance: its direct address and its name in the balancer (`X-Served-By`). */
  instances: Array<{ name: string; url: string; pid: number | undefined }>;
  /** Stops the balancer and the instances (SIGTERM, SIGKILL after 10 s) and removes the temporary files. */
  stop(): Promise<void>;
}

export class ClusterError extends Error {}

/** haproxy on PATH, or where Debian puts it (/usr/sbin, which a non-root PATH may lack). */
export function haproxyBinary(): string {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0 ? 'haproxy' : '/usr/sbin/haproxy';
}

/** Whether a Redis answers at `url` (within a second). */
export async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * haproxy on `port` in front of `backends` (`haproxyConfig`), its configuration written to `dir` and
 * checked first; the caller waits for it (`/readyz`) and stops it. The cluster's balancer, and the
 * bench's in front of its bare servers (scripts/bench/two-instances.ts).
 */
export function startBalancer(opts: {
  port: number;
  backends: Array<{ name: string; port: number }>;
  dir: string;
  haproxy?: string;
  output?: ClusterOptions['output'];
}): ChildProcess {
  const haproxy = opts.haproxy ?? haproxyBinary();
  const cfg = join(opts.dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(opts.port, opts.backends));
  const check = spawnSync(haproxy, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0) throw new ClusterError(`haproxy 설정 오류 (invalid haproxy config): ${check.stderr || check.stdout}`);
  const balancer = spawn(haproxy, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  pipe(balancer, 'haproxy', opts.output);
  return balancer;
}

/** Whether haproxy can be run. */
export function haproxyAvailable(binary = haproxyBinary()): boolean {
  return spawnSync(binary, ['-v'], { stdio: 'ignore' }).status === 0;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitReady(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new ClusterError(`${what} 이(가) 시작하지 못하고 끝났습니다 (exited with ${child.exitCode})`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new ClusterError(`${what} 이(가) ${timeoutMs / 1000}초 안에 준비되지 않았습니다 (${url}/readyz)`);
}

/**
 * haproxy in front of the instances: round robin, health by `/readyz` every second (a draining
 * instance leaves the rotation), the client address forwarded (TRUST_PROXY), and the serving
 * instance named in `X-Served-By` so that a test can see the rotation.
 */
export function haproxyConfig(port: number, backends: Array<{ name: string; port: number }>): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 2',
    '  option redispatch',
    'frontend site',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    '  http-response set-header X-Served-By %[srv_name]',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    '',
  ].join('\n');
}

function pipe(child: ChildProcess, source: string, output: ClusterOptions['output']) {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) output?.(source, line);
    });
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * N instances of the server (`apps/api/src/server.ts`) on one PostgreSQL database (and Redis),
 * behind haproxy. The first instance starts alone, so that it alone migrates and seeds an empty
 * database; the others start once it is ready. What `npm run cluster` runs, and what the cluster
 * test drives.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (options.instances < 2) throw new ClusterError('인스턴스는 두 개 이상이어야 합니다 (at least 2 instances)');
  if (!options.env.DATABASE_URL) throw new ClusterError('여러 인스턴스는 PostgreSQL에서만 돌 수 있습니다: DATABASE_URL을 지정하세요');
  const haproxy = options.haproxy ?? haproxyBinary();
  if (!haproxyAvailable(haproxy)) {
    throw new ClusterError('haproxy가 없습니다: apt-get install -y haproxy 로 설치하세요 (haproxy not found)');
  }
  const output = options.output;
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  // A test runner or a terminal that dies must not leave servers behind.
  process.once('exit', killAll);
  const dir = mkdtempSync(join(tmpdir(), 'beesang-cluster-'));
  const stop = async () => {
    process.removeListener('exit', killAll);
    await Promise.all([...children].reverse().map(stopChild));
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const port = options.port || (await freePort());
    const ports: number[] = [];
    for (let i = 0; i < options.instances; i++) ports.push(options.instancePorts?.[i] ?? (await freePort()));
    const instances = ports.map((p, i) => ({
      name: `app${i + 1}`,
      url: `http://127.0.0.1:${p}`,
      port: p,
      pid: undefined as number | undefined,
    }));

    // As `npm start` runs the server (scripts/start.mjs): its node flags and NODE_ENV=production, or
    // React renders every page with its development build (1.7× the CPU) and says so in the log.
    const launch = (instance: (typeof instances)[number]) => {
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER], {
        env: {
          ...SERVER_ENV,
          ...process.env,
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://localhost:${port}`,
          TRUST_PROXY: '127.0.0.1',
          NODE_ENV: 'production',
          ...options.env,
          PORT: String(instance.port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      instance.pid = child.pid;
      pipe(child, instance.name, output);
      return waitReady(instance.url, child, instance.name);
    };
    const [first, ...rest] = instances;
    await launch(first as (typeof instances)[number]);
    await Promise.all(rest.map(launch));

    const balancer = startBalancer({ haproxy, port, backends: instances, dir, output });
    children.push(balancer);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, balancer, 'haproxy', 30_000);
    return { url, instances: instances.map(({ name, url: u, pid }) => ({ name, url: u, pid })), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
