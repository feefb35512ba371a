import { type ApiError, messages } from '@beesang/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isUniqueViolation, type MessageKey } from '../lib/errors.ts';

const HANGUL = /[가-힣]/;

const byStatus: Record<number, string> = {
  400: messages.invalidInput,
  404: messages.notFound,
  405: messages.methodNotAllowed,
  413: messages.payloadTooLarge,
  415: messages.invalidInput,
  429: messages.tooManyRequests,
  503: messages.unavailable,
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function validationBody(error: FastifyError): ApiError {
  const fields: Record<string, string> = {};
  let first: string | undefined;
  for (const v of (error.validation ?? []) as ValidationIssue[]) {
    const issue = v.params?.issue;
    const raw = issue?.message ?? v.message ?? '';
    // Only our own (Korean) messages reach users; library defaults become the generic one.
    const text = HANGUL.test(raw) ? raw : messages.invalidInput;
    const key = (issue?.path?.map(String).join('.') || v.instancePath?.replace(/^\//, '').replaceAll('/', '.')) ?? '';
    const field = [error.validationContext, key].filter(Boolean).join('.');
    if (field && !fields[field]) fields[field] = text;
    first ??= text;
  }
  return { message: first ?? messages.invalidInput, code: 'BAD_REQUEST', fields };
}

/**
 * A unique index that a racing request won: 409, never 500 (issue 10 §5). The index says what was
 * taken; the SQL and the index name never reach the client.
 */
const UNIQUE_INDEXES: Record<string, { key: MessageKey; code: string }> = {
  users_email_live_idx: { key: 'emailInUse', code: 'EMAIL_IN_USE' },
  users_login_id_idx: { key: 'emailInUse', code: 'EMAIL_IN_USE' },
  users_phone_idx: { key: 'alreadyMember', code: 'FAIL_HAS_BEESANG_USER' },
  users_social_idx: { key: 'alreadyMember', code: 'FAIL_HAS_SNS_USER' },
  users_di_idx: { key: 'identityDuplicate', code: 'IDENTITY_DUPLICATE' },
};

function uniqueViolation(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  const known = typeof error.constraint === 'string' ? UNIQUE_INDEXES[error.constraint] : undefined;
  return known ? new AppError(409, known.key, known.code) : new AppError(409, 'conflict', 'CONFLICT');
}

/** One error handler: Korean, user-presentable 4xx bodies; 5xx without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError, req, reply) => {
    if (raw.validation) return reply.code(400).send(validationBody(raw));
    const error = uniqueViolation(raw) ?? raw;
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfter))));
      return reply
        .code(error.statusCode)
        .send({ message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: byStatus[status] ?? messages.invalidInput, code: error.code ?? 'BAD_REQUEST' });
    }
    req.log.error({ err: error }, 'unhandled error');
    const code = status === 503 ? 503 : 500;
    return reply.code(code).send({ message: code === 503 ? messages.unavailable : messages.serverError, code: 'SERVER_ERROR' });
  });

  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: messages.notFound, code: 'NOT_FOUND' }));
}

/**
 * Errors the router raises before any route runs (a malformed %-escape in the path): Fastify's
 * default body is English and echoes the path, so answer like every other 400.
 */
export function frameworkErrorHandler(error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  reply.code(400).send({ message: messages.invalidInput, code: error.code === 'FST_ERR_BAD_URL' ? 'BAD_URL' : 'BAD_REQUEST' });
}
