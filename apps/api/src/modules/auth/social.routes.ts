import { envelope, errorSchema, tokenPairSchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { setSessionCookies } from './session-cookies.ts';
import { SOCIAL_TYPES, type SocialName, type SocialService } from './social.service.ts';

const FLOW_COOKIE = 'SOCIAL_FLOW';
const providerParam = z.object({
  provider: z.enum(Object.keys(SOCIAL_TYPES) as [SocialName, ...SocialName[]], { error: '지원하지 않는 로그인 방식입니다.' }),
});
const device = {
  deviceType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(3),
  fcmDeviceToken: z.string().max(500).default(''),
  userDeviceId: z.string().max(200).default(''),
};
const socialType = z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: '지원하지 않는 로그인 방식입니다.' });
const identityToken = z.string().min(10).max(8000);
// Naver has no ID token: the web flow's token is our sealed assertion; the apps send a Naver access
// token, which the server checks with Naver's profile API (GET /v1/nid/me).
const identityTokenNote =
  'identityToken: OpenID Connect ID 토큰. 네이버(socialType 4)는 웹 흐름의 /token 응답 값이나, 앱에서는 네이버 접근 토큰(access token)을 보내면 서버가 네이버 프로필 API로 확인합니다.';
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 502: errorSchema };

export const socialRoutes: FastifyPluginAsyncZod<{ social: SocialService; secureCookies: boolean }> = async (
  app,
  { social, secureCookies },
) => {
  const tags = ['auth'];

  app.get(
    '/api/auth/social/providers',
    { schema: { tags, summary: '사용 가능한 소셜 로그인', response: { 200: envelope(z.array(z.string())) } } },
    async () => ({
      result: social.configured(),
    }),
  );

  app.get(
    '/api/auth/social/:provider/authorize',
    { schema: { tags, summary: '소셜 로그인 시작 (state, PKCE, nonce; 네이버는 state)', params: providerParam } },
    async (req, reply) => {
      const { url, flow } = await social.authorize(req.params.provider);
      reply.setCookie(FLOW_COOKIE, flow, { path: '/api/auth/social', httpOnly: true, secure: secureCookies, sameSite: 'lax', maxAge: 600 });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.post(
    '/api/auth/social/:provider/token',
    {
      schema: {
        tags,
        summary: '소셜 로그인 콜백: 코드 교환 후 identityToken',
        params: providerParam,
        body: z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200) }),
        response: { 200: envelope(z.object({ identityToken: z.string() })), ...errors },
      },
    },
    async (req, reply) => {
      const identity = await social.exchange(req.params.provider, req.body.code, req.body.state, req.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/social', httpOnly: true, secure: secureCookies, sameSite: 'lax' });
      return reply.header('cache-control', 'no-store').send({ result: { identityToken: identity } });
    },
  );

  app.post(
    '/api/auth/social/sign-in',
    {
      schema: {
        tags,
        summary: '소셜 로그인 (가입 전이면 404 NotFoundException)',
        description: identityTokenNote,
        body: z.object({ socialType, identityToken, ...device }),
        response: { 200: envelope(tokenPairSchema), ...errors },
      },
    },
    async (req, reply) => {
      try {
        const pair = await social.signIn(req.body.socialType, req.body.identityToken);
        setSessionCookies(reply, pair, secureCookies);
        return reply.send({ result: pair });
      } catch (error) {
        // Spec §4: the client recognises the NotFoundException name and signs the member up.
        if (error instanceof AppError && error.code === 'FAIL_NOT_FOUND') {
          return reply.code(404).send({ message: error.message, code: error.code, name: 'NotFoundException' });
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/social/sign-up',
    {
      schema: {
        tags,
        summary: '소셜 회원가입',
        description: identityTokenNote,
        body: z.object({
          socialType,
          identityToken,
          marketingFlag: z.boolean().default(true),
          nighttimeAlarmFlag: z.boolean().default(true),
          ...device,
        }),
        response: { 200: envelope(z.object({ result11: tokenPairSchema })), ...errors },
      },
    },
    async (req, reply) => {
      const pair = await social.signUp(req.body.socialType, req.body.identityToken, {
        marketing: req.body.marketingFlag,
        nighttime: req.body.nighttimeAlarmFlag,
      });
      setSessionCookies(reply, pair, secureCookies);
      return reply.send({ result: { result11: pair } });
    },
  );
};
