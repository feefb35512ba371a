import { envelope, errorSchema, idParam, pagedEnvelope, pagingQuery } from '@beesang/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['staff'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

const memberViewSchema = z.object({
  userIdx: z.number().int(),
  userNickname: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  phoneMasked: z.string(),
  socialType: z.number().int(),
  userLevel: z.number().int(),
  expertType: z.string(),
  sanctionState: z.number().int(),
  identityVerified: z.boolean(),
  listings: z.number().int(),
  reportsReceived: z.number().int(),
  joinedAt: z.string(),
  deletedAt: z.string().nullable(),
});
const accessEntrySchema = z.object({
  staffUserIdx: z.number().int(),
  targetUserIdx: z.number().int().nullable(),
  action: z.string(),
  detail: z.string(),
  ip: z.string(),
  at: z.string(),
});

/** Operator routes: a signed-in member with a staff role; every look at personal data is logged. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; auth: AuthService }> = async (app, { staff, auth }) => {
  const member = requireMember(auth);
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    await member(req, reply);
    if (!req.member?.staff_role) throw new AppError(403, 'staffOnly', 'STAFF_ONLY');
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/member/:id',
    {
      schema: {
        tags,
        summary: '회원 정보 조회 (운영자; 조회 기록이 남습니다)',
        params: z.object({ id: idParam }),
        response: { 200: envelope(memberViewSchema), ...errors },
      },
    },
    async (req) => ({ result: await staff.viewMember(req.member!.id, req.params.id, req.ip) }),
  );

  app.get(
    '/api/admin/access-log',
    {
      schema: {
        tags,
        summary: '개인정보 조회 기록 (운영자)',
        querystring: pagingQuery.extend({ targetUserIdx: idParam.optional() }),
        response: { 200: pagedEnvelope(accessEntrySchema), ...errors },
      },
    },
    async (req) => ({ result: await staff.accessLog(req.member!.id, req.ip, req.query.page, req.query.size, req.query.targetUserIdx) }),
  );
};
