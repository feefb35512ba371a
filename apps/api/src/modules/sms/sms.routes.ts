import { envelope, errorSchema, smsMatchBody, smsSendBody } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SmsService } from './sms.service.ts';

export const TICKET_COOKIE = 'SMS_TICKET';

/** The ticket proving a matched code: the cookie (web) or the X-Verification-Ticket header (apps). */
export function ticketOf(req: { cookies: Record<string, string | undefined>; headers: Record<string, unknown> }): string | undefined {
  const header = req.headers['x-verification-ticket'];
  return (typeof header === 'string' && header) || req.cookies[TICKET_COOKIE] || undefined;
}

export const smsRoutes: FastifyPluginAsyncZod<{ sms: SmsService; secureCookies: boolean; exposeOutbox: boolean }> = async (
  app,
  { sms, secureCookies, exposeOutbox },
) => {
  const tags = ['auth'];
  app.post(
    '/api/sms/send',
    {
      schema: {
        tags,
        summary: '인증번호 발송',
        body: smsSendBody,
        response: { 200: envelope(z.boolean()), 400: errorSchema, 429: errorSchema, 502: errorSchema },
      },
    },
    async (req, reply) => {
      await sms.send(req.body.phone, req.ip);
      return reply.header('cache-control', 'no-store').send({ result: true });
    },
  );

  app.post(
    '/api/sms/match',
    {
      schema: {
        tags,
        summary: '인증번호 확인 (일치하면 result true와 1회용 확인 티켓)',
        body: smsMatchBody,
        response: {
          200: z.object({
            result: z.boolean(),
            verificationTicket: z.string().optional(),
            code: z.string().optional(),
            message: z.string().optional(),
          }),
          400: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const outcome = await sms.match(req.body.phone, req.body.code, req.ip);
      reply.header('cache-control', 'no-store');
      if (!outcome.matched) return reply.send({ result: false, code: outcome.code, message: outcome.message });
      reply.setCookie(TICKET_COOKIE, outcome.ticket, { path: '/api', httpOnly: true, secure: secureCookies, sameSite: 'lax', maxAge: 600 });
      return reply.send({ result: true, verificationTicket: outcome.ticket });
    },
  );

  if (exposeOutbox) {
    // Development and tests only: the messages the log gateway "sent", so the flow can be finished locally.
    app.get(
      '/api/dev/sms-outbox',
      {
        schema: {
          tags: ['dev'],
          summary: '개발용 SMS 보관함 (운영 환경에는 없음)',
          querystring: smsSendBody,
          response: { 200: envelope(z.array(z.object({ phone: z.string(), text: z.string(), sentAt: z.string() }))), 400: errorSchema },
        },
      },
      async (req) => ({
        result: (await sms.outbox(req.query.phone)).map((m) => ({ phone: m.phone, text: m.text, sentAt: m.sent_at.toISOString() })),
      }),
    );
  }
};
