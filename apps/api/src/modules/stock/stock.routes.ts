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
  rankingParams,
  searchParams,
  searchQuery,
  stockListQuery,
  stockProfileSchema,
  stockSummarySchema,
} from '@beesang/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StockService } from './stock.service.ts';

const idParams = z.object({ id: idParam });
const notFound = { 404: errorSchema, 400: errorSchema };
const tags = ['stock'];

const none: ReadonlySet<number> = new Set();

export const stockRoutes: FastifyPluginAsyncZod<{
  stocks: StockService;
  /** The signed-in reader's favourite company ids (empty for visitors). */
  favoritesFor?: (req: FastifyRequest) => Promise<ReadonlySet<number>>;
}> = async (app, { stocks, favoritesFor = async () => none }) => {
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
    async (req) => ({ result: await stocks.search(req.params.keyword, req.query.isUnissuedStock ?? false, await favoritesFor(req)) }),
  );

  // Both /ranking-list and /ranking-list/{period}/{count} take the spec's defaults (TODAY, 10).
  const rankingHandler = async (req: { params: z.infer<typeof rankingParams> }) => ({
    result: await stocks.ranking(req.params.period, req.params.count),
  });
  const rankingSchema = {
    tags,
    summary: '랭킹',
    params: rankingParams,
    response: { 200: envelope(z.array(stockSummarySchema)), 400: errorSchema },
  };
  app.get('/api/v2/stock/ranking-list', { schema: rankingSchema }, rankingHandler);
  app.get('/api/v2/stock/ranking-list/:period', { schema: rankingSchema }, rankingHandler);
  app.get('/api/v2/stock/ranking-list/:period/:count', { schema: rankingSchema }, rankingHandler);

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
    async (req) => ({ result: await stocks.profile(req.params.id, (await favoritesFor(req)).has(req.params.id)) }),
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
    async (req) => ({ result: await stocks.chart(req.params.id, req.query.range) }),
  );

  app.get(
    '/api/stock/finance/total/chart/:id',
    { schema: { tags, summary: '연도별 실적 차트', params: idParams, response: { 200: envelope(financeTotalChartSchema), ...notFound } } },
    async (req) => ({ result: await stocks.financeTotalChart(req.params.id) }),
  );
};
