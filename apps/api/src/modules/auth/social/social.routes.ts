import { envelope, errorSchema, tokenAnswerSchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { badlyEscapedField, badText, decodeUtf8 } from '../../../plugins/safe-text.ts';
import type { RememberDevice } from '../session/device-token.ts';
import { isAppDevice, sessionAnswer } from '../session/session-cookies.ts';
import { APPLE_CALLBACK_PATH, SOCIAL_TYPES, type SocialName, type SocialService } from './social.service.ts';

const FLOW_COOKIE = 'SOCIAL_FLOW';
const FLOW_PATH = '/api/auth/social';
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
// The web flow's identityToken is our sealed identity from /token. The apps send the provider's ID
// token — or, Naver having none, a Naver access token the server checks with Naver's profile API.
const identityTokenNote =
  'identityToken: 앱에서는 제공자의 OpenID Connect ID 토큰(카카오·Google·Apple). 네이버(socialType 4)는 네이버 접근 토큰(access token)을 보내면 서버가 네이버 프로필 API로 확인합니다. 웹에서는 /token 응답 값을 그대로 보냅니다.';
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 502: errorSchema };

export const socialRoutes: FastifyPluginAsyncZod<{
  social: SocialService;
  secureCookies: boolean;
  /** Records the sign-in's fcmDeviceToken for the push channels (issue 23). */
  rememberDevice?: RememberDevice;
}> = async (app, { social, secureCookies, rememberDevice }) => {
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
    {
      schema: {
        tags,
        summary: '소셜 로그인 시작 (state, PKCE, nonce; 네이버는 state)',
        params: providerParam,
        response: {
          302: z
            .null()
            .meta({ description: '제공자의 로그인 화면으로 이동합니다 (연결할 수 없으면 /auth/callback/{provider}?error=… 로).' }),
          404: errorSchema.meta({ description: '이 서버에 설정되지 않은 로그인 방식입니다 (PROVIDER_NOT_CONFIGURED).' }),
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      let started: { url: string; flow: string };
      try {
        started = await social.authorize(req.params.provider);
      } catch (error) {
        // A full-page navigation: a provider that cannot be reached is said on the callback page, not in JSON.
        if (!(error instanceof AppError) || error.statusCode !== 502) throw error;
        const page = new URLSearchParams({ error: 'temporarily_unavailable', error_description: error.message });
        return reply.redirect(`/auth/callback/${req.params.provider}?${page}`, 302);
      }
      reply.setCookie(FLOW_COOKIE, started.flow, { path: FLOW_PATH, httpOnly: true, secure: secureCookies, sameSite: 'lax', maxAge: 600 });
      return reply.redirect(started.url, 302);
    },
  );

  app.post(
    '/api/auth/social/:provider/token',
    {
      schema: {
        tags,
        summary: '소셜 로그인 콜백: 코드 교환 후 identityToken',
        description: '웹 흐름 전용. identityToken 은 10분간 유효한 서버의 봉인 값으로, sign-in / sign-up 에 그대로 보냅니다.',
        params: providerParam,
        body: z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200), iss: z.url().max(500).optional() }),
        response: { 200: envelope(z.object({ identityToken: z.string() })), ...errors },
      },
    },
    async (req, reply) => {
      const identity = await social.exchange(req.params.provider, req.body, req.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH, httpOnly: true, secure: secureCookies, sameSite: 'lax' });
      return reply.header('cache-control', 'no-store').send({ result: { identityToken: identity } });
    },
  );

  await app.register(appleFormPostRoute, { social });

  app.post(
    '/api/auth/social/sign-in',
    {
      schema: {
        tags,
        summary: '소셜 로그인 (가입 전이면 404 NotFoundException)',
        description: identityTokenNote,
        body: z.object({ socialType, identityToken, ...device }),
        response: { 200: envelope(tokenAnswerSchema), ...errors },
      },
    },
    async (req, reply) => {
      try {
        const pair = await social.signIn(req.body.socialType, req.body.identityToken);
        await rememberDevice?.(pair, req.body);
        // The refresh token in the body for the apps only; the web's stays in its HttpOnly cookie.
        return reply.send({ result: sessionAnswer(reply, pair, secureCookies, isAppDevice(req.body.deviceType)) });
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
        response: { 200: envelope(z.object({ result11: tokenAnswerSchema })), ...errors },
      },
    },
    async (req, reply) => {
      const pair = await social.signUp(req.body.socialType, req.body.identityToken, {
        marketing: req.body.marketingFlag,
        nighttime: req.body.nighttimeAlarmFlag,
      });
      await rememberDevice?.(pair, req.body);
      return reply.send({ result: { result11: sessionAnswer(reply, pair, secureCookies, isAppDevice(req.body.deviceType)) } });
    },
  );
};

/**
 * Apple's answer to `response_mode=form_post`: a cross-site POST of code, state, id_token and, on a
 * person's first sign-in only, `user` (the name). Its own plugin, so that form bodies are accepted
 * here and nowhere else (a form-encoded sign-in would be a login-CSRF door). It reads no cookie — the
 * browser sends none of ours on a cross-site POST — and only seals what Apple sent for the web page,
 * whose same-site call to /token then checks state and flow as for every provider.
 */
const appleFormPostRoute: FastifyPluginAsyncZod<{ social: SocialService }> = async (app, { social }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: 16_384 }, (_req, body, done) => {
    // Bytes or %-escapes that are not UTF-8 are a 400 here as in a JSON body, not U+FFFD.
    try {
      const text = decodeUtf8(body as Buffer, 'body');
      const bad = badlyEscapedField(text, 'body');
      if (bad !== null) throw badText(bad);
      done(null, Object.fromEntries(new URLSearchParams(text)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  const field = (max: number) => z.string().max(max).optional();
  app.post(
    APPLE_CALLBACK_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'Apple 로그인 콜백 (response_mode=form_post)',
        description: 'Apple 이 브라우저를 통해 POST 합니다. 웹의 /auth/callback/apple 로 303 이동합니다.',
        consumes: ['application/x-www-form-urlencoded'],
        body: z.object({ code: field(2000), state: field(200), id_token: field(8000), user: field(2000), error: field(200) }),
        response: { 303: z.null().meta({ description: '웹의 /auth/callback/apple 로 이동합니다 (결과는 그 페이지가 /token으로 확인).' }) },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').redirect(social.appleFormPost(req.body), 303),
  );
};
