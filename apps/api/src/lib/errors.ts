import { messages } from '@beesang/contract';

export type MessageKey = keyof typeof messages;

/** Errors that services throw; the HTTP layer maps them to status codes with Korean messages. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, key: MessageKey, code?: string) {
    super(messages[key]);
    this.statusCode = statusCode;
    this.code = code ?? key;
  }
}

export class NotFoundError extends AppError {
  constructor(key: MessageKey = 'notFound') {
    super(404, key, 'NOT_FOUND');
  }
}
