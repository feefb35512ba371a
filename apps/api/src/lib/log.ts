import type { FastifyRequest } from 'fastify';

/** Query strings and headers can carry phone numbers, codes and tokens: log paths and safe headers only. */
export const redactingSerializers = {
  req(req: FastifyRequest) {
    return { method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
};

/** 01012345678 → 010****5678 */
export function maskPhone(phone: string): string {
  return phone.replace(/^(\d{3})\d+(\d{4})$/, '$1****$2');
}
