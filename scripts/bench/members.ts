/**
 * Issue 24's rows: what a signed-in member costs, and pages that miss every cache. One server as
 * `npm start` runs it, on an embedded database that holds the demo data and enough more companies
 * that there are MEMBER_COMPANIES in all, and one member with a few favourites and two listings of
 * their own. Its rows are set against the baselines of the rest of the run: the minimal SSR page
 * (rendered pages) and bare Fastify answering the very same body (API calls).
 *
 * The companies and the member are written into the embedded database before the server starts,
 * and the member's token comes from the auth service with the AUTH_SECRET the server then runs
 * with (as fanout.ts does); the favourites and listings are posted through the API. No path of the
 * product is bypassed or added.
 */

import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FAVORITES_MAX } from '@beesang/contract';
import type { Db } from '../../apps/api/src/db/database.ts';
import { prepareDatabase } from '../../apps/api/src/db/prepare.ts';
import { barChunks, copyBarChunk, insertBarChunk } from '../../apps/api/src/db/seed/bulk-bars.ts';
import { businessDays, generateCompanies } from '../../apps/api/src/db/seed/demo-companies.ts';
import { generateHistory } from '../../apps/api/src/db/seed/demo-history.ts';
import { createRandom } from '../../apps/api/src/db/seed/random.ts';
import { companyRow } from '../../apps/api/src/db/seed/seed.ts';
import type { JobQueueDatabase } from '../../apps/api/src/lib/job-queue.ts';
import { WARMED } from '../../apps/api/src/ssr/store/page-warmer.ts';
import { answers, type Started, startApp, startProcess, waitFor } from './processes.ts';
import { type Comparison, fmt, type Visit } from './report.ts';
import { issueTokens } from './tokens.ts';

export const MEMBER_COMPANIES = 3_000;
const SECRET = 'bench-members-secret-0123456789abcdef0123456789';
export const NICKNAME = '벤치회원';
/** Favourites (ids of demo companies, 1…300 on a new database), and the companies the member lists a sale on. */
const FAVOURITES = [1, 2, 3, 4, 5];
const LISTED = [1, 2];
/** Targets of issue 24: rendered pages against the minimal SSR page, API calls against bare Fastify. */
export const PAGE_TARGET = { atLeast: 0.5, p99AtMost: 100 };
export const API_TARGET = { atLeast: 0.6 };

/** What Chromium, Googlebot and Naver's crawler send. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/**
 * A member's credentials, as a browser (cookie) and as an app (bearer token) sends them; `browser`
 * is the cookie with the Accept-Encoding every browser sends on every request, what the member
 * page rows send: a kept answer of 1 KB or more is then compressed, a stored page sent as stored.
 */
export interface Member {
  cookie: Record<string, string>;
  browser: Record<string, string>;
  bearer: Record<string, string>;
}
export const memberOf = (accessToken: string): Member => ({
  cookie: { cookie: `ACCESS_TOKEN=${accessToken}` },
  browser: { cookie: `ACCESS_TOKEN=${accessToken}`, 'accept-encoding': BROWSER_ENCODINGS },
  bearer: { authorization: `Bearer ${accessToken}` },
});

/** A new member (an id of its own each run) and their token from the auth service, signed with `authSecret`. */
export async function tokenFor(db: Db, authSecret: string, jobQueue: JobQueueDatabase): Promise<string> {
  // The abuse limits count per member, in a Redis that outlives the database (npm run cluster's):
  // with the same id every run, two listings a run would reach the hourly limit by the sixth.
  const id = 100_000_000 + randomInt(1_000_000_000);
  await db
    .insertInto('users')
    .values({ id, nickname: NICKNAME, user_level: 2, sanction_state: 0, expert_type: 0 } as never)
    .execute();
  const [token] = await issueTokens(db, authSecret, jobQueue, [id]);
  return token as string;
}

/**
 * Companies up to `total`, as an import would leave them (price source IMPORT): plausible names,
 * sectors and labels from the demo's generator, three months of daily bars (the page's first
 * chart) and yearly financials, so that each page renders as much as a demo company's.
 */
export async function addCompanies(handle: Awaited<ReturnType<typeof prepareDatabase>>, total: number): Promise<void> {
  const db = handle.db;
  const { count } = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const n = total - Number(count);
  if (n <= 0) return;
  const today = new Date();
  const random = createRandom(24);
  const drawn = generateCompanies(random, n, today);
  const history = generateHistory(random, drawn, businessDays(today, 1).slice(-70), today);
  const ids: number[] = [];
  for (let from = 0; from < n; from += 1000) {
    const rows = await db
      .insertInto('companies')
      .values(
        drawn
          .slice(from, from + 1000)
          .map((c, k) =>
            companyRow(
              { ...c, code: `B${String(from + k + 1).padStart(5, '0')}` },
              history.prices[from + k] as (typeof history.prices)[number],
            ),
          ),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  for (const chunk of barChunks(history, ids, 0, history.days.length, 20_000)) {
    if (handle.copyCsv) await copyBarChunk(handle.copyCsv, history, chunk);
    else await insertBarChunk(db, history, chunk);
  }
  for (let from = 0; from < history.financials.length; from += 2000)
    await db
      .insertInto('company_financials')
      .values(
        history.financials
          .slice(from, from + 2000)
          .map(({ companyIndex, equity: _e, liabilities: _l, ...f }) => ({ company_id: ids[companyIndex] as number, ...f })) as never,
      )
      .execute();
}

/** The embedded database the server will open: demo data, more companies, one member; the member's token and the ids. */
async function prepare(dataDir: string, log: (line: string) => void): Promise<{ token: string; demo: number[]; all: number[] }> {
  const handle = await prepareDatabase({ dataDir, seedDemoData: true });
  try {
    log(`members: ${fmt(MEMBER_COMPANIES)} companies in the embedded database…`);
    await addCompanies(handle, MEMBER_COMPANIES);
    if (!handle.embedded) throw new Error('members: the embedded database has no instance for the job queue');
    const token = await tokenFor(handle.db, SECRET, { pglite: handle.embedded });
    const rows = await handle.db.selectFrom('companies').select(['id', 'is_demo']).orderBy('id').execute();
    return { token, demo: rows.filter((r) => r.is_demo).map((r) => r.id), all: rows.map((r) => r.id) };
  } finally {
    await handle.close();
  }
}

async function send(origin: string, method: string, path: string, member: Member, body?: unknown) {
  const res = await fetch(origin + path, {
    method,
    headers: { ...member.bearer, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/** Favourites and two sale listings of the member's own, through the API (what the pages then show). */
export async function giveContent(origin: string, member: Member): Promise<void> {
  for (const id of FAVOURITES) await send(origin, 'POST', `/api/stock/add/favorite/stock/${id}`, member);
  for (const [i, id] of LISTED.entries())
    await send(origin, 'POST', '/api/trade/sell', member, { companyIdx: id, stockCount: 100 * (i + 1), stockPerPrice: 10_000 + i * 500 });
}

/** The member API calls of issue 24, by the name the bare server answers them under. */
/**
 * What the browser reads for its member over a shared page (lib/session.tsx): the member, for the
 * header. The header's two unread counts come as the live channel's first event (lib/live-provider.tsx),
 * and are not read. The channel's open, once per page load, is not in a visit (an event stream does
 * not end); its cost is in the live rows (2,000 streams opened).
 */
const MY_DETAIL = '/api/user/myPage/detail';
export const MEMBER_READS = [MY_DETAIL];

/** What /favorite reads for its member (features/favorites/favorites-api.ts). */
const FAVOURITES_PAGE = `/api/stock/favorite/stock/list/1?size=${FAVORITES_MAX}`;

/**
 * A member's visit to company pages, `ids` in turn: the document (the visitors' shared page), the
 * member, then the member's own parts of the page in one read (routes/stock-detail.tsx clientLoader,
 * once the session is known), each step after the one before.
 */
export const companyVisit = (ids: number[]) => ({
  paths: ids.flatMap((id) => [`/stock/${id}`, ...MEMBER_READS, `/api/web/stock/${id}/member`]),
  visit: { requests: 3, steps: 3 },
  label: 'document + 2 reads',
});

export const MEMBER_API: Record<string, string> = {
  '/profile': `/api/v2/stock/profile/${FAVOURITES[0]}`,
  '/search': `/api/v2/stock/search/${encodeURIComponent('비상')}`,
  '/listings': `/api/v2/trade/all/company/${LISTED[0]}?tradeType=2`,
  '/mine': '/api/trade/my',
  '/favourites': '/api/stock/favorite/stock/list/1',
};

/**
 * The member's answer to each call: a 200 with a `result`, or the run fails here. A bare Fastify
 * server then answers each under its name with the very same body (bare-server.ts).
 */
export async function bareWithMemberBodies(
  origin: string,
  member: Member,
  calls: Record<string, string>,
): Promise<{ bare: Started; sizes: Record<string, number> }> {
  const bodies: Record<string, string> = {};
  const sizes: Record<string, number> = {};
  for (const [name, path] of Object.entries(calls)) {
    const res = await fetch(origin + path, { headers: member.bearer });
    const body = await res.text();
    let result: unknown;
    try {
      result = (JSON.parse(body) as { result?: unknown }).result;
    } catch {}
    if (res.status !== 200 || !result) throw new Error(`${path} answered the member ${res.status} without a result: ${body.slice(0, 300)}`);
    bodies[name] = body;
    sizes[name] = Buffer.byteLength(body);
  }
  const dir = mkdtempSync(join(tmpdir(), 'beesang-bare-'));
  const file = join(dir, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const bare = await startProcess(join(import.meta.dirname, 'bare-server.ts'), { BARE_BODIES: file });
  const stop = bare.stop;
  bare.stop = async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  await waitFor(() => answers(`${bare.origin}${Object.keys(calls)[0]}`), 'the bare server');
  return { bare, sizes };
}

/**
 * Whether the pages render for the member (their nickname in the header's data, their favourites
 * on /favorite): a page answers 200 to a visitor too, so an expired or refused token would
 * otherwise pass unnoticed. Returns what is wrong, or nothing.
 */
export async function signedInProblem(origin: string, member: Member): Promise<string | undefined> {
  // The shared pages carry nothing of the member; what the browser reads for them, and a members-only page, do.
  const me = await (await fetch(`${origin}${MY_DETAIL}`, { headers: member.cookie })).text();
  if (!me.includes(NICKNAME)) return `${MY_DETAIL} does not answer the member ${NICKNAME}: the token was refused or has expired`;
  const messages = await (await fetch(`${origin}/messages`, { headers: member.cookie })).text();
  if (!messages.includes(NICKNAME)) return `/messages does not show the member ${NICKNAME}`;
  const mine = await fetch(`${origin}${MEMBER_API['/mine']}`, { headers: member.bearer });
  if (mine.status !== 200) return `${MEMBER_API['/mine']} answered the member ${mine.status}`;
  return undefined;
}

export interface MemberRows {
  comparisons: Comparison[];
  /** What is wrong with the member's session after the load (a token expires in 15 minutes), if anything. */
  check(): Promise<string | undefined>;
  stop(): Promise<void>;
}

/**
 * The server, its member and the bare baseline, ready; the comparisons to run against the minimal
 * SSR page at `pageBaseline`.
 */
export async function memberRows(pageBaseline: string, log: (line: string) => void = console.log): Promise<MemberRows> {
  const dir = mkdtempSync(join(tmpdir(), 'beesang-bench-members-'));
  const dataDir = join(dir, 'data');
  const started: Started[] = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { token, demo, all } = await prepare(dataDir, log);
    const member = memberOf(token);
    const app = await startApp({ DATA_DIR: dataDir, AUTH_SECRET: SECRET });
    started.push(app);
    log('members: waiting for the server (then the demo data’s older bars)…');
    await waitFor(() => answers(`${app.origin}/readyz`), 'the app answering');
    await waitFor(() => app.output().includes('older demo bars written'), 'the demo backfill');
    await giveContent(app.origin, member);
    // Every company's page rendered into the shared store (decision 0034), as a deployment's first
    // minutes leave it, so that the rows measure the site rather than its warming.
    log('members: waiting for every company page to be rendered into the shared store…');
    const warming = performance.now();
    await waitFor(() => app.output().includes(WARMED), 'the page warmer’s first pass', 900_000, 1_000);
    log(`members: the warmer's first pass took ${((performance.now() - warming) / 1000).toFixed(0)} s after the backfill`);
    const problem = await signedInProblem(app.origin, member);
    if (problem) throw new Error(`members: ${problem}`);
    const favourites = await (await fetch(`${app.origin}${FAVOURITES_PAGE}`, { headers: member.cookie })).text();
    const favouriteName = /"companyName":"([^"]+)"/.exec(
      await (await fetch(`${app.origin}${MEMBER_API['/favourites']}`, { headers: member.bearer })).text(),
    )?.[1];
    if (!favouriteName || !favourites.includes(favouriteName))
      throw new Error('members: /favorite’s read does not list the member’s favourites');
    const { bare, sizes } = await bareWithMemberBodies(app.origin, member, MEMBER_API);
    started.push(bare);

    const allPages = all.map((id) => `/stock/${id}`);
    const stockVisit = companyVisit(demo);
    const page = (name: string, paths: string[], headers: Record<string, string>, shared = false, visit?: Visit): Comparison => ({
      name,
      app: { origin: app.origin, paths, headers, shared, ...(visit && { visit }) },
      baseline: { origin: pageBaseline, paths: ['/'] },
      baselineName: 'minimal SSR page',
      ...PAGE_TARGET,
    });
    const call = (name: string, key: string): Comparison => ({
      name,
      app: { origin: app.origin, paths: [MEMBER_API[key] as string], headers: member.bearer },
      baseline: { origin: bare.origin, paths: [key] },
      baselineName: `bare Fastify, same ${fmt(sizes[key] ?? 0)} B body`,
      ...API_TARGET,
    });
    const comparisons: Comparison[] = [
      // A shared page: the document (the visitors', cached), then the member (the header); on a
      // company's page then the member's parts (star, own listings, alerts). Every request with the
      // browser's Accept-Encoding (`member.browser`).
      page('member page / (document + 1 read)', ['/', ...MEMBER_READS], member.browser, false, { requests: 2, steps: 2 }),
      page(
        `member page /stock/{id} (${demo.length} companies in turn; ${stockVisit.label})`,
        stockVisit.paths,
        member.browser,
        true,
        stockVisit.visit,
      ),
      page('member page /stock (document + 1 read)', ['/stock', ...MEMBER_READS], member.browser, false, { requests: 2, steps: 2 }),
      // Members-only pages whose lists read themselves: the document, the member, then the list.
      page('member page /favorite (document + 2 reads)', ['/favorite', ...MEMBER_READS, FAVOURITES_PAGE], member.browser, false, {
        requests: 3,
        steps: 3,
      }),
      page('member page /myPage (document + 2 reads)', ['/myPage', ...MEMBER_READS, '/api/notifications/settings'], member.browser, false, {
        requests: 3,
        steps: 3,
      }),
      page(`visitor page /stock/{id}, cache misses (${fmt(all.length)} companies in turn)`, allPages, {}, true),
      // The same walk as a browser or a crawler asks for it: a stored page is then sent as stored (its
      // gzip stream with the answer's nonce), where the row above, sending no Accept-Encoding, has
      // each page unzipped for it. The minimal page compresses nothing for either.
      page(
        `visitor page /stock/{id}, cache misses, as a browser asks (Accept-Encoding: ${BROWSER_ENCODINGS})`,
        allPages,
        { 'accept-encoding': BROWSER_ENCODINGS },
        true,
      ),
      call('member API: stock profile', '/profile'),
      call('member API: search `비상`', '/search'),
      call("member API: a company's listings", '/listings'),
      call('member API: my listings', '/mine'),
      call('member API: favourites', '/favourites'),
    ];
    const check = async () => {
      try {
        return await signedInProblem(app.origin, member);
      } catch (error) {
        // The server is gone: what it said last is why.
        return `${error instanceof Error ? error.message : String(error)}; the server's last output:\n${app.output().slice(-4000)}`;
      }
    };
    return { comparisons, check, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
