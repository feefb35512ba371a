import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ACCESS_COOKIE } from './auth.ts';
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

interface Operation {
  operationId?: string;
  security?: Requirement[];
  parameters?: unknown[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { nullable?: boolean } }> };
  responses?: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

type Document = { paths?: Record<string, Record<string, unknown> | undefined> } & Record<string, unknown>;

/** The error body every 4xx carries (plugins/errors.ts), for the answers the guards give. */
const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { message: { type: 'string' }, code: { type: 'string' } },
        required: ['message', 'code'],
      },
    },
  },
});

/** What a generated client must not be told: a body it has to send that may be left out, content on a 204 or a redirect. */
function correctShapes(operation: Operation) {
  const bodies = Object.values(operation.requestBody?.content ?? {});
  if (operation.requestBody && bodies.length > 0 && bodies.every((b) => b.schema?.nullable)) operation.requestBody.required = false;
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (status === '204' || status.startsWith('3')) delete response.content;
  }
}

/**
 * Names every operation and says how to call it (plugins/openapi-operations.ts), and documents the
 * answers every route gives without declaring them: 400 for input its schemas refuse, 401 and 403
 * from the member and staff guards.
 */
export function finishDocument<T extends Document>(document: T): T {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!METHODS.has(method)) continue;
      const operation = value as Operation;
      const { id, access } = operationInfo(method, path);
      operation.operationId = id;
      operation.security = securityFor(access);
      correctShapes(operation);
      operation.responses ??= {};
      const responses = operation.responses;
      if (operation.parameters?.length || operation.requestBody)
        responses['400'] ??= errorResponse('입력값이 올바르지 않습니다 (fields에 항목별 이유).');
      if (access === 'member' || access === 'staff') {
        responses['401'] ??= errorResponse('로그인이 필요합니다 (토큰이 없거나 만료됨). 응답의 message를 보여 주세요.');
        responses['403'] ??= errorResponse(
          access === 'staff' ? '이 작업을 할 운영 권한이 없거나, 이용이 정지된 회원입니다.' : '이용이 정지된 회원입니다 (SUSPENDED).',
        );
      }
    }
  }
  return document;
}

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
    transform: jsonSchemaTransform,
    transformObject: (object) =>
      'openapiObject' in object ? (finishDocument(object.openapiObject as Document) as typeof object.openapiObject) : object.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
