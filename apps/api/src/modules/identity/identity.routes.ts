import { envelope, errorSchema, isCalendarDate, userDetailSchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenOf, requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Limits } from '../limits/limits.ts';
import type { IdentityService } from './identity.service.ts';
import { PORTONE_PAGE_PATH, PORTONE_SDK_CSP } from './portone-page.ts';
import { SIMULATED_PAGE_CSP, simulatedProviderPage } from './simulated-page.ts';

/**
 * The provider pages open in the popup our pages open, and answer through window.opener: they
 * keep the opener even when PortOne's window takes the popup to another site and back.
 */
const POPUP_OPENER = 'unsafe-none';

const token = z.string().min(20, { error: '본인확인 요청이 올바르지 않습니다.' }).max(100, { error: '본인확인 요청이 올바르지 않습니다.' });
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  410: errorSchema,
  502: errorSchema,
};

export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService; auth: AuthService; limits: Limits }> = async (
  app,
  { identity, auth, limits },
) => {
  const tags = ['identity'];

  app.post(
    '/api/identity/requests',
    {
      schema: {
        tags,
        summary: '본인확인 시작 (회원: 등급 올리기, 비회원: 아이디 찾기)',
        // 429: the limit is counted in the handler (per member or per address), so said here.
        response: { 200: envelope(z.object({ requestId: z.string(), url: z.string() })), ...errors, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const member = await auth.memberFor(accessTokenOf(req));
      await limits.check(req, member ? { memberId: member.id } : { address: req.ip }, 'identityRequests');
      return reply.header('cache-control', 'no-store').send({ result: await identity.start(member?.id ?? null) });
    },
  );

  if (identity.provider === 'simulated') {
    app.get('/identity/simulated', { schema: { hide: true, querystring: z.object({ request: token }) } }, async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', SIMULATED_PAGE_CSP)
        .header('cross-origin-opener-policy', POPUP_OPENER)
        .send(simulatedProviderPage(req.query.request)),
    );
    app.post(
      '/api/identity/simulated/complete',
      {
        schema: {
          tags,
          summary: '테스트 모드 본인확인 제공자의 응답',
          body: z.object({
            request: token,
            name: z
              .string()
              .trim()
              .min(2, { error: '이름을 2자 이상 입력해주세요.' })
              .max(20, { error: '이름은 20자 이하로 입력해주세요.' }),
            birth: z
              .string()
              .regex(/^(19|20)\d{6}$/, { error: '생년월일 8자리를 입력해주세요.', abort: true })
              .refine((v) => isCalendarDate(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}`), {
                error: '생년월일 8자리를 입력해주세요.',
              }),
            phone: z.string().regex(/^010\d{8}$/, { error: '휴대폰 번호 형식이 올바르지 않습니다.' }),
          }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await identity.completeSimulated(req.body.request, req.body);
        return reply.code(204).send(null);
      },
    );
  }

  if (identity.provider === 'portone') {
    // Also where PortOne's redirect (mobile) comes back to, with its own query and without `request`.
    app.get(PORTONE_PAGE_PATH, { schema: { hide: true, querystring: z.object({ request: token.optional() }) } }, async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', PORTONE_SDK_CSP)
        .header('cross-origin-opener-policy', POPUP_OPENER)
        .send(identity.page(req.query.request)),
    );
  }

  app.post(
    '/api/identity/verify',
    {
      onRequest: requireMember(auth),
      schema: {
        tags,
        summary: '본인확인 결과 반영 (정회원)',
        body: z.object({ requestId: token }),
        response: { 200: envelope(userDetailSchema), ...errors },
      },
    },
    async (req, reply) => {
      await identity.verify(req.member!.id, req.body.requestId);
      return reply.header('cache-control', 'no-store').send({ result: await auth.detailById(req.member!.id) });
    },
  );

  app.post(
    '/api/user/find-id',
    {
      preHandler: limits.perAddress('lookups'),
      schema: {
        tags: ['user'],
        summary: '아이디 찾기 (userCi: 완료된 본인확인 요청)',
        body: z.object({ userCi: token }),
        response: { 200: envelope(z.object({ userId: z.string(), phone: z.string(), hasPassword: z.boolean() })), ...errors },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send({ result: await identity.findId(req.body.userCi) }),
  );
};
