import {
  envelope,
  errorSchema,
  favoriteOrderBody,
  favoritePageParams,
  idParam,
  pagedEnvelope,
  pagingQuery,
  stockSummarySchema,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FavoriteService } from './favorite.service.ts';

const tags = ['favorite'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const companyParams = z.object({ id: idParam });

export const favoriteRoutes: FastifyPluginAsyncZod<{ favorites: FavoriteService; auth: AuthService }> = async (
  app,
  { favorites, auth },
) => {
  app.addHook('preHandler', requireMember(auth));
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/stock/favorite/stock/list/:page',
    {
      schema: {
        tags,
        summary: '관심종목 목록 (내가 정한 순서)',
        params: favoritePageParams,
        querystring: pagingQuery.pick({ size: true }),
        response: { 200: pagedEnvelope(stockSummarySchema), ...errors },
      },
    },
    async (req) => ({ result: await favorites.list(req.member!.id, req.params.page, req.query.size) }),
  );

  app.post(
    '/api/stock/add/favorite/stock/:id',
    { schema: { tags, summary: '관심종목 추가', params: companyParams, response: { 200: envelope(z.literal(true)), ...errors } } },
    async (req) => ({ result: await favorites.add(req.member!.id, req.params.id) }),
  );

  app.delete(
    '/api/stock/delete/favorite/stock/:id',
    { schema: { tags, summary: '관심종목 삭제', params: companyParams, response: { 200: envelope(z.literal(true)), ...errors } } },
    async (req) => ({ result: await favorites.remove(req.member!.id, req.params.id) }),
  );

  app.post(
    '/api/stock/update/favorite/stock/order',
    {
      schema: {
        tags,
        summary: '관심종목 순서 변경 (모든 관심종목을 새 순서로)',
        body: favoriteOrderBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => ({ result: await favorites.reorder(req.member!.id, req.body.interestingStockList) }),
  );
};
