import { envelope, errorSchema, idParam, reportBody, reportResultSchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../db/idempotency.ts';
import { requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Limits } from '../limits/limits.ts';
import type { ReportService } from './report.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };
const params = z.object({ id: idParam });

export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService; auth: AuthService; limits: Limits }> = async (
  app,
  { reports, auth, limits },
) => {
  const member = requireMember(auth);
  for (const kind of ['trade', 'opinion'] as const) {
    app.post(
      `/api/accuse/${kind}/:id`,
      {
        onRequest: member,
        preHandler: limits.perMember('reports'),
        schema: {
          tags: ['report'],
          summary: kind === 'trade' ? '매물 신고 (회원당 한 번, Idempotency-Key 지원)' : '의견 신고 (회원당 한 번, Idempotency-Key 지원)',
          params,
          body: reportBody,
          response: { 200: envelope(reportResultSchema), ...errors },
        },
      },
      async (req) => ({
        result: await reports.report(req.member!.id, kind, req.params.id, req.body, idempotencyKeyOf(req.headers['idempotency-key'])),
      }),
    );
  }
};
