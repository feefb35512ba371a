import { ABUSE_LIMITS } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../db/seed/random.ts';
import { createMember } from './members.ts';
import { createTestApp, HANGUL, type TestApp } from './test-app.ts';

/**
 * SECURITY.md §Bad input: every route, fed generated bad input, answers 4xx (or a harmless 2xx)
 * with a Korean message — never a 5xx and never a stack trace. Deterministic: set FUZZ_SEED to
 * replay another run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261120);
const PER_ROUTE = 200;

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  query: string[];
  body: boolean;
  /** Appended to a bad path value half the time, so that it reaches the checks after the file extension. */
  suffixes?: Record<string, string>;
}

/** Routes the OpenAPI document hides, fuzzed all the same. */
const HIDDEN_ROUTES: Route[] = [
  { method: 'GET', path: '/media/logos/{file}', pathParams: ['file'], query: [], body: false, suffixes: { file: '.svg' } },
  { method: 'GET', path: '/media/og/stock/{id}', pathParams: ['id'], query: [], body: false, suffixes: { id: '.png' } },
  { method: 'GET', path: '/healthz', pathParams: [], query: [], body: false },
  { method: 'GET', path: '/readyz', pathParams: [], query: [], body: false },
  { method: 'GET', path: '/robots.txt', pathParams: [], query: [], body: false },
  { method: 'GET', path: '/sitemap.xml', pathParams: [], query: [], body: false },
  { method: 'GET', path: '/api/{rest}', pathParams: ['rest'], query: [], body: false },
  { method: 'GET', path: '/api/docs/{rest}', pathParams: ['rest'], query: [], body: false },
];

const VALID: Record<string, string> = {
  keyword: '비상',
  period: 'HIGH_UP',
  count: '5',
  id: '1',
  file: '900004.svg',
  rest: 'nothing',
  tradeIdx: '1',
  companyIdx: '1',
  opinionIdx: '1',
  page: '1',
};

/** Well-formed bodies of the marketplace routes: the fuzzer breaks one field at a time. */
const SHAPES: Array<Record<string, unknown>> = [
  { companyIdx: 1, stockCount: 10, stockPerPrice: 1000, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: true },
  { finishedPrice: 1000 },
  { reason: 10, detail: '허위 매물' },
  { companyIdx: 1, content: '의견' },
  { interestingStockList: [1, 2] },
  { stockTradeProofImageUrl: '/uploads/x.webp', proofType: 'BANK' },
  { officeName: '비상세무회계', officeDept: '세무팀', introduction: '소개', expertName: '김전문' },
  { socialType: 1, userId: 'fuzz@example.com', userPassword: 'password!', deviceType: 3, userDeviceId: '', fcmDeviceToken: '' },
];
const WEIRD: unknown[] = [null, -1, 0, 1.5, 2 ** 53 + 1, 1e308, '1', '', true, [], {}, [1, 'x'], { $gt: 0 }, 'x'.repeat(5000)];

const FIXED = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '+1',
  '1.5',
  '1e3',
  '1e308',
  '-1e308',
  '0x1F',
  '0b11',
  '1_000',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '9'.repeat(40),
  '٣',
  '１２３',
  "' OR '1'='1",
  '1; DROP TABLE companies; --',
  "1' UNION SELECT password_hash FROM users --",
  '"; select pg_sleep(5); --',
  '\\',
  '%',
  '%00',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '/etc/passwd',
  'file:///etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  'TODAY',
  'today',
  '1M',
  'VC',
  'ㅂㅅ',
  '비상테크',
  '🚀🚀🚀',
  '\u202Eevil',
  '\u200B',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\ud800',
  'A'.repeat(2_000),
  '가'.repeat(200),
];

// NUL and lone surrogates (issue 10 §5) among the rest: every route must refuse them with a 400.
const ALPHABET = 'abcXYZ019 -_.~!*\'();:@&=+$,/?#[]%"<>\\^`{|}가나ㅂㅅ😀\u0000\ud800-\udfff\t\n';

function randomString(random: Random, max: number): string {
  const chars = Array.from(ALPHABET);
  let out = '';
  const length = random.int(0, max);
  for (let i = 0; i < length; i++) out += random.pick(chars);
  return out;
}

function badValue(random: Random): string {
  switch (random.int(0, 5)) {
    case 0:
    case 1:
      return random.pick(FIXED);
    case 2:
      return randomString(random, 40);
    case 3:
      return String(random.pick([-1, 1]) * Math.floor(random.next() * 10 ** random.int(0, 25)));
    case 4:
      return random.pick(FIXED) + randomString(random, 8);
    default:
      return String(random.int(-5, 5) + random.pick([0, 2_147_483_647, 987_654]));
  }
}

/** Percent-encodes, or — now and then — sends raw, possibly invalid, escapes. */
function encode(random: Random, value: string): string {
  if (random.chance(0.08)) {
    return Array.from({ length: random.int(1, 6) }, () => `%${random.int(0, 255).toString(16).padStart(2, '0')}`).join('');
  }
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: invalid UTF-8
  }
}

function badBody(random: Random): { payload: string; contentType: string } {
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  switch (random.int(0, 9)) {
    case 0:
      return json({ path: badValue(random) });
    case 1:
      return json({ path: `/${badValue(random)}`, referrer: badValue(random) });
    case 2:
      return json({ path: `/stock/${badValue(random)}` });
    case 3:
      return json(random.pick([null, 0, -1, 'x', [], [{ path: '/' }], true, { path: { $ne: null } }, { path: ['/', '/'] }]));
    case 4: {
      let nested: unknown = { path: '/' };
      for (let i = 0; i < random.int(1, 200); i++) nested = { path: nested };
      return json(nested);
    }
    case 5:
      return { payload: randomString(random, 80), contentType: 'application/json' };
    case 6:
      return { payload: randomString(random, 40), contentType: random.pick(['text/plain', 'application/xml', 'multipart/form-data', '']) };
    case 7:
      return json({ path: '/', referrer: random.pick(['x'.repeat(501), '\u0000', 5, null, { a: 1 }]) });
    default: {
      const shape = { ...random.pick(SHAPES) };
      const field = random.pick([...Object.keys(shape), 'tradeStatus', 'userIdx', '__proto__']);
      shape[field] = random.chance(0.5) ? random.pick(WEIRD) : badValue(random);
      return json(shape);
    }
  }
}

function buildRequest(random: Random, route: Route) {
  const pathValues = Object.fromEntries(route.pathParams.map((p) => [p, VALID[p] ?? '1']));
  const query: Array<[string, string]> = [];
  const targets = [...route.pathParams.map((p) => ['path', p] as const), ...route.query.map((q) => ['query', q] as const)];
  const mutations = targets.length === 0 ? 0 : random.int(1, Math.min(3, targets.length));
  for (let i = 0; i < mutations; i++) {
    const [where, name] = random.pick(targets);
    if (where === 'path') {
      const suffix = route.suffixes?.[name];
      pathValues[name] = badValue(random) + (suffix && random.chance(0.5) ? suffix : '');
    } else {
      query.push([name, badValue(random)]);
      if (random.chance(0.1)) query.push([name, badValue(random)]);
    }
  }
  if (targets.length === 0 || random.chance(0.2))
    query.push([random.pick(['__proto__', 'constructor', 'x', 'page[]', '']), badValue(random)]);
  let url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(random, pathValues[name] ?? ''));
  if (query.length > 0) url += `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encode(random, v)}`).join('&')}`;
  // Half the requests come from a signed-in, verified member, so that member-only routes reach their checks.
  const auth: Record<string, string> = random.chance(0.5) ? { authorization: memberAuth } : {};
  if (random.chance(0.1)) auth['idempotency-key'] = badValue(random);
  if (!route.body) return { method: route.method, url, headers: auth };
  const { payload, contentType } = badBody(random);
  return { method: route.method, url, payload, headers: contentType ? { ...auth, 'content-type': contentType } : auth };
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

let t: TestApp;
let memberAuth = '';
let routes: Route[] = [];
let tried = 0;
let serverErrors = 0;

/** Every limit out of the way: a 429 in front of a route would hide a 5xx behind it (the limits have their own suite). */
const NO_LIMITS = Object.fromEntries(Object.keys(ABUSE_LIMITS).map((name) => [name, { max: 1_000_000_000, windowMs: 60_000 }]));

beforeAll(async () => {
  t = await createTestApp({ limits: { rules: NO_LIMITS } });
  memberAuth = (await createMember(t)).headers.authorization;
  const doc = (await t.app.inject('/api/docs/json')).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: unknown }>>;
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody !== undefined,
      });
    }
  }
  routes = [...routes, ...HIDDEN_ROUTES];
});

afterAll(async () => {
  console.log(`bad inputs tried / 5xx seen: ${tried} / ${serverErrors} (seed ${SEED}, ${routes.length} routes)`);
  await t?.close();
});

describe('fuzzing every route with bad input', () => {
  it('finds the documented routes', () => {
    expect(routes.filter((r) => r.method === 'POST').length).toBeGreaterThan(0);
    expect(routes.length).toBeGreaterThan(20);
  });

  it('never answers 5xx, never leaks a stack trace, and explains every 4xx in Korean', async () => {
    const random = createRandom(SEED);
    const problems = { serverErrors: [] as string[], stackTraces: [] as string[], notKorean: [] as string[] };
    let rejected = 0;
    for (const route of routes) {
      for (let i = 0; i < PER_ROUTE; i++) {
        const request = buildRequest(random, route);
        tried++;
        const res = await t.app.inject(request);
        const where = `${request.method} ${request.url.slice(0, 120)}${'payload' in request ? ` ${String(request.payload).slice(0, 80)}` : ''}`;
        if (res.statusCode >= 500) {
          serverErrors++;
          problems.serverErrors.push(`${res.statusCode} ${where}`);
        }
        const binary = res.headers['content-type']?.toString().startsWith('image/png');
        if (!binary && STACK.test(res.body)) problems.stackTraces.push(`${where}: ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400) {
          rejected++;
          const message = messageOf(res.body);
          if (message === undefined || !HANGUL.test(message)) problems.notKorean.push(`${res.statusCode} ${where}: ${res.body}`);
        }
      }
    }
    expect(problems.serverErrors.slice(0, 10)).toEqual([]);
    expect(problems.stackTraces.slice(0, 10)).toEqual([]);
    expect(problems.notKorean.slice(0, 10)).toEqual([]);
    expect(serverErrors).toBe(0);
    // The generator is worth something only if most of what it sends is refused.
    expect(rejected / tried).toBeGreaterThan(0.5);
  });
});
