import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A phone number as a path segment (/api/user/userPhone/{phone}): 0 and 8 to 10 more digits. */
const PHONE_SEGMENT = /^0\d{8,10}$/;

/**
 * A request path fit for the log: no query string (codes, tokens, phone numbers ride there), phone
 * numbers masked and e-mail addresses replaced wherever a route takes them as a path segment.
 */
export function redactPath(url: string): string {
  const [path = ''] = url.split('?');
  return path
    .split('/')
    .map((segment) => {
      let text: string;
      try {
        text = decodeURIComponent(segment);
      } catch {
        return segment;
      }
      if (PHONE_SEGMENT.test(text)) return maskPhone(text);
      if (text.includes('@')) return '[email]';
      return segment;
    })
    .join('/');
}

/** Query strings and headers can carry phone numbers, codes and tokens: log paths and safe headers only. */
export const redactingSerializers = {
  req(req: FastifyRequest) {
    return { method: req.method, url: redactPath(req.url), remoteAddress: req.ip };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
};

/** 01012345678 → 010****5678 */
export function maskPhone(phone: string): string {
  return phone.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2');
}

/** Requests slower than this are logged at info even when they succeed. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request at most, instead of Fastify's two (decision 0012): at info level (the
 * production default) only requests that failed (status ≥ 400) or were slow; at debug level every
 * request. The line holds the method, the redacted path, status, duration and client address:
 * never a body, a query string, a header or a cookie. (An unhandled error's stack trace is logged
 * by the error handler, on its own line.)
 */
export class RequestLogController extends LogController {
  readonly slowMs: number;

  constructor(slowMs = SLOW_REQUEST_MS) {
    super();
    this.slowMs = slowMs;
  }

  override incomingRequest() {}

  /** A 404 gets its line from requestCompleted, like every other answer. */
  override routeNotFound() {}

  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const level = status >= 400 || ms >= this.slowMs ? 'info' : 'debug';
    // The common case (a success at info) costs one check, no object.
    if ((request.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) === false) return;
    request.log[level](
      {
        req: { method: request.method, url: redactPath(request.url), remoteAddress: request.ip },
        res: { statusCode: status },
        ms: Math.round(ms),
      },
      'request',
    );
  }
}
