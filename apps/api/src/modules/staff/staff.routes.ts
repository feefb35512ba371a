import {
  adminAuditEntrySchema,
  adminAuditQuery,
  adminMemberRowSchema,
  adminMembersQuery,
  adminRoleBody,
  adminSanctionBody,
  adminSanctionHistorySchema,
  envelope,
  errorSchema,
  idParam,
  pagedEnvelope,
  pagingQuery,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service.ts';
import { type AdminMembersService, auditCsv } from './admin-members.service.ts';
import type { StaffService } from './staff.service.ts';
import { actorOf, requireStaff } from './staff-guard.ts';

const tags = ['admin'];
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

/** The audit log's filter from its query (target 'USER:12' → type and id); the SSR console reads it too. */
export const auditFilter = (q: z.infer<typeof adminAuditQuery>) => ({
  staffUserId: q.staff,
  targetType: q.target?.split(':')[0],
  targetId: q.target?.includes(':') ? q.target.split(':').slice(1).join(':') : undefined,
  action: q.action,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

/**
 * Operator routes (issue 11): each checks the role its area needs (requireStaff), answers
 * no-store, and keeps the origin check of every other cookie-authenticated write; every look at
 * personal data goes to the access log and every change to the audit log, in its transaction.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; admin: AdminMembersService; auth: AuthService }> = async (
  app,
  { staff, admin, auth },
) => {
  const members = requireStaff(auth, 'members');
  const sanctions = requireStaff(auth, 'sanctions');
  const roles = requireStaff(auth, 'roles');
  const auditors = requireStaff(auth, 'audit');
  const params = z.object({ id: idParam });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/members',
    {
      onRequest: members,
      schema: {
        tags,
        summary: '회원 검색 (닉네임, 회원번호, 이메일, 휴대폰 뒤 4자리; 마스킹)',
        querystring: adminMembersQuery,
        response: { 200: pagedEnvelope(adminMemberRowSchema), ...errors },
      },
    },
    async (req) => ({ result: await admin.search(actorOf(req), req.query.query, req.query.page, req.query.size) }),
  );

  app.get(
    '/api/admin/member/:id/sanctions',
    {
      onRequest: members,
      schema: { tags, summary: '회원 제재 이력', params, response: { 200: envelope(z.array(adminSanctionHistorySchema)), ...errors } },
    },
    async (req) => ({ result: await admin.sanctionHistory(req.params.id) }),
  );

  app.post(
    '/api/admin/member/:id/sanction',
    {
      onRequest: sanctions,
      schema: {
        tags,
        summary: '회원 제재 (state 0은 해제; endsAt이 지나면 저절로 풀림)',
        params,
        body: adminSanctionBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await admin.sanction(actorOf(req), req.params.id, req.body);
      return { result: true as const };
    },
  );

  app.post(
    '/api/admin/member/:id/sessions/revoke',
    {
      onRequest: sanctions,
      schema: { tags, summary: '회원의 모든 로그인 세션 종료', params, response: { 200: envelope(z.literal(true)), ...errors } },
    },
    async (req) => {
      await admin.revokeSessions(actorOf(req), req.params.id);
      return { result: true as const };
    },
  );

  app.post(
    '/api/admin/member/:id/role',
    {
      onRequest: roles,
      schema: {
        tags,
        summary: '운영 권한 부여·회수 (관리자만)',
        params,
        body: adminRoleBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await admin.setRole(actorOf(req), req.params.id, req.body.role);
      return { result: true as const };
    },
  );

  app.get(
    '/api/admin/audit',
    {
      onRequest: auditors,
      schema: {
        tags,
        summary: '감사 로그 (target=USER:12 처럼 대상 지정)',
        querystring: adminAuditQuery,
        response: { 200: pagedEnvelope(adminAuditEntrySchema), ...errors },
      },
    },
    async (req) => ({ result: await admin.auditLog(auditFilter(req.query), req.query.page, req.query.size) }),
  );

  app.get(
    '/api/admin/audit/export',
    { onRequest: auditors, schema: { tags, summary: '감사 로그 CSV 내보내기 (같은 필터, 최근 10,000건)', querystring: adminAuditQuery } },
    async (req, reply) => {
      const all = await admin.auditLog(auditFilter(req.query), 1, 10_000);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="beesang-audit.csv"')
        .send(auditCsv(all.data));
    },
  );

  app.get(
    '/api/admin/member/:id',
    {
      onRequest: members,
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
      onRequest: auditors,
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
