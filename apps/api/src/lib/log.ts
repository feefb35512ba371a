import type { FastifyRequest } from 'fastify';

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
