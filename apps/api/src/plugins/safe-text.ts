import { isUtf8 } from 'node:buffer';
import { messages, unsafeTextPath } from '@beesang/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** 400 `BAD_TEXT` for text that is not what a request may carry, naming the field it is in. */
export const badText = (field: string) => new AppError(400, 'unsafeText', 'BAD_TEXT', { fields: { [field]: messages.unsafeText } });

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a body's bytes, or 400 `BAD_TEXT` naming `field` when they are not UTF-8 (issue 21):
 * decoded leniently, `C3 28 FF` would become `�(�` and be stored, while the same mistake sent as an
 * escaped lone surrogate is refused. Overlong forms and encoded surrogates are not UTF-8 either.
 */
export function decodeUtf8(bytes: Buffer, field: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw badText(field);
  }
}

const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/** Whether every run of %-escapes in `text` (a query string, a form body) decodes to UTF-8. */
export function escapesAreUtf8(text: string): boolean {
  if (!text.includes('%')) return true;
  for (const [run] of text.matchAll(ESCAPES)) {
    if (!isUtf8(Buffer.from(run.replaceAll('%', ''), 'hex'))) return false;
  }
  return true;
}

function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key.replaceAll('+', ' '));
  } catch {
    return key; // a stray '%': named as sent
  }
}

/**
 * The first `key=value` pair of a query string or form body whose %-escapes are not UTF-8, as a
 * field name (`querystring.page`), or null when all are. The URL parser would turn them into U+FFFD
 * or keep the escapes as they are: either way not what was meant.
 */
export function badlyEscapedField(encoded: string, where: string): string | null {
  if (escapesAreUtf8(encoded)) return null;
  for (const pair of encoded.split('&')) {
    if (escapesAreUtf8(pair)) continue;
    const key = pair.split('=', 1)[0] as string;
    return escapesAreUtf8(key) ? `${where}.${decodeKey(key)}` : where;
  }
  return where;
}

function checkQueryString(req: FastifyRequest): void {
  const at = req.url.indexOf('?');
  // API calls only: a page's address with an old EUC-KR link's escapes (%B0%A1) still opens the page.
  if (at < 0 || !req.url.startsWith('/api/')) return;
  const field = badlyEscapedField(req.url.slice(at + 1), 'querystring');
  if (field !== null) throw badText(field);
}

/**
 * Every request's text, checked once before any route's own validation:
 * - bytes: a JSON or plain-text body that is not UTF-8, and %-escapes in an API call's query
 *   string that do not decode to UTF-8, get 400 `BAD_TEXT` (path parameters get the router's 400
 *   `BAD_URL`);
 * - characters: U+0000 or an unpaired surrogate anywhere in the path parameters, query or JSON body
 *   gets 400 `BAD_TEXT` with the field it is in (issue 10 §5; the rule is `unsafeTextPath` in the
 *   contract).
 * Nothing reaches a service or the database with either, whichever route it is sent to.
 */
export function registerSafeText(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      text = decodeUtf8(body as Buffer, 'body');
    } catch (error) {
      return done(error as AppError, undefined);
    }
    parseJson(req, text, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      done(null, decodeUtf8(body as Buffer, 'body'));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });

  // Callback-style hooks: an async one costs every request a promise (a cached call is a few dozen µs).
  app.addHook('onRequest', (req, _reply, done) => {
    try {
      checkQueryString(req);
      done();
    } catch (error) {
      done(error as AppError);
    }
  });

  app.addHook('preValidation', (req, _reply, done) => {
    for (const [where, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const path = unsafeTextPath(value);
      if (path === null) continue;
      return done(badText(path ? `${where}.${path}` : where));
    }
    done();
  });
}
