import { errorSchema, pageViewBody } from '@beesang/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyedHash, randomToken, safeEqual } from '../../lib/crypto.ts';
import { type AnalyticsService, isKnownBot, type Visitor } from './analytics.service.ts';

/** A first-party visitor id, signed so that a script cannot mint fresh ones without asking us. */
export const VISITOR_COOKIE = 'BSV';
const YEAR_SECONDS = 365 * 86_400;

/** First-party page-view events: the web app reports every route change here. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService; secret: string; secureCookies: boolean }> = async (
  app,
  { analytics, secret, secureCookies },
) => {
  const sign = (id: string) => keyedHash(secret, 'visitor', id).slice(0, 22);

  /** The visitor behind a view: the signed cookie when it is genuine, else address and agent. */
  function visitorOf(req: FastifyRequest, reply: FastifyReply): Visitor {
    const agent = req.headers['user-agent'];
    const address = keyedHash(secret, 'view-address', req.ip).slice(0, 32);
    const [id, signature] = (req.cookies[VISITOR_COOKIE] ?? '').split('.');
    if (id && signature && safeEqual(signature, sign(id))) return { keys: [`c${id}`], address, bot: isKnownBot(agent) };
    const fresh = randomToken().slice(0, 22);
    reply.setCookie(VISITOR_COOKIE, `${fresh}.${sign(fresh)}`, {
      path: '/',
      maxAge: YEAR_SECONDS,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
    });
    const hashed = `h${keyedHash(secret, 'view-agent', `${req.ip}\n${agent ?? ''}`).slice(0, 32)}`;
    return { keys: [`c${fresh}`, hashed], address, bot: isKnownBot(agent) };
  }

  app.post(
    '/api/analytics/page-view',
    {
      schema: { tags: ['analytics'], summary: '페이지 조회 기록', body: pageViewBody, response: { 204: z.null(), 400: errorSchema } },
    },
    async (req, reply) => {
      await analytics.recordPageView(req.body.path, req.body.referrer, visitorOf(req, reply));
      return reply.code(204).send(null);
    },
  );
};
