/**
 * Where a request's time goes (issue 24): the production server (`npm start`'s way, on an embedded
 * database with the demo data) runs with `--cpu-prof` while autocannon drives one kind of request,
 * as a visitor or as a signed-in demo member; then the profile's samples are given to the innermost
 * part of the code each is in (the embedded database, React's render, React Router, Fastify, our
 * modules, …) and printed as shares.
 *
 *   node scripts/bench/profile.ts [--member] [--encoding 'gzip, deflate, br'] [--seconds 10] [--connections 50] [--companies 3000] <path> [<path>…]
 *   node scripts/bench/profile.ts --idle [--seconds 10] [--companies 3000]
 *
 * `--save <file>` also writes the profile itself, for DevTools.
 *
 * `--idle` profiles the server with no request at all, right after the demo backfill: its background
 * work (the page warmer's first pass, decision 0034).
 *
 * A path containing `{id}` is expanded to the companies in turn: the 300 demo ones, or with
 * `--companies` as many as the bench's cache-miss row has (most pages then render).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import { WARMED } from '../../apps/api/src/ssr/store/page-warmer.ts';
import autocannon from './autocannon.ts';
import { hottest, profiled, shares } from './cpu-profile.ts';
import { addCompanies } from './members.ts';
import { answers, startApp, waitFor } from './processes.ts';
import { issueTokens } from './tokens.ts';

const SECRET = 'bench-profile-secret-0123456789abcdef0123456789';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    member: { type: 'boolean', default: false },
    idle: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    companies: { type: 'string', default: '300' },
    /** How many companies a `{id}` path walks (default: all of them). */
    walk: { type: 'string' },
    /** The Accept-Encoding to send ('gzip, deflate, br': as a browser asks); none by default. */
    encoding: { type: 'string' },
    /** Where to write the .cpuprofile as well (Chrome's DevTools open it). */
    save: { type: 'string' },
  },
});
if (positionals.length === 0 && !values.idle) {
  console.error('usage: node scripts/bench/profile.ts [--member] <path>…');
  process.exit(2);
}

/** A demo member who has listings, and a token the server (run with the same secret) accepts. */
async function prepare(dataDir: string): Promise<string> {
  const handle = await prepareDatabase({ dataDir, seedDemoData: true });
  try {
    const seller = await handle.db
      .selectFrom('trades')
      .select('user_id')
      .groupBy('user_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    if (!handle.embedded) throw new Error('profile: the embedded database has no instance for the job queue');
    const [token] = await issueTokens(handle.db, SECRET, { pglite: handle.embedded }, [Number(seller.user_id)]);
    return token as string;
  } finally {
    await handle.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'beesang-profile-'));
try {
  const token = values.member ? await prepare(join(dir, 'data')) : undefined;
  if (!token) await prepareDatabase({ dataDir: join(dir, 'data'), seedDemoData: true }).then((h) => h.close());
  const companies = Number(values.companies);
  if (companies > 300) {
    const handle = await prepareDatabase({ dataDir: join(dir, 'data'), seedDemoData: false });
    await addCompanies(handle, companies).finally(() => handle.close());
  }
  const inspectPort = 9229 + Math.floor(Math.random() * 500);
  const server = await startApp({ DATA_DIR: join(dir, 'data'), AUTH_SECRET: SECRET, NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` });
  let profile: Awaited<ReturnType<typeof profiled>>[1] | undefined;
  try {
    await waitFor(() => answers(`${server.origin}/readyz`), 'the app answering');
    await waitFor(() => server.output().includes('older demo bars written'), 'the demo backfill');
    // Unless the warmer itself is what is profiled: every company page in the store first, as the bench has it.
    if (!values.idle) await waitFor(() => server.output().includes(WARMED), 'the page warmer’s first pass', 900_000, 1_000);
    if (values.idle) {
      const [, p] = await profiled(inspectPort, () => new Promise((r) => setTimeout(r, Number(values.seconds) * 1000)));
      profile = p;
      console.log(`idle server, ${values.seconds} s after the demo backfill`);
    } else {
      const paths = positionals.flatMap((p) =>
        p.includes('{id}') ? Array.from({ length: Number(values.walk ?? companies) }, (_, i) => p.replace('{id}', String(i + 1))) : [p],
      );
      const headers: Record<string, string> = token
        ? paths.some((p) => p.startsWith('/api/'))
          ? { authorization: `Bearer ${token}` }
          : { cookie: `ACCESS_TOKEN=${token}` }
        : {};
      if (values.encoding) headers['accept-encoding'] = values.encoding;
      let next = 0;
      const run = (seconds: number) =>
        autocannon({
          url: server.origin + paths[0],
          connections: Number(values.connections),
          duration: seconds,
          headers,
          // All connections walk the paths together (as the bench's cache-miss row does), not each from the first.
          ...(paths.length > 1 && {
            requests: [
              {
                method: 'GET' as const,
                headers,
                setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length] as string }),
              },
            ],
          }),
        });
      const probe = await fetch(server.origin + (paths[0] as string), { headers });
      if (probe.status !== 200) throw new Error(`${paths[0]} answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
      await run(2);
      const [r, p] = await profiled(inspectPort, () => run(Number(values.seconds)));
      profile = p;
      console.log(
        `${positionals.join(' ')} as ${token ? 'a member' : 'a visitor'}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}, total ${r.requests.total}`,
      );
    }
  } finally {
    await server.stop();
  }
  if (!profile) throw new Error('no CPU profile taken');
  if (values.save) writeFileSync(values.save, JSON.stringify(profile));
  for (const [p, share] of shares(profile).slice(0, 18)) console.log(`${share.toFixed(1).padStart(5)} %  ${p}`);
  console.log('\nhottest functions (self time):');
  for (const [f, share] of hottest(profile)) console.log(`${share.toFixed(1).padStart(5)} %  ${f}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
