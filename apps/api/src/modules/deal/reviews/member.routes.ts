import { envelope, errorSchema, memberIdParams, memberPageSchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalMemberId } from '../../../plugins/auth.ts';
import type { AuthService } from '../../auth/auth.service.ts';
import type { ReviewService } from './review.service.ts';

/** A member's public page (issue 22 §3): trust summary, reviews and open listings. */
export const memberRoutes: FastifyPluginAsyncZod<{ reviews: ReviewService; auth: AuthService }> = async (app, { reviews, auth }) => {
  const viewer = optionalMemberId(auth);
  app.get(
    '/api/members/:userIdx',
    {
      schema: {
        tags: ['deal'],
        summary: '회원 공개 프로필 (확인된 거래, 후기, 진행 중인 매물)',
        params: memberIdParams,
        response: { 200: envelope(memberPageSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    async (req) => ({ result: await reviews.page(req.params.userIdx, await viewer(req)) }),
  );
};
