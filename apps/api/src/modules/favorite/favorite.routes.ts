import {
  envelope,
  errorSchema,
  favoriteAlertBody,
  favoriteAlertSchema,
  favoriteOrderBody,
  favoritePageParams,
  idParam,
  pagedEnvelope,
  pagingQuery,
  stockSummarySchema,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnswerCache, companyTag, sendKept, variantKey } from '../../lib/answer-cache.ts';
import { requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FavoriteService } from './favorite.service.ts';

const tags = ['favorite'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const companyParams = z.object({ id: idParam });

export const favoriteRoutes: FastifyPluginAsyncZod<{
  favorites: FavoriteService;
  auth: AuthService;
  /** Where a list is kept serialised, under its member's favourites (lib/answer-cache.ts). */
  answers?: AnswerCache;
}> = async (app, { favorites, auth, answers }) => {
  app.addHook('onRequest', requireMember(auth));
  // Callback-style: an async hook costs every request a promise.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
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
    async (req, reply) => {
      // The list is the member's favourites, in order, with each company's summary: two members
      // with the same favourites in the same order read the same answer. It is made from the very
      // read its key names.
      const generation = answers?.generation() ?? 0;
      const { key, companyIds, make } = await favorites.keyedPage(req.member!.id, req.params.page, req.query.size);
      const answer = async () => ({ result: await make() });
      if (!answers) return answer();
      const reader = { id: req.member!.id, generation };
      return sendKept(answers, reply, variantKey(req.url, `favorites:${key}`), companyIds.map(companyTag), answer, undefined, reader);
    },
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

  app.get(
    '/api/stock/favorite/:id/alert',
    {
      schema: {
        tags,
        summary: '관심종목의 새 매물 알림 (켜짐이 기본; 가격을 정하면 그 가격 이상으로 좋은 매물만)',
        params: companyParams,
        response: { 200: envelope(favoriteAlertSchema), ...errors },
      },
    },
    async (req) => ({ result: await favorites.alert(req.member!.id, req.params.id) }),
  );

  app.put(
    '/api/stock/favorite/:id/alert',
    {
      schema: {
        tags,
        summary: '관심종목의 새 매물 알림 설정',
        params: companyParams,
        body: favoriteAlertBody,
        response: { 200: envelope(favoriteAlertSchema), ...errors },
      },
    },
    async (req) => ({ result: await favorites.setAlert(req.member!.id, req.params.id, req.body.enabled, req.body.price) }),
  );
};
