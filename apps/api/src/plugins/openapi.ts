import { errorSchema } from '@beesang/contract';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_COOKIE } from './auth.ts';
import { hookAnswers } from './openapi-answers.ts';
import { type Access, operationInfo } from './openapi-operations.ts';

export interface OpenApiOptions {
  /** The site's address (config.publicUrl): the document's one server. */
  publicUrl: string;
  /** Serve /api/docs and /api/docs/json (config.apiDocs); off, both answer 404 like any unknown /api path. */
  enabled: boolean;
}

/** How a member proves who they are: the apps send the access token, the web has it in a cookie. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      '앱: 로그인 응답의 accessToken을 Authorization: Bearer <accessToken> 헤더로 보냅니다. 만료되면 /api/auth/refresh로 새로 받습니다.',
  },
  cookie: {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_COOKIE,
    description: '웹: 서버가 심는 HttpOnly 쿠키. 쿠키로 인증한 쓰기 요청(POST, PUT, PATCH, DELETE)은 이 사이트에서 보낸 것만 받습니다.',
  },
} as const;

type Requirement = Record<string, string[]>;
const SIGNED_IN: Requirement[] = [{ bearer: [] }, { cookie: [] }];

/** OpenAPI `security` by access: `[]` is "no credentials", `{}` among the others makes them optional. */
export function securityFor(access: Access): Requirement[] {
  if (access === 'public') return [];
  if (access === 'optional') return [...SIGNED_IN, {}];
  return SIGNED_IN;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** Methods whose requests Fastify reads a body of, whatever the route declares; also what the cookie's Origin check covers. */
const WITH_BODY = new Set(['post', 'put', 'patch', 'delete']);

/** Where the answers a route's hooks give reach finishDocument: an extension it reads and removes. */
const HOOK_ANSWERS = 'x-beesang-hook-answers';

type Schema = Record<string, unknown>;
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  operationId?: string;
  security?: Requirement[];
  parameters?: Array<{ in?: string; name?: string }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { nullable?: boolean } }> };
  responses?: Record<string, Response>;
  [HOOK_ANSWERS]?: number[];
}

type Document = {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: Record<string, Record<string, unknown> | undefined>;
} & Record<string, unknown>;

/** The one error body (plugins/errors.ts), from the contract's schema: components.schemas.ApiError. */
const API_ERROR = '#/components/schemas/ApiError';
function apiErrorComponent(): Schema {
  const { $schema: _, ...schema } = z.toJSONSchema(errorSchema, { target: 'openapi-3.0', io: 'output' }) as Schema;
  return schema;
}

const RETRY_AFTER = {
  'Retry-After': { description: '다시 시도해도 되는 때까지의 초', schema: { type: 'integer', minimum: 1 } },
};

/** What each error status means when the route does not say more. */
const GENERIC: Record<string, string> = {
  '400':
    '입력값이 올바르지 않습니다: 경로·쿼리·본문이 규칙에 맞지 않거나 (fields에 항목별 이유), 쓸 수 없는 문자 (NUL, 짝 없는 서로게이트, UTF-8이 아닌 바이트: BAD_TEXT)가 들어 있습니다.',
  '401': '인증에 실패했습니다. 응답의 message를 보여 주세요.',
  '403': '이 요청을 할 수 없습니다. 응답의 code와 message를 보세요.',
  '404': '대상을 찾을 수 없습니다 (NOT_FOUND).',
  '409': '지금 상태와 맞지 않거나, 같은 내용을 방금 다른 요청이 먼저 처리했습니다. 새로 읽은 뒤 다시 시도하세요.',
  '410': '유효 시간이 지났습니다. 처음부터 다시 시도하세요.',
  '413': '요청 본문이나 파일이 너무 큽니다.',
  '415': '지원하지 않는 Content-Type입니다. 본문은 application/json 형식입니다.',
  '422': '같은 Idempotency-Key를 다른 내용에 썼습니다.',
  '429': '요청이 너무 많습니다. Retry-After 초 뒤에 다시 시도하세요.',
  '502': '바깥 서비스 (SMS, 본인인증, 소셜 로그인)에 연결하지 못했습니다. 잠시 후 다시 시도하세요.',
  '503': '서버가 종료·점검 중이거나 저장소를 쓸 수 없습니다. Retry-After 초 뒤에 다시 시도하세요.',
};

/** What a generated client must not be told: a body it has to send that may be left out, content on a 204 or a redirect. */
function correctShapes(operation: Operation) {
  const bodies = Object.values(operation.requestBody?.content ?? {});
  if (operation.requestBody && bodies.length > 0 && bodies.every((b) => b.schema?.nullable)) operation.requestBody.required = false;
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (status === '204' || status.startsWith('3')) delete response.content;
  }
}

/**
 * The error answers an operation can give from what its route declares, each with why: a bad query
 * string or URL on any route (400); the member and staff guards (401, 403); a path naming something
 * (404); any write, whose body Fastify reads (413, 415), which a racing request can beat to a unique
 * index (409) and which the cookie's Origin check covers (403); a limit among the route's hooks or
 * declared (429, with Retry-After); and a draining instance (503).
 */
function derivedErrors(method: string, path: string, access: Access, operation: Operation): Record<string, string> {
  const errors: Record<string, string> = { '400': GENERIC['400'] as string };
  const forbidden: string[] = [];
  if (access === 'member' || access === 'staff') {
    errors['401'] = '로그인이 필요합니다 (토큰이 없거나 만료됨). 응답의 message를 보여 주세요.';
    if (access === 'staff') forbidden.push('이 작업을 할 운영 권한이 없음 (STAFF_ONLY)');
    forbidden.push('이용이 정지된 회원 (SUSPENDED)');
  }
  if (path.includes('{')) {
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).join(', ');
    errors['404'] = `${names}에 해당하는 대상이 없습니다 (NOT_FOUND).`;
  }
  if (WITH_BODY.has(method)) {
    forbidden.push('다른 사이트에서 쿠키로 보낸 쓰기 요청 (FORBIDDEN_ORIGIN)');
    errors['409'] = GENERIC['409'] as string;
    errors['413'] = GENERIC['413'] as string;
    const types = Object.keys(operation.requestBody?.content ?? {});
    errors['415'] =
      types.length > 0 ? `지원하지 않는 Content-Type입니다. 이 요청의 본문은 ${types.join(', ')} 형식입니다.` : (GENERIC['415'] as string);
  }
  // A route that also refuses on its own (SUSPENDED at sign-in, SELF_REPORT) declares 403.
  if (forbidden.length > 0 && operation.responses?.['403'])
    forbidden.push('그 밖에 이 작업을 할 수 없는 경우 (응답의 code와 message 참고)');
  if (forbidden.length > 0) errors['403'] = `이 요청을 할 수 없습니다:\n${forbidden.map((reason) => `- ${reason}`).join('\n')}`;
  if (operation[HOOK_ANSWERS]?.includes(429) || operation.responses?.['429']) errors['429'] = GENERIC['429'] as string;
  errors['503'] = GENERIC['503'] as string;
  return errors;
}

/** Whether a declared answer's schema is the error body (or none), so that it may point at ApiError. */
function isErrorBody(response: Response): boolean {
  const schemas = Object.values(response.content ?? {}).map((c) => c.schema);
  const allowed = new Set(['message', 'code', 'fields', 'name']);
  return schemas.every((s) => !s || Object.keys((s.properties as object | undefined) ?? {}).every((k) => allowed.has(k)));
}

/** Every error answer, declared or derived, with its reason and the shared body (and Retry-After where it applies). */
function documentErrors(operation: Operation, derived: Record<string, string>) {
  operation.responses ??= {};
  const responses = operation.responses;
  const statuses = new Set([...Object.keys(responses).filter((s) => Number(s) >= 400), ...Object.keys(derived)]);
  for (const status of [...statuses].sort()) {
    const declared = responses[status];
    if (declared && !isErrorBody(declared)) continue;
    const own = declared?.description && declared.description !== 'Default Response' ? declared.description : undefined;
    responses[status] = {
      description: own ?? derived[status] ?? GENERIC[status] ?? '오류',
      ...((status === '429' || status === '503') && { headers: RETRY_AFTER }),
      content: { 'application/json': { schema: { $ref: API_ERROR } } },
    };
  }
  // Success first, then the errors in order: what a reader (and a diff) expects.
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Names every operation and says how to call it (plugins/openapi-operations.ts), and documents every
 * answer each route can give from what it declares (derivedErrors), all with the one error body.
 */
export function finishDocument<T extends Document>(document: T): T {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ApiError: apiErrorComponent() } };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!METHODS.has(method)) continue;
      const operation = value as Operation;
      const { id, access } = operationInfo(method, path);
      operation.operationId = id;
      operation.security = securityFor(access);
      correctShapes(operation);
      documentErrors(operation, derivedErrors(method, path, access, operation));
      delete operation[HOOK_ANSWERS];
    }
  }
  return document;
}

/**
 * What the document learns from the route itself besides its schemas: the multipart body it reads
 * on its own (config.multipart) and the answers its hooks give (plugins/openapi-answers.ts).
 */
const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = (out.schema ?? {}) as Schema;
  if (schema.hide) return out;
  const form = input.route.config?.multipart;
  if (form) {
    schema.body = (jsonSchemaTransform({ ...input, schema: { body: form } }).schema as Schema).body;
    schema.consumes = ['multipart/form-data'];
  }
  const answers = hookAnswers(input.route);
  if (answers.length > 0) schema[HOOK_ANSWERS] = answers;
  return { ...out, schema };
};

/**
 * OpenAPI document from the same Zod schemas that validate requests, browsable at /api/docs, with
 * the site's address as its server, the two ways to sign requests, and an id and access for every
 * operation, so that a generated client works without editing.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  // A deployment hands out its API map only when asked to (API_DOCS=1); then /api/docs is just
  // another unknown /api path.
  if (!options.enabled) return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '비상 (Beesang) API',
        version: '2.0.0',
        description:
          '비상장 주식 정보와 직거래 API. 성공 응답은 { result }, 목록은 { result: { data } } 형태이고, ' +
          '오류는 4xx와 { message, code, fields? } (한국어 message)입니다. 회원 전용 작업은 Bearer 토큰(앱) 또는 ACCESS_TOKEN 쿠키(웹)로 부릅니다.',
      },
      servers: [{ url: options.publicUrl, description: '이 서버 (PUBLIC_URL)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      // Failing closed: an operation the table does not know is documented as needing a member.
      security: SIGNED_IN,
    },
    // Paths stay as the routes declare them, whatever path the server URL has.
    stripBasePath: false,
    transform,
    transformObject: (object) =>
      'openapiObject' in object ? (finishDocument(object.openapiObject as Document) as typeof object.openapiObject) : object.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
