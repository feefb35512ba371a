import {
  CONTENT_KINDS,
  contentDetailSchema,
  contentSummarySchema,
  envelope,
  errorSchema,
  idParam,
  pagedEnvelope,
  pagingQuery,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentService } from './content.service.ts';

/** Notices, events, news and market posts: `/api/v2/{kind}/list` and `/api/v2/{kind}/{id}`. */
export const contentRoutes: FastifyPluginAsyncZod<{ contents: ContentService }> = async (app, { contents }) => {
  for (const kind of CONTENT_KINDS) {
    const tags = ['content'];
    app.get(
      `/api/v2/${kind}/list`,
      {
        schema: {
          tags,
          summary: `${kind} 목록`,
          querystring: pagingQuery,
          response: { 200: pagedEnvelope(contentSummarySchema), 400: errorSchema },
        },
      },
      async (req) => ({ result: await contents.list(kind, req.query.page, req.query.size) }),
    );
    app.get(
      `/api/v2/${kind}/:id`,
      {
        schema: {
          tags,
          summary: `${kind} 상세`,
          params: z.object({ id: idParam }),
          response: { 200: envelope(contentDetailSchema), 400: errorSchema, 404: errorSchema },
        },
      },
      async (req) => ({ result: await contents.detail(kind, req.params.id) }),
    );
  }
};
