// `npm run cluster`: N instances on PostgreSQL (and Redis) behind haproxy, on this machine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ClusterError, redisAnswers, startCluster } from './cluster.ts';

const root = resolve(import.meta.dirname, '../../../..');
const say = (m: string) => process.stdout.write(`[cluster] ${m}\n`);
const fail = (m: string): never => {
  process.stderr.write(`\n[cluster] ${m}\n\n`);
  process.exit(1);
};

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: process.env.CLUSTER_INSTANCES ?? '2' },
    'no-build': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 2 || instances > 16) fail('--instances 는 2~16 이어야 합니다 (2 to 16 instances)');
const port = Number(process.env.PORT ?? 3000);

/** The database named in the URL, created when it does not exist yet (a local server). */
async function ensureDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    fail(`PostgreSQL에 연결할 수 없습니다 (${url.replace(/\/\/[^@/]*@/, '//***@')}): ${(error as Error).message}`);
  }
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      say(`데이터베이스 ${name} 을(를) 만들었습니다 (created)`);
    }
  } finally {
    await client.end();
  }
}

/** REDIS_URL, or a Redis answering on this machine; none → the instances agree through PostgreSQL. */
async function pickRedis(): Promise<string | undefined> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) return url;
  if (process.env.REDIS_URL) fail(`REDIS_URL(${url})에 연결할 수 없습니다`);
  return undefined;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/beesang';
  // With two roles (decision 0022) the owner makes the database; the instances migrate as the owner
  // too, since they inherit MIGRATION_DATABASE_URL from this process's environment.
  await ensureDatabase(process.env.MIGRATION_DATABASE_URL ?? databaseUrl);
  const redisUrl = await pickRedis();
  if (!values['no-build'] && !process.env.WEB_BUILD_DIR) {
    say('웹 앱을 빌드하는 중입니다 (building the web app)…');
    const build = spawnSync(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
      cwd: join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) fail('웹 앱 빌드에 실패했습니다 (web build failed)');
  }
  const s3 = Boolean(process.env.S3_BUCKET);
  const env: Record<string, string> = {
    // Production, as npm start runs the server (startCluster's default), unless the shell says otherwise.
    ...(process.env.NODE_ENV && { NODE_ENV: process.env.NODE_ENV }),
    DATABASE_URL: databaseUrl,
    ...(redisUrl && { REDIS_URL: redisUrl }),
    // On one machine the instances can share a folder; a real deployment uses S3 (docs/deploy.md).
    ...(!s3 && { UPLOAD_DIR: process.env.UPLOAD_DIR ?? join(root, 'data', 'cluster-uploads') }),
  };
  if (!existsSync(join(root, 'apps/web/build')) && !process.env.WEB_BUILD_DIR) say('웹 빌드가 없어 API만 제공합니다 (API only)');
  say(`인스턴스 ${instances}개를 시작합니다 (starting ${instances} instances)…`);
  const cluster = await startCluster({
    instances,
    port,
    instancePorts: Array.from({ length: instances }, (_, i) => port + 1 + i),
    env,
    output: values.quiet ? undefined : (source, line) => process.stdout.write(`${source.padEnd(7)}| ${line}\n`),
  });
  say(`http://localhost:${port} 에서 실행 중입니다 (haproxy → ${cluster.instances.map((i) => i.url).join(', ')})`);
  say(
    `데이터베이스 ${databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}, 캐시 무효화: ${redisUrl ? `Redis ${redisUrl}` : 'PostgreSQL LISTEN/NOTIFY'}, 업로드: ${s3 ? `S3 ${process.env.S3_BUCKET}` : env.UPLOAD_DIR}`,
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    say('멈추는 중입니다 (stopping)…');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => fail(error instanceof ClusterError ? error.message : `시작하지 못했습니다: ${(error as Error).message}`));
