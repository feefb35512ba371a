/**
 * Two instances as `npm run cluster` runs them (startCluster: the server with npm start's node
 * flags and NODE_ENV=production, behind haproxy, on PostgreSQL and the local Redis when one
 * answers), on a fresh PostgreSQL database this run creates and drops, its demo data seeded by
 * the first instance. A signed-in member (token from the auth service with the cluster's
 * AUTH_SECRET; favourites and listings posted through the balancer) reads the stock pages and a
 * profile through the balancer. The pages are set against the minimal SSR page, as one instance's
 * are; the profile against two bare Fastify processes behind the same haproxy (`balanced`): set
 * against one bare process without a balancer, the row measured haproxy's hop on two cores, not us.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cluster, redisAnswers, startBalancer, startCluster } from '../../apps/api/src/cluster/cluster.ts';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { WARMED } from '../../apps/api/src/ssr/store/page-warmer.ts';
import {
  API_TARGET,
  bareWithMemberBodies,
  companyVisit,
  giveContent,
  MEMBER_API,
  type MemberRows,
  memberOf,
  PAGE_TARGET,
  signedInProblem,
  tokenFor,
} from './members.ts';
import { freePort } from './ports.ts';
import { answers, BENCH_POSTGRES_URL, type Started, scratchDatabase, waitFor } from './processes.ts';
import { type Comparison, fmt } from './report.ts';

const SECRET = 'bench-cluster-secret-0123456789abcdef0123456789';
const INSTANCES = 2;

/**
 * The ceiling in the same shape: `servers` behind haproxy with the cluster's own configuration
 * (round robin, health checks, forwarded address, X-Served-By), so that the balancer's hop and its
 * share of the two cores weigh on both sides alike.
 */
async function balanced(servers: Started[]): Promise<{ origin: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'beesang-bench-haproxy-'));
  const backends = servers.map((s, i) => ({ name: `bare${i + 1}`, port: Number(new URL(s.origin).port) }));
  let child: ChildProcess | undefined;
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    child = startBalancer({ port, backends, dir });
    // Both servers in the rotation: as many answers in a row as there are servers, each from another one.
    await waitFor(async () => {
      const served = new Set<string | null>();
      for (const _ of servers) {
        const res = await fetch(`${origin}/readyz`).catch(() => undefined);
        if (res?.status !== 200) return false;
        served.add(res.headers.get('x-served-by'));
      }
      return served.size === servers.length;
    }, 'haproxy in front of the bare servers');
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

export async function clusterRows(pageBaseline: string, log: (line: string) => void = console.log): Promise<MemberRows> {
  const adminUrl = BENCH_POSTGRES_URL;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = (await redisAnswers(redisUrl)) ? redisUrl : undefined;
  const uploads = mkdtempSync(join(tmpdir(), 'beesang-bench-uploads-'));
  const database = await scratchDatabase(adminUrl);
  const output = new Map<string, string[]>();
  let cluster: Cluster | undefined;
  const bare: Started[] = [];
  let balancer: { origin: string; stop(): Promise<void> } | undefined;
  const stop = async () => {
    await balancer?.stop();
    for (const b of bare) await b.stop();
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
    // Every company's page rendered into the shared store first, as one instance's rows wait for it
    // (members.ts): else the first round measures the cluster's warming (134–175 req/s, against
    // 1,500–2,300 in the next two).
    log('cluster: waiting for every company page to be rendered into the shared store…');
    const warmed = () => [...output.values()].some((lines) => lines.some((l) => l.includes(WARMED)));
    await waitFor(warmed, 'the page warmer’s first pass', 900_000, 1_000);
    const problem = await signedInProblem(cluster.url, member);
    if (problem) throw new Error(`cluster: ${problem}`);
    const profile = { '/profile': MEMBER_API['/profile'] as string };
    // Two bare Fastify processes with the member's very body, behind haproxy as the instances are.
    let size = 0;
    for (let i = 0; i < INSTANCES; i++) {
      const baseline = await bareWithMemberBodies(cluster.url, member, profile);
      bare.push(baseline.bare);
      size = baseline.sizes['/profile'] ?? 0;
    }
    balancer = await balanced(bare);
    if (!(await answers(`${balancer.origin}/profile`))) throw new Error('cluster: the balanced bare servers do not answer /profile');

    const name = `two instances (npm run cluster, haproxy):`;
    const visit = companyVisit(demo);
    const comparisons: Comparison[] = [
      {
        name: `${name} member page /stock/{id} (${demo.length} companies in turn; ${visit.label})`,
        app: {
          origin: cluster.url,
          paths: visit.paths,
          // As a browser asks: the cookie and its Accept-Encoding on every request (members.ts).
          headers: member.browser,
          shared: true,
          visit: visit.visit,
        },
        baseline: { origin: pageBaseline, paths: ['/'] },
        baselineName: 'minimal SSR page',
        ...PAGE_TARGET,
      },
      {
        name: `${name} member API: stock profile`,
        app: { origin: cluster.url, paths: [profile['/profile']], headers: member.bearer },
        baseline: { origin: balancer.origin, paths: ['/profile'] },
        baselineName: `bare Fastify, ${INSTANCES} processes behind the same haproxy, same ${fmt(size)} B body`,
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
