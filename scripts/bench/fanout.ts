/**
 * A price alert's fan-out under load (issue 23): one server as `npm start` runs it holds a company
 * that FANOUT_MEMBERS members favourite, each with a price alert between its price and the next.
 * One operator enters that next price and a second approves it (the console's path); we time until
 * the server says every member's notification is written and its delivery queued (its /metrics
 * counts them once committed), while signed-in members keep reading that company's profile
 * (GET /api/v2/stock/profile/{id}); their p99 is set against the same load on the idle server.
 *
 * The members, their favourites and alerts are written into the server's embedded database before
 * it starts (the bench's own step), and the tokens come from the auth service with the AUTH_SECRET
 * the server then runs with: no path of the product is bypassed or added.
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import { insertCompany } from '../../apps/api/src/test/factories.ts';
import autocannon from './autocannon.ts';
import { hottest, profiled, shares } from './cpu-profile.ts';
import { answers, BENCH_POSTGRES_URL, scratchDatabase, startApp, waitFor } from './processes.ts';
import { issueTokens } from './tokens.ts';

export const FANOUT_MEMBERS = 100_000;
const SECRET = 'bench-fanout-secret-0123456789abcdef0123456789';
const METRICS_TOKEN = 'bench-fanout-metrics-token';
const PRICE = 10_000;
const NEXT_PRICE = 12_000;
/** Readers of the company's profile at once, and how long the idle baseline runs. */
const READERS = 10;
const IDLE_SECONDS = 10;
/** How often the server's counts are read, idle and during the fan-out. */
const POLL_MS = 200;

export interface FanoutFigures {
  /** The server's database: `npm start`'s embedded one, or PostgreSQL (what several instances share). */
  on: 'embedded' | 'postgres';
  members: number;
  /** From the approval's answer until every notification is written and its delivery queued. */
  seconds: number;
  written: number;
  queued: number;
  /** The company's profile read by signed-in members: idle, then during the fan-out. */
  idle: { p50: number; p99: number; rps: number };
  during: { p50: number; p99: number; rps: number; requests: number; non2xx: number; errors: number };
  /** What the approval itself took (the writer of the price pays nothing for the fan-out). */
  approveMs: number;
}

type Tokens = { admin: string; moderator: string; reader: string; company: number };

/** Where the server under test keeps its data: `npm start`'s embedded database, or a PostgreSQL database of this run's own. */
type Where = { on: 'embedded'; dataDir: string } | { on: 'postgres'; databaseUrl: string };

async function prepare(where: Where, count: number, log: (line: string) => void): Promise<Tokens> {
  const handle = await prepareDatabase(
    where.on === 'embedded' ? { dataDir: where.dataDir, seedDemoData: false } : { databaseUrl: where.databaseUrl, seedDemoData: false },
  );
  try {
    const db = handle.db;
    const company = await insertCompany(db, { name: '알림벤치', currentPrice: PRICE, previousClose: PRICE });
    const at = new Date();
    const slice = 5_000;
    for (let from = 0; from < count; from += slice) {
      const n = Math.min(slice, count - from);
      const users = await db
        .insertInto('users')
        .values(
          Array.from(
            { length: n },
            (_, i) => ({ nickname: `알림${from + i + 1}`, user_level: 2, sanction_state: 0, expert_type: 0 }) as never,
          ),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('favorites')
        .values(users.map(({ id }) => ({ user_id: id, company_id: company, created_at: at })))
        .execute();
      await db
        .insertInto('price_alerts')
        .values(
          users.map(({ id }, i) => ({
            user_id: id,
            company_id: company,
            direction: 'ABOVE' as const,
            // Levels spread between the price and the next one: every alert crosses.
            price: PRICE + 1 + ((from + i) % (NEXT_PRICE - PRICE)),
            created_at: at,
          })),
        )
        .execute();
      if ((from / slice) % 4 === 0) log(`fan-out: ${from + n} of ${count} members with a favourite and an alert…`);
    }
    const staff = await db
      .insertInto('users')
      .values([
        { nickname: '벤치관리자', user_level: 2, sanction_state: 0, expert_type: 0, staff_role: 'ADMIN' },
        { nickname: '벤치운영자', user_level: 2, sanction_state: 0, expert_type: 0, staff_role: 'MODERATOR' },
        { nickname: '벤치독자', user_level: 2, sanction_state: 0, expert_type: 0 },
      ] as never)
      .returning('id')
      .execute();
    const jobQueue = where.on === 'postgres' ? { connectionString: where.databaseUrl } : handle.embedded && { pglite: handle.embedded };
    if (!jobQueue) throw new Error('fan-out: the embedded database has no instance for the job queue');
    const [admin, moderator, reader] = await issueTokens(
      db,
      SECRET,
      jobQueue,
      staff.map(({ id }) => id),
    );
    return { admin: admin as string, moderator: moderator as string, reader: reader as string, company };
  } finally {
    await handle.close();
  }
}

async function counts(origin: string): Promise<{ written: number; queued: number }> {
  const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const read = (kind: string) => Number(new RegExp(`beesang_notifications\\{kind="${kind}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { written: read('written'), queued: read('queued') };
}

/** /metrics read every POLL_MS until `stop()`, as the fan-out's end is watched. */
function watch(origin: string) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await counts(origin);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/** Readers of the company's profile until `stop()`; the figures autocannon measured. */
function readers(origin: string, t: Tokens, seconds: number) {
  let finish: (r: autocannon.Result) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: `${origin}/api/v2/stock/profile/${t.company}`,
      connections: READERS,
      duration: seconds,
      headers: { authorization: `Bearer ${t.reader}` },
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  return { stop: () => instance.stop(), done };
}

export async function measureFanout(
  count = FANOUT_MEMBERS,
  on: 'embedded' | 'postgres' = 'embedded',
  log: (line: string) => void = console.error,
): Promise<FanoutFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'beesang-bench-fanout-'));
  const dataDir = join(dir, 'data');
  const database = on === 'postgres' ? await scratchDatabase(BENCH_POSTGRES_URL) : undefined;
  let server: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    const t = await prepare(database ? { on: 'postgres', databaseUrl: database.url } : { on: 'embedded', dataDir }, count, log);
    // FANOUT_PROFILE=1: the server's CPU profile from the approval to the last notification, printed
    // as shares (where the fan-out's time goes).
    const inspectPort = process.env.FANOUT_PROFILE ? 9229 + Math.floor(Math.random() * 500) : undefined;
    server = await startApp({
      ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
      AUTH_SECRET: SECRET,
      METRICS_TOKEN,
      SEED_DEMO_DATA: 'false',
      ...(inspectPort && { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` }),
    });
    const { origin } = server;
    await waitFor(() => answers(`${origin}/readyz`), 'the app answering');
    // Warm the path (JIT, caches), then the idle baseline.
    await readers(origin, t, 3).done;
    log(`fan-out: the company's profile read by ${READERS} members for ${IDLE_SECONDS} s, idle…`);
    // The idle server is watched as the fan-out is (its counts read from /metrics every POLL_MS),
    // so that the two p99s differ only by the fan-out.
    const watching = watch(origin);
    const idle = await readers(origin, t, IDLE_SECONDS).done;
    await watching.stop();

    const before = await counts(origin);
    log(`fan-out: a price crossing ${count} members' alerts, entered and approved…`);
    const load = readers(origin, t, 300);
    await new Promise((r) => setTimeout(r, 1000));
    const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const entered = await fetch(`${origin}/api/admin/company/${t.company}/price`, {
      method: 'POST',
      headers: json(t.admin),
      body: JSON.stringify({ price: NEXT_PRICE, note: '장외 체결 확인' }),
    });
    if (entered.status !== 202) throw new Error(`the price entry answered ${entered.status}: ${await entered.text()}`);
    const { entryId } = ((await entered.json()) as { result: { entryId: number } }).result;
    const fanOut = async () => {
      const start = performance.now();
      const approved = await fetch(`${origin}/api/admin/price-entries/${entryId}/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.moderator}` },
      });
      const approveMs = performance.now() - start;
      if (approved.status !== 200) throw new Error(`the approval answered ${approved.status}: ${await approved.text()}`);
      let now = before;
      await waitFor(
        async () => {
          now = await counts(origin);
          return now.written - before.written >= count && now.queued - before.queued >= count;
        },
        `${count} notifications written and queued`,
        180_000,
        POLL_MS,
      );
      return { seconds: (performance.now() - start) / 1000, approveMs, now };
    };
    const [{ seconds, approveMs, now }, profile] = inspectPort ? await profiled(inspectPort, fanOut) : [await fanOut(), undefined];
    if (profile) {
      for (const [p, share] of shares(profile).slice(0, 14)) log(`fan-out profile: ${share.toFixed(1).padStart(5)} %  ${p}`);
      for (const [f, share] of hottest(profile, 25)) log(`fan-out hottest: ${share.toFixed(1).padStart(5)} %  ${f}`);
    }
    load.stop();
    const during = await load.done;
    const figures: FanoutFigures = {
      on,
      members: count,
      seconds,
      written: now.written - before.written,
      queued: now.queued - before.queued,
      idle: { p50: idle.latency.p50, p99: idle.latency.p99, rps: idle.requests.average },
      during: {
        p50: during.latency.p50,
        p99: during.latency.p99,
        rps: during.requests.average,
        requests: during.requests.total,
        non2xx: during.non2xx,
        errors: during.errors + during.timeouts,
      },
      approveMs,
    };
    log(
      `fan-out: ${figures.written} written and ${figures.queued} queued in ${seconds.toFixed(1)} s (approval ${approveMs.toFixed(0)} ms); ` +
        `profile p50/p99 idle ${figures.idle.p50}/${figures.idle.p99} ms, during ${figures.during.p50}/${figures.during.p99} ms (${figures.during.requests} requests, ${figures.during.non2xx} non-2xx)`,
    );
    return figures;
  } finally {
    await server?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone (`node scripts/bench/fanout.ts [--on embedded|postgres] [--members N]`): the figures as JSON on standard output, for run.ts.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { on: { type: 'string', default: 'embedded' }, members: { type: 'string' } } });
  if (values.on !== 'embedded' && values.on !== 'postgres') throw new Error('--on embedded|postgres');
  measureFanout(values.members ? Number(values.members) : FANOUT_MEMBERS, values.on)
    .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
    .catch((error: unknown) => {
      console.error(`fan-out: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
}
