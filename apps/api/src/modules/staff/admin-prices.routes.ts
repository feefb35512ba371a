import {
  adminManualPriceBody,
  adminPriceEntriesQuery,
  adminPriceEntrySchema,
  adminPriceRejectBody,
  adminPriceReviewRowSchema,
  adminQueueQuery,
  envelope,
  errorSchema,
  idParam,
  pagedEnvelope,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service.ts';
import type { AdminMarketService } from './admin-market.service.ts';
import { actorOf, requireStaff } from './staff-guard.ts';

const tags = ['admin'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * 가격 검토 for moderators: finishes the price rule left out, and four eyes on an operator's own
 * price (issue 21): one enters it, another approves it (an ADMIN beyond ±30 %), each step audited.
 */
export const adminPriceRoutes: FastifyPluginAsyncZod<{ market: AdminMarketService; auth: AuthService }> = async (app, { market, auth }) => {
  const pricing = requireStaff(auth, 'prices');
  const entryParams = z.object({ entryId: idParam });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/price-review',
    {
      onRequest: pricing,
      schema: {
        tags,
        summary: '가격에 반영되지 않은 체결 (사유 포함, 최신 순)',
        querystring: adminQueueQuery,
        response: { 200: pagedEnvelope(adminPriceReviewRowSchema), ...errors },
      },
    },
    async (req) => ({ result: await market.priceReview(req.query.page, req.query.size) }),
  );

  app.post(
    '/api/admin/company/:companyIdx/price',
    {
      onRequest: pricing,
      schema: {
        tags,
        summary: '운영자 가격 입력: 다른 운영자가 승인해야 반영 (±30% 초과는 관리자 승인; 출처 MANUAL)',
        params: z.object({ companyIdx: idParam }),
        body: adminManualPriceBody,
        response: { 202: envelope(z.object({ entryId: z.number().int() })), ...errors },
      },
    },
    async (req, reply) => {
      const { entryId } = await market.enterPrice(actorOf(req), req.params.companyIdx, req.body.price, req.body.note);
      return reply.code(202).send({ result: { entryId } });
    },
  );

  app.get(
    '/api/admin/price-entries',
    {
      onRequest: pricing,
      schema: {
        tags,
        summary: '운영자 가격 입력 목록 (PENDING은 오래된 순, 현재가와의 차이 포함)',
        querystring: adminPriceEntriesQuery,
        response: { 200: pagedEnvelope(adminPriceEntrySchema), ...errors },
      },
    },
    async (req) => ({ result: await market.priceEntries(req.query.status, req.query.page, req.query.size) }),
  );

  app.post(
    '/api/admin/price-entries/:entryId/approve',
    {
      onRequest: pricing,
      schema: {
        tags,
        summary: '가격 입력 승인 (입력한 운영자가 아닌 다른 운영자; ±30% 초과는 관리자만)',
        params: entryParams,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await market.approvePrice(actorOf(req), req.params.entryId);
      return { result: true as const };
    },
  );

  app.post(
    '/api/admin/price-entries/:entryId/reject',
    {
      onRequest: pricing,
      schema: {
        tags,
        summary: '가격 입력 반려 (사유 필수; 입력한 운영자도 철회 가능)',
        params: entryParams,
        body: adminPriceRejectBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await market.rejectPrice(actorOf(req), req.params.entryId, req.body.reason);
      return { result: true as const };
    },
  );
};
