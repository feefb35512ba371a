import { adminExpertDecisionBody, adminExpertRowSchema, adminQueueQuery, envelope, errorSchema, idParam } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service.ts';
import { actorOf, requireStaff } from '../staff/staff-guard.ts';
import type { ExpertService } from './expert.service.ts';

const tags = ['admin'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** 전문가 심사's page, and when its longest-waiting claim arrived (ISO; null when empty). */
export const expertQueueSchema = z.object({
  data: z.array(adminExpertRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  oldestWaitingSince: z.string().nullable(),
});

/** 전문가 심사 (decision 0016): the queue and the decisions, for the roles of the `experts` area. */
export const adminExpertRoutes: FastifyPluginAsyncZod<{ experts: ExpertService; auth: AuthService }> = async (app, { experts, auth }) => {
  const reviewers = requireStaff(auth, 'experts');
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/experts',
    {
      onRequest: reviewers,
      schema: {
        tags,
        summary: '심사를 기다리는 PB·세무사 회원 (증빙을 낸 순; 조회 기록이 남습니다)',
        querystring: adminQueueQuery,
        response: { 200: envelope(expertQueueSchema), ...errors },
      },
    },
    async (req) => ({ result: await experts.queue(actorOf(req), req.query.page, req.query.size) }),
  );

  app.post(
    '/api/admin/expert/:id/decision',
    {
      onRequest: reviewers,
      schema: {
        tags,
        summary: '전문가 승인 또는 반려 (반려는 사유 필수, 회원에게 그대로 보임)',
        params: z.object({ id: idParam }),
        body: adminExpertDecisionBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await experts.decide(actorOf(req), req.params.id, req.body);
      return { result: true as const };
    },
  );
};
