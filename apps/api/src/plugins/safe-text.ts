import { messages, unsafeTextPath } from '@beesang/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * Every request's strings (path parameters, query, JSON body), checked once before any route's own
 * validation: U+0000 or an unpaired surrogate anywhere gets 400 `BAD_TEXT` with the field it is in
 * (issue 10 §5; the rule is `unsafeTextPath` in the contract). Nothing reaches a service or the
 * database with it, whichever route it is sent to.
 */
export function registerSafeText(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const path = unsafeTextPath(value);
      if (path === null) continue;
      const field = path ? `${where}.${path}` : where;
      throw new AppError(400, 'unsafeText', 'BAD_TEXT', { fields: { [field]: messages.unsafeText } });
    }
  });
}
