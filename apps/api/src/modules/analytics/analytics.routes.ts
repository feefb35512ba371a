import { errorSchema, pageViewBody } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsService } from './analytics.service.ts';

/** First-party page-view events: the web app reports every route change here. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (app, { analytics }) => {
  app.post(
    '/api/analytics/page-view',
    {
      schema: { tags: ['analytics'], summary: '페이지 조회 기록', body: pageViewBody, response: { 204: z.null(), 400: errorSchema } },
    },
    async (req, reply) => {
      await analytics.recordPageView(req.body.path, req.body.referrer);
      return reply.code(204).send(null);
    },
  );
};
