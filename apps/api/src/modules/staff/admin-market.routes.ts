import {
  adminPinnedRowSchema,
  adminProofDecisionBody,
  adminQueueQuery,
  adminReportGroupSchema,
  adminReportsQuery,
  adminResolveBody,
  adminReviewItemSchema,
  adminReviewResolveBody,
  adminTopFixBody,
  envelope,
  errorSchema,
  idParam,
  pagedEnvelope,
  REPORT_TARGET_TYPES,
  tradeSchema,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service.ts';
import type { AdminMarketService } from './admin-market.service.ts';
import { actorOf, requireStaff } from './staff-guard.ts';

const tags = ['admin'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** A waiting queue's page, and when its longest-waiting item arrived (ISO; null when empty). */
const queueOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    oldestWaitingSince: z.string().nullable(),
  });
export const proofQueueSchema = queueOf(tradeSchema.extend({ ownerIdx: z.number().int() }));
export const reportQueueSchema = queueOf(adminReportGroupSchema);
export const reviewQueueSchema = queueOf(adminReviewItemSchema);

/** Share proofs (매물 인증): the pending queue and the four decisions, for moderators. */
export const adminMarketRoutes: FastifyPluginAsyncZod<{ market: AdminMarketService; auth: AuthService }> = async (
  app,
  { market, auth },
) => {
  const proofs = requireStaff(auth, 'proofs');
  const reports = requireStaff(auth, 'reports');
  const topFix = requireStaff(auth, 'topFix');
  const tradeParams = z.object({ tradeIdx: idParam });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/proofs',
    {
      onRequest: proofs,
      schema: {
        tags,
        summary: '검토를 기다리는 매물 인증 (오래된 순)',
        querystring: adminQueueQuery.extend({ status: z.literal('PENDING').default('PENDING') }),
        response: { 200: envelope(proofQueueSchema), ...errors },
      },
    },
    async (req) => ({ result: await market.proofs(req.query.page, req.query.size) }),
  );

  app.post(
    '/api/admin/trade/:tradeIdx/proof',
    {
      onRequest: proofs,
      schema: {
        tags,
        summary: '매물 인증 결정 (VERIFIED, REATTACHMENT, UNIDENTIFIED, NON_AUTHENTICITY)',
        params: z.object({ tradeIdx: idParam }),
        body: adminProofDecisionBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await market.decideProof(actorOf(req), req.params.tradeIdx, req.body.status, req.body.note);
      return { result: true as const };
    },
  );

  app.get(
    '/api/admin/reports',
    {
      onRequest: reports,
      schema: {
        tags,
        summary: '신고 (대상별로 묶음; OPEN은 오래 기다린 순)',
        querystring: adminReportsQuery,
        response: { 200: envelope(reportQueueSchema), ...errors },
      },
    },
    async (req) => ({ result: await market.reports(req.query.status === 'OPEN', req.query.type, req.query.page, req.query.size) }),
  );

  app.get(
    '/api/admin/review',
    {
      onRequest: reports,
      schema: {
        tags,
        summary: '검토 대기: 신고 없이 올라온 항목 (사기 의심 문구, 브로커 패턴; 오래 기다린 순)',
        querystring: adminQueueQuery,
        response: { 200: envelope(reviewQueueSchema), ...errors },
      },
    },
    async (req) => ({ result: await market.review(req.query.page, req.query.size) }),
  );

  app.post(
    '/api/admin/review/:id/resolve',
    {
      onRequest: reports,
      schema: {
        tags,
        summary: '검토 대기 처리: 문제 없음(DISMISS) 또는 조치(UPHOLD: 글 숨김·회원 제재)',
        params: z.object({ id: idParam }),
        body: adminReviewResolveBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await market.resolveReview(actorOf(req), req.params.id, req.body);
      return { result: true as const };
    },
  );

  app.post(
    '/api/admin/reports/:targetType/:targetId/resolve',
    {
      onRequest: reports,
      schema: {
        tags,
        summary: '신고 처리: 기각(DISMISS) 또는 숨김(HIDE) + 작성자 제재',
        params: z.object({ targetType: z.enum(REPORT_TARGET_TYPES), targetId: idParam }),
        body: adminResolveBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await market.resolve(actorOf(req), req.params.targetType, req.params.targetId, req.body);
      return { result: true as const };
    },
  );

  app.get(
    '/api/admin/top-fix',
    {
      onRequest: topFix,
      schema: {
        tags,
        summary: '상단 고정 중인 매물 (종료가 가까운 순)',
        querystring: adminQueueQuery,
        response: {
          200: pagedEnvelope(adminPinnedRowSchema),
          ...errors,
        },
      },
    },
    async (req) => ({ result: await market.pinned(req.query.page, req.query.size) }),
  );

  app.post(
    '/api/admin/trade/:tradeIdx/top-fix',
    {
      onRequest: topFix,
      schema: {
        tags,
        summary: '매물 상단 고정 (endsAt까지)',
        params: tradeParams,
        body: adminTopFixBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await market.topFix(actorOf(req), req.params.tradeIdx, new Date(req.body.endsAt));
      return { result: true as const };
    },
  );

  app.delete(
    '/api/admin/trade/:tradeIdx/top-fix',
    {
      onRequest: topFix,
      schema: { tags, summary: '매물 상단 고정 해제', params: tradeParams, response: { 200: envelope(z.literal(true)), ...errors } },
    },
    async (req) => {
      await market.topFix(actorOf(req), req.params.tradeIdx, null);
      return { result: true as const };
    },
  );
};
