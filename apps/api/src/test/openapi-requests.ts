import type { InjectOptions } from 'fastify';
import { operationKey } from '../plugins/openapi-operations.ts';
import { multipartPost } from './http.ts';
import { TEST_NOW } from './test-app.ts';

/**
 * The API document as the tests read it, and requests made from it: what a generated client would
 * send. plugins/openapi.test.ts calls each operation with them to check its access, and the fuzz
 * suite starts its mutations from them.
 */

export interface Schema {
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
  $ref?: string;
}
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
export interface Response {
  description: string;
  headers?: Record<string, { schema?: Schema }>;
  content?: Record<string, { schema: Schema }>;
}
export interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
}
export interface Document {
  servers?: Array<{ url: string }>;
  security?: unknown;
  components?: { securitySchemes?: Record<string, Record<string, unknown>>; schemas?: Record<string, Schema> };
  paths: Record<string, Record<string, Operation>>;
}
export interface DocumentedOperation {
  method: string;
  path: string;
  op: Operation;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function documentedOperations(doc: Document): DocumentedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => ({ method, path, op })),
  );
}

/** A value the schema accepts, for the probes: the first choice, the smallest number, a known pattern's example. */
const PATTERN_SAMPLES: Record<string, string> = {
  '^010\\d{8}$': '01012345678',
  '^(19|20)\\d{6}$': '19900101',
  '^[가-힣a-zA-Z]+$': '비상회원',
  '^\\/.*': '/',
  '^\\d{4}-\\d{2}-\\d{2}$': '2026-11-20',
  '^\\d{6}$': '123456',
};

/** A 1×1 PNG: what a binary (file) field gets. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export function sample(schema: Schema, where: string): unknown {
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
      if (schema.format === 'date') return '2019-04-01';
      if (schema.format === 'binary') return TINY_PNG;
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
  // A dry run: the import's sample file is a header only, which is a problem to report, not to write.
  'POST /api/admin/company/import': { body: { companies: Buffer.from('code,name\n') } },
};

export type Request = InjectOptions & { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; headers: Record<string, string> };

/** The body the operation's schema describes, filled in with `sample` and the known SAMPLES. */
export function sampleBody(method: string, path: string, op: Operation): { type: string; value: Record<string, unknown> } | undefined {
  const [type, body] = Object.entries(op.requestBody?.required ? op.requestBody.content : {})[0] ?? [];
  if (!type || !body) return undefined;
  const given = SAMPLES[operationKey(method, path)]?.body;
  return { type, value: { ...(sample(body.schema, `${method} ${path} body`) as object), ...given } };
}

/** The request a generated client sends with the body and path values `sample` picks. */
export function requestFor(method: string, path: string, op: Operation): Request {
  const params = op.parameters ?? [];
  const given = SAMPLES[operationKey(method, path)] ?? {};
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    return encodeURIComponent(String(given.path?.[name] ?? sample(p?.schema ?? {}, `${path} {${name}}`)));
  });
  const query = new URLSearchParams(
    params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema, `${path} ?${p.name}`))]),
  );
  const target = query.size > 0 ? `${url}?${query}` : url;
  const verb = method.toUpperCase() as Request['method'];
  const body = sampleBody(method, path, op);
  if (!body) return { method: verb, url: target, headers: {} };
  if (body.type === 'multipart/form-data') {
    const parts = Object.entries(body.value).map(([field, value]) => ({
      field,
      filename: Buffer.isBuffer(value) ? `${field}.bin` : '',
      type: Buffer.isBuffer(value) ? 'application/octet-stream' : 'text/plain',
      bytes: Buffer.isBuffer(value) ? value : Buffer.from(String(value)),
    }));
    const multipart = multipartPost(target, parts);
    return { ...multipart, method: verb, url: target, headers: multipart.headers as Record<string, string> };
  }
  if (body.type === 'application/x-www-form-urlencoded') {
    const payload = new URLSearchParams(Object.entries(body.value).map(([k, v]) => [k, String(v)])).toString();
    return { method: verb, url: target, headers: { 'content-type': body.type }, payload };
  }
  return { method: verb, url: target, headers: {}, payload: body.value };
}
