import {
  emailSchema,
  envelope,
  errorSchema,
  phoneSchema,
  phoneSignInBody,
  phoneSignUpBody,
  tokenAnswerSchema,
  userDetailSchema,
} from '@beesang/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenOf, REFRESH_COOKIE, requireMember } from '../../plugins/auth.ts';
import type { Limits } from '../limits/limits.ts';
import { ticketOf } from '../sms/sms.routes.ts';
import type { AuthService } from './auth.service.ts';
import type { RememberDevice } from './session/device-token.ts';
import { clearSessionCookies, isAppDevice, sessionAnswer } from './session/session-cookies.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  secureCookies: boolean;
  limits: Limits;
  /** Records the sign-in's fcmDeviceToken for the push channels (issue 23). */
  rememberDevice?: RememberDevice;
}> = async (app, { auth, secureCookies, limits, rememberDevice }) => {
  const tags = ['auth'];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

  const clearSession = (reply: FastifyReply) => clearSessionCookies(reply, secureCookies);

  app.get(
    '/api/user/userPhone/:phone',
    {
      preHandler: limits.perAddress('lookups'),
      schema: {
        tags,
        summary: '휴대폰 번호 가입 여부 (확인 티켓 필요)',
        params: z.object({ phone: phoneSchema }),
        response: { 200: envelope(z.boolean()), ...errors },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', 'no-store').send({ result: await auth.phoneRegistered(req.params.phone, ticketOf(req)) }),
  );

  app.post(
    '/api/auth/sms/sign-in',
    {
      schema: {
        tags,
        summary: '휴대폰 로그인 (확인 티켓 필요)',
        body: phoneSignInBody,
        response: { 200: envelope(tokenAnswerSchema), ...errors },
      },
    },
    async (req, reply) => {
      const pair = await auth.phoneSignIn(req.body.phone, ticketOf(req));
      await rememberDevice?.(pair, req.body);
      return reply.send({ result: sessionAnswer(reply, pair, secureCookies, isAppDevice(req.body.deviceType)) });
    },
  );

  app.post(
    '/api/auth/sms/sign-up',
    {
      schema: {
        tags,
        summary: '휴대폰 회원가입 (확인 티켓 필요)',
        body: phoneSignUpBody,
        response: { 200: envelope(z.object({ result11: tokenAnswerSchema })), ...errors },
      },
    },
    async (req, reply) => {
      const pair = await auth.phoneSignUp(req.body, ticketOf(req));
      await rememberDevice?.(pair, req.body);
      return reply.send({ result: { result11: sessionAnswer(reply, pair, secureCookies, isAppDevice(req.body.deviceType)) } });
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        summary: '토큰 갱신 (회전; 30초 안의 동시 갱신은 허용, 그 뒤의 재사용은 세션 전체 폐기)',
        body: z.object({ refreshToken: z.string().max(200).optional() }).nullish(),
        response: { 200: envelope(tokenAnswerSchema), ...errors },
      },
    },
    async (req, reply) => {
      try {
        const fromBody = req.body?.refreshToken;
        const pair = await auth.refresh(fromBody ?? req.cookies[REFRESH_COOKIE]);
        // An app sent its token in the body and gets the next one there; the web's stays in the cookie.
        return reply.send({ result: sessionAnswer(reply, pair, secureCookies, fromBody !== undefined) });
      } catch (error) {
        clearSession(reply);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: '로그아웃',
        body: z.object({ refreshToken: z.string().max(200).optional() }).nullish(),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await auth.logout(req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE], accessTokenOf(req));
      clearSession(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/user/myPage/detail',
    {
      onRequest: requireMember(auth),
      schema: { tags: ['user'], summary: '내 정보', response: { 200: envelope(userDetailSchema), ...errors } },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send({ result: auth.detail(req.member!) }),
  );

  app.get(
    '/api/user/userId/:id',
    {
      preHandler: limits.perAddress('lookups'),
      schema: {
        tags: ['user'],
        summary: '이메일(아이디) 사용 여부: true면 이미 사용 중',
        params: z.object({ id: emailSchema() }),
        response: { 200: envelope(z.boolean()), ...errors },
      },
    },
    async (req) => ({ result: await auth.emailTaken(req.params.id) }),
  );
};
