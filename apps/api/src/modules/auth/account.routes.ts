import {
  envelope,
  errorSchema,
  idParam,
  myPageUpdateBody,
  passwordChangeBody,
  passwordSchema,
  passwordSignInBody,
  passwordSignUpBody,
  phoneSchema,
  tokenAnswerSchema,
  userDetailSchema,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../plugins/auth.ts';
import { ticketOf } from '../sms/sms.routes.ts';
import type { AccountService } from './account.service.ts';
import type { AuthService } from './auth.service.ts';
import type { RememberDevice } from './session/device-token.ts';
import { clearSessionCookies, isAppDevice, sessionAnswer } from './session/session-cookies.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

export const accountRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  auth: AuthService;
  secureCookies: boolean;
  /** Records the sign-in's fcmDeviceToken for the push channels (issue 23). */
  rememberDevice?: RememberDevice;
}> = async (app, { accounts, auth, secureCookies, rememberDevice }) => {
  const member = requireMember(auth);

  app.post(
    '/api/auth/sign-up',
    {
      schema: {
        tags: ['auth'],
        summary: '아이디(이메일)·비밀번호 회원가입 (휴대폰 확인 티켓 필요)',
        body: passwordSignUpBody,
        response: { 200: envelope(tokenAnswerSchema), ...errors },
      },
    },
    async (req, reply) => {
      const pair = await accounts.passwordSignUp(req.body, ticketOf(req));
      await rememberDevice?.(pair, req.body);
      return reply.send({ result: sessionAnswer(reply, pair, secureCookies, isAppDevice(req.body.deviceType)) });
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      schema: {
        tags: ['auth'],
        summary: '아이디·비밀번호 로그인 (socialType 1)',
        body: passwordSignInBody,
        response: { 200: envelope(tokenAnswerSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { failedSignIns, ...pair } = await accounts.passwordSignIn(req.body.userId, req.body.userPassword, req.ip);
      await rememberDevice?.(pair, req.body);
      const extra = failedSignIns ? { failedSignIns } : {};
      return reply.send({ result: sessionAnswer(reply, pair, secureCookies, isAppDevice(req.body.deviceType), extra) });
    },
  );

  app.put(
    '/api/user/password',
    {
      onRequest: member,
      schema: {
        tags: ['user'],
        summary: '비밀번호 변경 (현재 비밀번호, 또는 5분 안의 로그인·휴대폰 인증 필요; 다른 세션은 모두 종료)',
        body: passwordChangeBody,
        response: { 200: envelope(tokenAnswerSchema), ...errors },
      },
    },
    async (req, reply) => {
      const pair = await accounts.changePassword(req.member!, req.body, ticketOf(req));
      // Every other session ended: an app (a bearer token) gets its new refresh token in the body, the web in its cookie.
      return reply.send({ result: sessionAnswer(reply, pair, secureCookies, req.headers.authorization !== undefined) });
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: '비밀번호 재설정 (휴대폰 확인 티켓 필요; 모든 세션 종료)',
        body: z.object({ phone: phoneSchema, password: passwordSchema }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await accounts.resetPassword(req.body.phone, req.body.password, ticketOf(req));
      clearSessionCookies(reply, secureCookies);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/user/myPage',
    {
      onRequest: member,
      schema: { tags: ['user'], summary: '내 정보 수정', body: myPageUpdateBody, response: { 200: envelope(userDetailSchema), ...errors } },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send({ result: await accounts.updateProfile(req.member!, req.body) }),
  );

  app.delete(
    '/api/user/:id',
    {
      onRequest: member,
      schema: { tags: ['user'], summary: '회원 탈퇴 (본인만)', params: z.object({ id: idParam }), response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await accounts.deleteAccount(req.member!, req.params.id);
      clearSessionCookies(reply, secureCookies);
      return reply.code(204).send(null);
    },
  );
};
