import {
  chartQuery,
  chartSchema,
  companyFinancialSchema,
  companyInfoSchema,
  companySearchResultSchema,
  envelope,
  errorSchema,
  financeTotalChartSchema,
  idParam,
  pagedEnvelope,
  RANKING_MAX_COUNT,
  rankingParams,
  searchParams,
  searchQuery,
  stockListQuery,
  stockProfileSchema,
  stockSummarySchema,
} from '@beesang/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnswerCache, companyTag, type Reader, SEARCH_TAG, sendKept, variantKey } from '../../lib/answer-cache.ts';
import { accessTokenOf } from '../../plugins/auth.ts';
import { type Favorites, NO_FAVORITES } from '../favorite/favorite.service.ts';
import type { StockService } from './stock.service.ts';

const idParams = z.object({ id: idParam });
const notFound = { 404: errorSchema, 400: errorSchema };
const tags = ['stock'];

export const stockRoutes: FastifyPluginAsyncZod<{
  stocks: StockService;
  /** Visitors' answers to search, profile and chart, serialised once (lib/answer-cache.ts). */
  answers?: AnswerCache;
  /** The signed-in reader's id (null for visitors, and for a token that no longer stands for anyone). */
  readerOf?: (req: FastifyRequest) => Promise<number | null>;
  /** A member's favourites. */
  favoritesOf?: (memberId: number) => Promise<Favorites>;
}> = async (app, { stocks, answers, readerOf = async () => null, favoritesOf = async () => NO_FAVORITES }) => {
  /**
   * Who reads and their favourites, each looked up at most once for a request: the answer chosen,
   * the answer made and whose it is kept as agree.
   */
  const readingOf = (req: FastifyRequest) => {
    let reader: Promise<number | null> | undefined;
    let favorites: Promise<Favorites> | undefined;
    const id = () => {
      reader ??= readerOf(req);
      return reader;
    };
    return {
      reader: id,
      favorites: () => {
        favorites ??= id().then((member) => (member === null ? NO_FAVORITES : favoritesOf(member)));
        return favorites;
      },
    };
  };

  /**
   * A visitor's answer from the answer cache, or made, serialised with the route's schema and kept
   * under its URL with `tags`. A member's (whose favourites it shows) is made for them alone, unless
   * `variant.key` names which of a few shared answers is theirs ('' the visitor's): a company's profile
   * is one of two, starred or not; a search's is the one for their favourites (issue 24).
   */
  async function answer<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    tags: readonly string[],
    make: () => Promise<T>,
    variant?: { key(): Promise<string>; reader(): Promise<number | null> },
  ) {
    if (!answers) return make();
    // Taken before the reader's favourites are read: a change announced meanwhile keeps nothing.
    const generation = answers.generation();
    let key = req.url;
    let reader: Reader | undefined;
    if (accessTokenOf(req)) {
      if (!variant) return make();
      key = variantKey(req.url, await variant.key());
      const id = await variant.reader();
      if (id !== null) reader = { id, generation };
    }
    return sendKept(answers, reply, key, tags, make, undefined, reader);
  }

  app.get(
    '/api/v2/stock/search/:keyword',
    {
      schema: {
        tags,
        summary: '종목 검색 (이름, 코드, 초성)',
        params: searchParams,
        querystring: searchQuery,
        response: { 200: envelope(z.array(companySearchResultSchema)), 400: errorSchema },
      },
    },
    (req, reply) => {
      // Which results are starred is all of a member's own in a search.
      const reading = readingOf(req);
      return answer(
        req,
        reply,
        [SEARCH_TAG],
        async () => ({
          result: await stocks.search(req.params.keyword, req.query.isUnissuedStock ?? false, (await reading.favorites()).ids),
        }),
        {
          key: async () => {
            const { key } = await reading.favorites();
            return key && `favorites:${key}`;
          },
          reader: reading.reader,
        },
      );
    },
  );

  // /ranking-list, /ranking-list/{period} and /ranking-list/{period}/{count} take the spec's
  // defaults (TODAY, 10) for what their path leaves out. Each declares only the parameters its path
  // has: a client generated from the API document must not be asked for a `count` it cannot send.
  const rankingDefaults = rankingParams.parse({});
  const rankingHandler = async (req: { params: Partial<z.infer<typeof rankingParams>> }) => ({
    result: await stocks.ranking(req.params.period ?? rankingDefaults.period, req.params.count ?? rankingDefaults.count),
  });
  const rankingSchema = { tags, response: { 200: envelope(z.array(stockSummarySchema)), 400: errorSchema } };
  app.get(
    '/api/v2/stock/ranking-list',
    { schema: { ...rankingSchema, summary: '랭킹 (TODAY, 10개)', params: z.object({}) } },
    rankingHandler,
  );
  app.get(
    '/api/v2/stock/ranking-list/:period',
    { schema: { ...rankingSchema, summary: '랭킹 (기간 지정, 10개)', params: rankingParams.pick({ period: true }) } },
    rankingHandler,
  );
  app.get(
    '/api/v2/stock/ranking-list/:period/:count',
    { schema: { ...rankingSchema, summary: `랭킹 (기간과 개수 지정, 최대 ${RANKING_MAX_COUNT}개)`, params: rankingParams } },
    rankingHandler,
  );

  app.get(
    '/api/v2/stock/list',
    {
      schema: {
        tags,
        summary: '전체 종목',
        querystring: stockListQuery,
        response: { 200: pagedEnvelope(stockSummarySchema), 400: errorSchema },
      },
    },
    async (req) => ({ result: await stocks.list(req.query) }),
  );

  app.get(
    '/api/v2/stock/company/info/:id',
    { schema: { tags, summary: '기업 정보', params: idParams, response: { 200: envelope(companyInfoSchema), ...notFound } } },
    async (req) => ({ result: await stocks.info(req.params.id) }),
  );

  app.get(
    '/api/v2/stock/profile/:id',
    { schema: { tags, summary: '종목 프로필', params: idParams, response: { 200: envelope(stockProfileSchema), ...notFound } } },
    (req, reply) => {
      const reading = readingOf(req);
      const starred = async () => (await reading.favorites()).ids.has(req.params.id);
      return answer(
        req,
        reply,
        [companyTag(req.params.id)],
        async () => ({ result: await stocks.profile(req.params.id, await starred()) }),
        { key: async () => ((await starred()) ? 'starred' : ''), reader: reading.reader },
      );
    },
  );

  app.get(
    '/api/v2/stock/company/financial/:id',
    { schema: { tags, summary: '재무 지표', params: idParams, response: { 200: envelope(companyFinancialSchema), ...notFound } } },
    async (req) => ({ result: await stocks.financial(req.params.id) }),
  );

  app.get(
    '/api/stock/chart/:id',
    {
      schema: {
        tags,
        summary: '일별 시세 차트',
        params: idParams,
        querystring: chartQuery,
        response: { 200: envelope(chartSchema), ...notFound },
      },
    },
    (req, reply) =>
      answer(req, reply, [companyTag(req.params.id)], async () => ({ result: await stocks.chart(req.params.id, req.query.range) })),
  );

  app.get(
    '/api/stock/finance/total/chart/:id',
    { schema: { tags, summary: '연도별 실적 차트', params: idParams, response: { 200: envelope(financeTotalChartSchema), ...notFound } } },
    async (req) => ({ result: await stocks.financeTotalChart(req.params.id) }),
  );
};
