import { ABUSE_LIMITS, errorSchema, IMPORT_FILES, UPLOAD_FIELD_NAME } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createMember } from '../test/members.ts';
import { type Document, type DocumentedOperation, documentedOperations, requestFor } from '../test/openapi-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { finishDocument, securityFor } from './openapi.ts';
import { answering, hookAnswers } from './openapi-answers.ts';
import { type Access, deriveOperationId, OPERATIONS, operationKey } from './openapi-operations.ts';

/**
 * Issue 13 §6: the document the mobile app's client is generated from says how to authenticate,
 * names every operation, declares only parameters that exist, and points at this site.
 */

const NO_LIMITS = Object.fromEntries(Object.keys(ABUSE_LIMITS).map((name) => [name, { max: 1_000_000_000, windowMs: 60_000 }]));

let t: TestApp;
let doc: Document;
let operations: DocumentedOperation[];

beforeAll(async () => {
  t = await createTestApp({ limits: { rules: NO_LIMITS } });
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
  operations = documentedOperations(doc);
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

  it("documents the image upload the apps use (spec §3) and the console's CSV import as multipart/form-data", () => {
    const upload = doc.paths['/api/upload/image']?.post;
    expect(upload?.operationId).toBe('uploadImage');
    expect(upload?.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      type: 'object',
      properties: { [UPLOAD_FIELD_NAME]: { type: 'string', format: 'binary' } },
      required: [UPLOAD_FIELD_NAME],
    });
    expect(upload?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { result: { properties: { fileUrl: { type: 'string' } }, required: ['fileUrl'] } },
    });
    expect(Object.keys(upload?.responses ?? {})).toEqual(expect.arrayContaining(['400', '413', '415', '429', '503']));

    const csv = doc.paths['/api/admin/company/import']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys(csv?.properties ?? {}).sort()).toEqual([...IMPORT_FILES].sort());
    for (const field of IMPORT_FILES) expect(csv?.properties?.[field]).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('lists the answers each route can give from what it declares, all with the one error body', () => {
    expect(Object.keys(doc.components?.schemas?.ApiError?.properties ?? {}).sort()).toEqual(Object.keys(errorSchema.shape).sort());
    expect(doc.components?.schemas?.ApiError?.required).toEqual(['message', 'code']);
    const statuses = (method: string, path: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    // A limit among the route's hooks: 429 with Retry-After.
    const sell = doc.paths['/api/trade/sell']?.post;
    expect(sell?.responses['429']?.headers?.['Retry-After']?.schema).toEqual({ type: 'integer', minimum: 1 });
    // A path naming something: 404. A write: 409, 413, 415 and the Origin check's 403. A guard: 401, 403.
    expect(statuses('get', '/api/v2/notice/{id}')).toEqual(['200', '400', '404', '503']);
    expect(statuses('post', '/api/analytics/page-view')).toEqual(['204', '400', '403', '409', '413', '415', '503']);
    expect(statuses('get', '/api/admin/members')).toEqual(expect.arrayContaining(['401', '403']));
    expect(doc.paths['/api/auth/social/{provider}/authorize']?.get?.responses['404']?.description).toContain('PROVIDER_NOT_CONFIGURED');
    const wrong: string[] = [];
    for (const { method, path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        if (response.content?.['application/json']?.schema.$ref !== '#/components/schemas/ApiError')
          wrong.push(`${method} ${path} ${status}`);
        if (response.description === 'Default Response') wrong.push(`${method} ${path} ${status}: no description`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('derives 429 from a hook marked as answering it, wherever the route puts the hook', () => {
    const limit = answering(async () => {}, 429);
    expect(hookAnswers({ preHandler: [async () => {}, limit] })).toEqual([429]);
    expect(hookAnswers({ onRequest: limit })).toEqual([429]);
    expect(hookAnswers({ preValidation: [async () => {}] })).toEqual([]);
    const finished = finishDocument({
      paths: { '/api/trade/sell': { post: { 'x-beesang-hook-answers': [429], responses: { '200': { description: 'ok' } } } } },
    }) as unknown as Document;
    const op = finished.paths['/api/trade/sell']!.post!;
    expect(op.responses['429']?.headers).toHaveProperty('Retry-After');
    expect(op).not.toHaveProperty('x-beesang-hook-answers');
  });

  it('documents a route nobody classified as member-only, under an id made from its method and path', () => {
    const finished = finishDocument({ paths: { '/api/v2/brand/new/{companyIdx}': { post: { responses: {} } } } }) as unknown as Document;
    const op = finished.paths['/api/v2/brand/new/{companyIdx}']!.post!;
    expect(op.operationId).toBe('postBrandNewByCompanyIdx');
    expect(op.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403']));
  });
});

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
