import { dealMessages, messages, tradeMessages } from '@beesang/contract';

const allMessages = { ...messages, ...tradeMessages, ...dealMessages };
export type MessageKey = keyof typeof allMessages;

/** Errors that services throw; the HTTP layer maps them to status codes with Korean messages. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** Seconds until trying again makes sense (sent as Retry-After with 429/503). */
  readonly retryAfter: number | undefined;
  readonly fields: Record<string, string> | undefined;
  constructor(statusCode: number, key: MessageKey, code?: string, extra: { retryAfter?: number; fields?: Record<string, string> } = {}) {
    super(allMessages[key]);
    this.statusCode = statusCode;
    this.code = code ?? key;
    this.retryAfter = extra.retryAfter;
    this.fields = extra.fields;
  }
}

export class NotFoundError extends AppError {
  constructor(key: MessageKey = 'notFound') {
    super(404, key, 'NOT_FOUND');
  }
}

/** A PostgreSQL unique-index violation (SQLSTATE 23505), of `constraint` when given; pg and PGlite both carry the two fields. */
export function isUniqueViolation(error: unknown, constraint?: string): error is { code: '23505'; constraint?: string } {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
