import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ABUSE_LIMITS, type StaffRole } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../db/seed/random.ts';
import { ACCESS_COOKIE } from '../plugins/auth.ts';
import { operationKey } from '../plugins/openapi-operations.ts';
import { badBody, badValue, encode, multipartBody } from './fuzz-inputs.ts';
import { createMember } from './members.ts';
import { type Document, documentedOperations, type Operation, requestFor, sampleBody } from './openapi-requests.ts';
import { createTestApp, HANGUL, type TestApp } from './test-app.ts';

/**
 * SECURITY.md §Bad input and issue 21: every operation of /api/docs/json (the console's included)
 * and the routes the document hides, called as a visitor, a member and each staff role with the
 * requests a generated client sends and with generated bad input — impossible dates, bytes that are
 * not UTF-8, malformed JSON and multipart — answers 4xx (or a harmless 2xx or redirect) with a
 * Korean message: never a 5xx, never a stack trace. Every status an operation answered must be one
 * the document lists for it. Deterministic: set FUZZ_SEED to replay another run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261120);
/** Bad requests per operation, shared by the five callers: ~17,000 in all, 20–30 s on two shared cores. */
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 160);

type Caller = 'visitor' | 'member' | StaffRole;
const CALLERS: Caller[] = ['visitor', 'member', 'EDITOR', 'MODERATOR', 'ADMIN'];
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Target {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  op?: Operation;
  pathParams: string[];
  query: string[];
  /** The body the document describes: its content type, a well-formed value and its fields. */
  body?: { type: string; shape: Record<string, unknown>; fields: string[] };
  /** Appended to a bad path value half the time, so that it reaches the checks after the file extension. */
  suffixes?: Record<string, string>;
}

/** Routes the OpenAPI document hides, fuzzed all the same (their answers are not compared with it). */
const HIDDEN: Target[] = [
  { method: 'GET', path: '/media/logos/{file}', pathParams: ['file'], query: [], suffixes: { file: '.svg' } },
  { method: 'GET', path: '/media/og/stock/{id}', pathParams: ['id'], query: [], suffixes: { id: '.png' } },
  { method: 'GET', path: '/uploads/{name}', pathParams: ['name'], query: [], suffixes: { name: '.webp' } },
  { method: 'GET', path: '/healthz', pathParams: [], query: [] },
  { method: 'GET', path: '/readyz', pathParams: [], query: [] },
  { method: 'GET', path: '/robots.txt', pathParams: [], query: [] },
  { method: 'GET', path: '/sitemap.xml', pathParams: [], query: [] },
  { method: 'GET', path: '/api/{rest}', pathParams: ['rest'], query: [] },
  { method: 'POST', path: '/api/{rest}', pathParams: ['rest'], query: [] },
  { method: 'GET', path: '/api/docs/{rest}', pathParams: ['rest'], query: [] },
];

const VALID: Record<string, string> = {
  keyword: '비상',
  period: 'HIGH_UP',
  count: '5',
  file: '900004.svg',
  name: 'x.webp',
  rest: 'nothing',
  kind: 'notice',
  targetType: 'TRADE',
  provider: 'kakao',
};

function targetOf(doc: Document, path: string, method: string): Target {
  const op = doc.paths[path]?.[method] as Operation;
  const params = op.parameters ?? [];
  const sampled = sampleBody(method, path, op);
  const schema = sampled && op.requestBody?.content[sampled.type]?.schema;
  return {
    method: method.toUpperCase() as Target['method'],
    path,
    op,
    pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
    query: params.filter((p) => p.in === 'query').map((p) => p.name),
    ...(sampled && { body: { type: sampled.type, shape: sampled.value, fields: Object.keys(schema?.properties ?? {}) } }),
  };
}

let t: TestApp;
let limited: TestApp;
let uploads: string;
let targets: Target[] = [];
/** Per caller, the headers that sign a request in (none for the visitor). */
let signed: Record<Caller, Record<string, string>>;
/** What each documented operation answered: `METHOD /path` → status → one request that got it. */
const answered = new Map<string, Map<number, string>>();
const calledBy = new Set<string>();
/** What went wrong in the test running now (each test starts with none). */
let problems = { serverErrors: [] as string[], stackTraces: [] as string[], notKorean: [] as string[] };
let tried = 0;
let serverErrors = 0;

/** Every limit out of the way: a 429 in front of a route would hide a 5xx behind it (the limits pass has its own app). */
const NO_LIMITS = Object.fromEntries(Object.keys(ABUSE_LIMITS).map((name) => [name, { max: 1_000_000_000, windowMs: 60_000 }]));
const ONE_EACH = Object.fromEntries(Object.keys(ABUSE_LIMITS).map((name) => [name, { max: 1, windowMs: 3_600_000 }]));

/**
 * Fresh callers for each operation: some operations end the session they are called with, revoke a
 * member's sessions, change a role or sanction someone, and the next operation must still be called
 * by a member and by each staff role.
 */
async function freshCallers(app: TestApp, callers: readonly Caller[] = CALLERS): Promise<Record<Caller, Record<string, string>>> {
  const headers = { visitor: {} } as Record<Caller, Record<string, string>>;
  for (const caller of callers.filter((c) => c !== 'visitor')) {
    const m = await createMember(app);
    if (caller !== 'member') await app.db.updateTable('users').set({ staff_role: caller }).where('id', '=', m.id).execute();
    headers[caller] = m.headers;
  }
  return headers;
}

const STACK = /\bat\s+\S*\s*\(?(?:file:\/\/|node:|\/)[^)\s]*:\d+|\.(?:ts|js|mjs|cjs):\d+:\d+|node_modules|\/work\//;

function messageOf(body: string): string | undefined {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

function describeRequest(request: InjectOptions & { url: string }): string {
  const payload = request.payload === undefined ? '' : Buffer.isBuffer(request.payload) ? request.payload : JSON.stringify(request.payload);
  const shown = Buffer.isBuffer(payload) ? JSON.stringify(payload.subarray(0, 80).toString('latin1')) : String(payload).slice(0, 80);
  return `${request.method} ${request.url.slice(0, 120)}${shown ? ` ${shown}` : ''}`;
}

/** Sends, and checks and records the answer: no 5xx, no stack trace, a Korean message on every 4xx. */
async function send(app: TestApp, target: Target, caller: Caller, request: InjectOptions & { url: string }) {
  tried++;
  const res = await app.app.inject(request);
  const where = `${caller}: ${describeRequest(request)}`;
  if (res.statusCode >= 500) {
    serverErrors++;
    problems.serverErrors.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
  }
  const binary = /^image\//.test(res.headers['content-type']?.toString() ?? '');
  if (!binary && STACK.test(res.body)) problems.stackTraces.push(`${where}: ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400) {
    const message = messageOf(res.body);
    if (message === undefined || !HANGUL.test(message)) problems.notKorean.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
  }
  if (!target.op) return res;
  const key = operationKey(target.method, target.path);
  calledBy.add(`${key} ${caller}`);
  const seen = answered.get(key) ?? new Map<number, string>();
  if (!seen.has(res.statusCode)) seen.set(res.statusCode, where);
  answered.set(key, seen);
  return res;
}

/** A generated bad request for `target` from `caller`. */
function badRequest(random: Random, target: Target, caller: Caller): InjectOptions & { url: string } {
  const pathValues = Object.fromEntries(target.pathParams.map((p) => [p, VALID[p] ?? '1']));
  const query: Array<[string, string]> = [];
  const places = [...target.pathParams.map((p) => ['path', p] as const), ...target.query.map((q) => ['query', q] as const)];
  const mutations = places.length === 0 || (target.body && random.chance(0.5)) ? 0 : random.int(1, Math.min(3, places.length));
  for (let i = 0; i < mutations; i++) {
    const [where, name] = random.pick(places);
    if (where === 'path') {
      const suffix = target.suffixes?.[name];
      pathValues[name] = badValue(random) + (suffix && random.chance(0.5) ? suffix : '');
    } else {
      query.push([name, badValue(random)]);
      if (random.chance(0.1)) query.push([name, badValue(random)]);
    }
  }
  if (places.length === 0 || random.chance(0.15))
    query.push([random.pick(['__proto__', 'constructor', 'x', 'page[]', '', ...target.query]), badValue(random)]);
  let url = target.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(random, pathValues[name] ?? ''));
  if (query.length > 0) url += `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encode(random, v)}`).join('&')}`;

  const headers: Record<string, string> = { ...signed[caller] };
  if (caller === 'visitor' && random.chance(0.1)) headers.authorization = random.pick(['Bearer x.y.z', 'Bearer ', 'Basic Zm9vOmJhcg==']);
  // A signed-in browser's write from another site: the Origin check's 403.
  if (headers.authorization && WRITES.has(target.method) && random.chance(0.05)) {
    headers.cookie = `${ACCESS_COOKIE}=${headers.authorization.slice(7)}`;
    headers.origin = 'https://evil.example';
    delete headers.authorization;
  }
  if (random.chance(0.1)) headers['idempotency-key'] = badValue(random);
  const withBody = target.body !== undefined || (WRITES.has(target.method) && random.chance(0.3));
  if (!withBody) return { method: target.method, url, headers };
  const shape = target.body?.shape ?? {};
  const fields = target.body?.fields ?? [];
  const { payload, contentType } =
    target.body?.type === 'multipart/form-data' && random.chance(0.7) ? multipartBody(random, fields) : badBody(random, shape, fields);
  return { method: target.method, url, payload, headers: contentType ? { ...headers, 'content-type': contentType } : headers };
}

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'beesang-fuzz-uploads-'));
  t = await createTestApp({ limits: { rules: NO_LIMITS }, config: { uploadDir: uploads } });
  limited = await createTestApp({ seed: false, limits: { rules: ONE_EACH }, config: { uploadDir: uploads } });
  const doc = (await t.app.inject('/api/docs/json')).json() as Document;
  targets = [...documentedOperations(doc).map(({ method, path }) => targetOf(doc, path, method)), ...HIDDEN];
});

afterAll(async () => {
  const pairs = [...answered.values()].reduce((n, statuses) => n + statuses.size, 0);
  console.log(
    `bad inputs tried / 5xx seen: ${tried} / ${serverErrors} (seed ${SEED}, ${targets.length} operations, ${CALLERS.length} callers)`,
  );
  console.log(`(operation, status) answers compared with the document: ${pairs}`);
  // FUZZ_REPORT=1: what each operation answered, to see what the generator reaches.
  if (process.env.FUZZ_REPORT) for (const [key, statuses] of answered) console.log(`${key}: ${[...statuses.keys()].sort().join(' ')}`);
  await t?.close();
  await limited?.close();
  if (uploads) rmSync(uploads, { recursive: true, force: true });
});

const documented = () => targets.filter((target): target is Target & { op: Operation } => target.op !== undefined);

describe('fuzzing every operation as every kind of caller (SECURITY.md 14, issue 21)', () => {
  beforeEach(() => {
    problems = { serverErrors: [], stackTraces: [], notKorean: [] };
  });

  it('finds the documented operations, the console and the upload among them', () => {
    expect(documented().length).toBeGreaterThan(80);
    expect(documented().map((d) => operationKey(d.method, d.path))).toEqual(
      expect.arrayContaining(['POST /api/upload/image', 'PATCH /api/admin/company/{companyIdx}', 'POST /api/admin/company/import']),
    );
  });

  it('answers the requests a generated client sends, as each caller', async () => {
    for (const target of documented()) {
      signed = await freshCallers(t);
      const request = requestFor(target.method, target.path, target.op);
      for (const caller of CALLERS) await send(t, target, caller, { ...request, headers: { ...request.headers, ...signed[caller] } });
      // A body past the size limit, to every write.
      if (WRITES.has(target.method))
        await send(t, target, 'visitor', {
          ...request,
          payload: Buffer.alloc(1_048_577, 0x20),
          headers: { 'content-type': 'application/json' },
        });
    }
    expect(problems.serverErrors.slice(0, 10)).toEqual([]);
  });

  it('never answers 5xx to bad input, never leaks a stack trace, and explains every 4xx in Korean', async () => {
    const random = createRandom(SEED);
    for (const target of targets) {
      signed = await freshCallers(t);
      for (let i = 0; i < PER_OPERATION; i++) {
        const caller = CALLERS[i % CALLERS.length] as Caller;
        await send(t, target, caller, badRequest(random, target, caller));
      }
    }
    expect(problems.serverErrors.slice(0, 10)).toEqual([]);
    expect(problems.stackTraces.slice(0, 10)).toEqual([]);
    expect(problems.notKorean.slice(0, 10)).toEqual([]);
    expect(serverErrors).toBe(0);
    const refused = [...answered.values()].reduce((n, m) => n + [...m.keys()].filter((s) => s >= 400).length, 0);
    expect(refused).toBeGreaterThan(documented().length);
  }, 240_000);

  it('answers 429 with Retry-After once a limit is used up', async () => {
    let limitedAnswers = 0;
    for (const target of documented()) {
      const callers = ['visitor', 'member'] as const;
      signed = await freshCallers(limited, callers);
      const request = requestFor(target.method, target.path, target.op);
      for (const caller of callers) {
        for (let i = 0; i < 3; i++) {
          const res = await send(limited, target, caller, { ...request, headers: { ...request.headers, ...signed[caller] } });
          if (res.statusCode === 429) {
            limitedAnswers++;
            expect(Number(res.headers['retry-after']), describeRequest(request)).toBeGreaterThanOrEqual(1);
          }
        }
      }
    }
    expect(answered.get('POST /api/trade/sell')?.has(429)).toBe(true);
    expect(limitedAnswers).toBeGreaterThan(5);
    expect(problems.serverErrors.slice(0, 10)).toEqual([]);
  });

  it('answered only what the document lists, for every operation and every caller', () => {
    const uncalled = documented().flatMap((d) =>
      CALLERS.filter((c) => !calledBy.has(`${operationKey(d.method, d.path)} ${c}`)).map((c) => `${d.method} ${d.path} as ${c}`),
    );
    expect(uncalled).toEqual([]);
    const unlisted: string[] = [];
    for (const target of documented()) {
      const listed = new Set(Object.keys(target.op.responses));
      for (const [status, example] of answered.get(operationKey(target.method, target.path)) ?? []) {
        if (!listed.has(String(status))) unlisted.push(`${target.method} ${target.path} answered ${status}, e.g. ${example}`);
      }
    }
    expect(unlisted, 'list these in the document (plugins/openapi.ts derives most; a route declares its own)').toEqual([]);
  });
});
