import { ABUSE_LIMITS } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createMember } from '../test/members.ts';
import { createTestApp, TEST_NOW, type TestApp } from '../test/test-app.ts';
import { finishDocument, securityFor } from './openapi.ts';
import { type Access, deriveOperationId, OPERATIONS, operationKey } from './openapi-operations.ts';

/**
 * Issue 13 §6: the document the mobile app's client is generated from says how to authenticate,
 * names every operation, declares only parameters that exist, and points at this site.
 */

interface Schema {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}
interface Document {
  servers?: Array<{ url: string }>;
  security?: unknown;
  components?: { securitySchemes?: Record<string, Record<string, unknown>> };
  paths: Record<string, Record<string, Operation>>;
}

const NO_LIMITS = Object.fromEntries(Object.keys(ABUSE_LIMITS).map((name) => [name, { max: 1_000_000_000, windowMs: 60_000 }]));
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

let t: TestApp;
let doc: Document;
let operations: Array<{ method: string; path: string; op: Operation }>;

beforeAll(async () => {
  t = await createTestApp({ limits: { rules: NO_LIMITS } });
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => ({ method, path, op })),
  );
});
afterAll(() => t?.close());

describe('the API document', () => {
  it('declares how members sign requests: a bearer JWT (apps) and the ACCESS_TOKEN cookie (web)', () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components?.securitySchemes?.cookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'ACCESS_TOKEN' });
    // An operation nobody classified would be documented as needing a member, never as open.
    expect(doc.security).toEqual([{ bearer: [] }, { cookie: [] }]);
  });

  it('lists every operation under a unique camelCase operationId, each named in OPERATIONS', () => {
    const unlisted = operations
      .filter(({ method, path }) => !OPERATIONS[operationKey(method, path)])
      .map(({ method, path }) => `'${operationKey(method, path)}': op('${deriveOperationId(method, path)}', '<access>')`);
    expect(unlisted, 'add these to plugins/openapi-operations.ts with a lasting name and their access').toEqual([]);

    const ids = operations.map(({ op }) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.length).toBeGreaterThan(80);
  });

  it('says for each operation what it takes: no credentials, optional credentials, or a signed-in member', () => {
    for (const { method, path, op } of operations) {
      const access = OPERATIONS[operationKey(method, path)]?.access ?? 'member';
      expect(op.security, `${method} ${path}`).toEqual(securityFor(access));
      if (access === 'member' || access === 'staff') expect(Object.keys(op.responses), `${method} ${path}`).toContain('401');
    }
    expect(securityFor('public')).toEqual([]);
    expect(securityFor('optional')).toContainEqual({});
    for (const access of ['member', 'staff'] as const) expect(securityFor(access)).toEqual([{ bearer: [] }, { cookie: [] }]);
  });

  it('declares exactly the path parameters each path has, all required', () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      if (declared.some((p) => p.required !== true)) wrong.push(`${method} ${path}: an optional path parameter`);
      const names = declared.map((p) => p.name);
      if (names.sort().join() !== inPath.sort().join()) wrong.push(`${method} ${path}: declares [${names}], has [${inPath}]`);
    }
    expect(wrong).toEqual([]);
  });

  it('names this site as its server, from PUBLIC_URL', async () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000' })]);
    const deployed = await createTestApp({ seed: false, publicUrl: 'https://beesang.example' });
    try {
      const other = (await deployed.app.inject('/api/docs/json')).json() as Document;
      expect(other.servers).toEqual([expect.objectContaining({ url: 'https://beesang.example' })]);
      // The paths stay the routes' own, whatever the server's address.
      expect(Object.keys(other.paths)).toEqual(Object.keys(doc.paths));
    } finally {
      await deployed.close();
    }
  });

  it('documents a route nobody classified as member-only, under an id made from its method and path', () => {
    const finished = finishDocument({ paths: { '/api/v2/brand/new/{companyIdx}': { post: { responses: {} } } } }) as unknown as Document;
    const op = finished.paths['/api/v2/brand/new/{companyIdx}']!.post!;
    expect(op.operationId).toBe('postBrandNewByCompanyIdx');
    expect(op.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403']));
  });
});

/** A value the schema accepts, for the probe below: the first choice, the smallest number, a known pattern's example. */
const PATTERN_SAMPLES: Record<string, string> = {
  '^010\\d{8}$': '01012345678',
  '^(19|20)\\d{6}$': '19900101',
  '^[가-힣a-zA-Z]+$': '비상회원',
  '^\\/.*': '/',
  '^\\d{4}-\\d{2}-\\d{2}$': '2026-11-20',
  '^\\d{6}$': '123456',
};

function sample(schema: Schema, where: string): unknown {
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(choices.find((c) => c.type !== 'null') ?? choices[0]!, where);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const low = (schema.minimum ?? 1) + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, where));
    case 'object': {
      // What is required, or else the first field (a PATCH must change something).
      const keys = schema.required?.length ? schema.required : Object.keys(schema.properties ?? {}).slice(0, 1);
      return Object.fromEntries(keys.map((key) => [key, sample(schema.properties?.[key] ?? {}, `${where}.${key}`)]));
    }
    case 'string': {
      if (schema.format === 'date-time') return new Date(Date.parse(TEST_NOW) + 86_400_000).toISOString();
      if (schema.format === 'uri') return 'https://beesang.example/';
      if (schema.pattern) {
        const known = PATTERN_SAMPLES[schema.pattern];
        if (known === undefined) throw new Error(`${where}: add an example of /${schema.pattern}/ to PATTERN_SAMPLES`);
        return known;
      }
      return '비상'.repeat(Math.max(1, Math.ceil((schema.minLength ?? 1) / 2)));
    }
    default:
      return 'x';
  }
}

/** Where the schema does not say enough (an e-mail checked by a refinement): values the routes accept. */
const EMAIL = 'probe@beesang.example';
const SAMPLES: Record<string, { path?: Record<string, string>; body?: Record<string, unknown> }> = {
  'GET /api/user/userId/{id}': { path: { id: EMAIL } },
  'POST /api/auth/sign-up': { body: { userId: EMAIL } },
  'POST /api/auth/sms/sign-up': { body: { userId: EMAIL } },
};

/** A request the operation's schemas accept: the guard, not the validation, is what answers. */
function requestFor(method: string, path: string, op: Operation) {
  const params = op.parameters ?? [];
  const given = SAMPLES[operationKey(method, path)] ?? {};
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    return encodeURIComponent(String(given.path?.[name] ?? sample(p?.schema ?? {}, `${path} {${name}}`)));
  });
  const query = new URLSearchParams(
    params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema, `${path} ?${p.name}`))]),
  );
  const [type, body] = Object.entries(op.requestBody?.required ? op.requestBody.content : {})[0] ?? [];
  const payload = body && { ...(sample(body.schema, `${method} ${path} body`) as object), ...given.body };
  const form = type === 'application/x-www-form-urlencoded';
  return {
    method: method.toUpperCase() as 'GET',
    url: query.size > 0 ? `${url}?${query}` : url,
    headers: form ? { 'content-type': type } : {},
    ...(payload && { payload: form ? new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString() : payload }),
  };
}

type Seen = 'open' | 'member' | 'staff' | 'unknown';

describe('the access each operation is documented with', () => {
  it('is what the route does with a visitor and with a signed-in member', async () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      const request = requestFor(method, path, op);
      // A fresh member each time: some operations end the session they are called with.
      const member = await createMember(t);
      const visitor = await t.app.inject(request);
      const signedIn = await t.app.inject({ ...request, headers: { ...request.headers, ...member.headers } });
      const codeOf = (res: typeof visitor) => (res.headers['content-type']?.toString().includes('json') ? res.json()?.code : undefined);
      const refused = (res: typeof visitor) => res.statusCode === 400 && res.json()?.fields !== undefined;
      let seen: Seen;
      if (refused(visitor) || visitor.statusCode >= 500) seen = 'unknown';
      else if (visitor.statusCode !== 401 || (signedIn.statusCode === 401 && codeOf(signedIn) === codeOf(visitor))) seen = 'open';
      else seen = signedIn.statusCode === 403 && codeOf(signedIn) === 'STAFF_ONLY' ? 'staff' : 'member';
      const access: Access = OPERATIONS[operationKey(method, path)]?.access ?? 'member';
      const expected: Seen = access === 'public' || access === 'optional' ? 'open' : access;
      if (seen !== expected) {
        wrong.push(
          `${method.toUpperCase()} ${request.url}: documented ${access}, seen ${seen} (visitor ${visitor.statusCode}, member ${signedIn.statusCode})`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('/api/docs in a deployment', () => {
  const deployed = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://beesang.example',
    AUTH_SECRET: 'k'.repeat(40),
    ALLOW_SIMULATED_PROVIDERS: '1',
  };

  it('answers 404, page and JSON alike, unless API_DOCS=1', async () => {
    const off = await createTestApp({ seed: false, config: { apiDocs: loadConfig(deployed).apiDocs } });
    const on = await createTestApp({ seed: false, config: { apiDocs: loadConfig({ ...deployed, API_DOCS: '1' }).apiDocs } });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        expect((await off.app.inject(url)).statusCode, url).toBe(404);
      }
      expect((await on.app.inject('/api/docs/json')).statusCode).toBe(200);
      expect((await on.app.inject('/api/docs')).statusCode).toBeLessThan(400);
    } finally {
      await off.close();
      await on.close();
    }
  });
});
