import {
  companyIdxParams,
  envelope,
  errorSchema,
  opinionCreateBody,
  opinionIdParams,
  opinionSchema,
  pagedEnvelope,
  pagingQuery,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalMemberId, requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Limits } from '../limits/limits.ts';
import type { OpinionService } from './opinion.service.ts';

const tags = ['opinion'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const opinionRoutes: FastifyPluginAsyncZod<{ opinions: OpinionService; auth: AuthService; limits: Limits }> = async (
  app,
  { opinions, auth, limits },
) => {
  const member = requireMember(auth);
  const viewer = optionalMemberId(auth);

  app.get(
    '/api/v2/opinion/all/company/:companyIdx',
    {
      schema: {
        tags,
        summary: '종목 토론 (최신순)',
        params: companyIdxParams,
        querystring: pagingQuery,
        response: { 200: pagedEnvelope(opinionSchema), ...errors },
      },
    },
    async (req) => ({ result: await opinions.list(req.params.companyIdx, req.query.page, req.query.size, await viewer(req)) }),
  );

  app.post(
    '/api/opinion',
    {
      onRequest: member,
      preHandler: limits.perMember('opinions'),
      schema: { tags, summary: '의견 쓰기', body: opinionCreateBody, response: { 200: envelope(opinionSchema), ...errors } },
    },
    async (req) => ({ result: await opinions.write(req.member!, req.body.companyIdx, req.body.content) }),
  );

  app.delete(
    '/api/opinion/:opinionIdx',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '의견 삭제 (본인 의견만)',
        params: opinionIdParams,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => ({ result: await opinions.remove(req.member!.id, req.params.opinionIdx) }),
  );
};
