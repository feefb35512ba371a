/**
 * Two instances as `npm run cluster` runs them (startCluster: the server with npm start's node
 * flags and NODE_ENV=production, behind haproxy, on PostgreSQL and the local Redis when one
 * answers), on a fresh PostgreSQL database this run creates and drops, its demo data seeded by
 * the first instance. A signed-in member (token from the auth service with the cluster's
 * AUTH_SECRET; favourites and listings posted through the balancer) reads the stock pages and a
 * profile through the balancer, against the same baselines as one instance's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cluster, redisAnswers, startCluster } from '../../apps/api/src/cluster/cluster.ts';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import {
  API_TARGET,
  bareWithMemberBodies,
  companyReads,
  giveContent,
  MEMBER_API,
  MEMBER_READS,
  type MemberRows,
  memberOf,
  PAGE_TARGET,
  signedInProblem,
  tokenFor,
} from './members.ts';
import { BENCH_POSTGRES_URL, type Started, scratchDatabase } from './processes.ts';
import { type Comparison, fmt } from './report.ts';

const SECRET = 'bench-cluster-secret-0123456789abcdef0123456789';
const INSTANCES = 2;

export async function clusterRows(pageBaseline: string, log: (line: string) => void = console.log): Promise<MemberRows> {
  const adminUrl = BENCH_POSTGRES_URL;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = (await redisAnswers(redisUrl)) ? redisUrl : undefined;
  const uploads = mkdtempSync(join(tmpdir(), 'beesang-bench-uploads-'));
  const database = await scratchDatabase(adminUrl);
  const output = new Map<string, string[]>();
  let cluster: Cluster | undefined;
  let bare: Started | undefined;
  const stop = async () => {
    await bare?.stop();
    await cluster?.stop();
    await database.drop();
    rmSync(uploads, { recursive: true, force: true });
  };
  try {
    log(
      `cluster: ${INSTANCES} instances behind haproxy on a new database (the first seeds the demo data), ${redis ? `Redis ${redis}` : 'no Redis'}…`,
    );
    const started = performance.now();
    cluster = await startCluster({
      instances: INSTANCES,
      port: 0,
      env: {
        DATABASE_URL: database.url,
        ...(redis && { REDIS_URL: redis }),
        UPLOAD_DIR: uploads,
        AUTH_SECRET: SECRET,
      },
      output: (source, line) => {
        const lines = output.get(source) ?? [];
        lines.push(line);
        output.set(source, lines);
      },
    });
    log(`cluster: ready after ${fmt((performance.now() - started) / 1000, 1)} s`);
    // Each instance says which React build renders its pages: the production one, as npm start's.
    for (const { name } of cluster.instances) {
      const lines = output.get(name) ?? [];
      if (!lines.some((l) => l.includes('React production build')))
        throw new Error(`cluster: ${name} does not render with React's production build:\n${lines.slice(-10).join('\n')}`);
    }

    const handle = await openDatabase({ databaseUrl: database.url });
    let token: string;
    let demo: number[];
    try {
      token = await tokenFor(handle.db, SECRET, { connectionString: database.url });
      demo = (await handle.db.selectFrom('companies').select('id').where('is_demo', '=', true).orderBy('id').execute()).map((r) => r.id);
    } finally {
      await handle.close();
    }
    const member = memberOf(token);
    await giveContent(cluster.url, member);
    const problem = await signedInProblem(cluster.url, member);
    if (problem) throw new Error(`cluster: ${problem}`);
    const profile = { '/profile': MEMBER_API['/profile'] as string };
    const baseline = await bareWithMemberBodies(cluster.url, member, profile);
    bare = baseline.bare;

    const name = `two instances (npm run cluster, haproxy):`;
    const comparisons: Comparison[] = [
      {
        name: `${name} member page /stock/{id} (${demo.length} companies in turn; document + 7 reads)`,
        app: {
          origin: cluster.url,
          paths: demo.flatMap((id) => [`/stock/${id}`, ...MEMBER_READS, ...companyReads(id)]),
          headers: member.cookie,
          shared: true,
          visit: { requests: 8, steps: 3 },
        },
        baseline: { origin: pageBaseline, paths: ['/'] },
        baselineName: 'minimal SSR page',
        ...PAGE_TARGET,
      },
      {
        name: `${name} member API: stock profile`,
        app: { origin: cluster.url, paths: [profile['/profile']], headers: member.bearer },
        baseline: { origin: baseline.bare.origin, paths: ['/profile'] },
        baselineName: `bare Fastify (one process), same ${fmt(baseline.sizes['/profile'] ?? 0)} B body`,
        ...API_TARGET,
      },
    ];
    const url = cluster.url;
    return { comparisons, check: () => signedInProblem(url, member), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
