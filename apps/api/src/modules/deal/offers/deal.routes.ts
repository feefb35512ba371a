import {
  type Deal,
  dealCounterBody,
  dealDeclineBody,
  dealIdParams,
  dealOfferBody,
  dealReviewBody,
  dealSchema,
  dealStartedSchema,
  envelope,
  errorSchema,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../../db/idempotency.ts';
import { requireMember } from '../../../plugins/auth.ts';
import type { AuthService } from '../../auth/auth.service.ts';
import type { Limits } from '../../limits/limits.ts';
import type { DealMember } from '../conversations/conversation.service.ts';
import type { ReviewService } from '../reviews/review.service.ts';
import type { DealService } from './deal.service.ts';
import type { SettleService } from './settle.service.ts';

const tags = ['deal'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Offers and their answers (issue 22 §1–§3); every route is member-only and acts for one side of the deal. */
export const dealRoutes: FastifyPluginAsyncZod<{
  offers: DealService;
  settle: SettleService;
  reviews: ReviewService;
  auth: AuthService;
  limits: Limits;
}> = async (app, { offers, settle, reviews, auth, limits }) => {
  const member = requireMember(auth);
  const dealAnswer = { 200: envelope(dealSchema), ...errors };

  app.post(
    '/api/deals',
    {
      onRequest: member,
      preHandler: limits.perMember('messages'),
      schema: {
        tags,
        summary: '거래 제안 (본인인증 회원; 매물당 한 대화, 새 대화는 하루 20개; Idempotency-Key 지원)',
        body: dealOfferBody,
        response: { 200: envelope(dealStartedSchema), ...errors },
      },
    },
    async (req) => {
      const me = req.member!;
      if (await offers.startsConversation(me.id, req.body.tradeIdx)) await limits.check(req, { memberId: me.id }, 'conversationsPerDay');
      return { result: await offers.offer(me, req.body, idempotencyKeyOf(req.headers['idempotency-key'])) };
    },
  );

  app.post(
    '/api/deals/:dealId/counter',
    {
      onRequest: member,
      preHandler: limits.perMember('messages'),
      schema: { tags, summary: '다시 제안 (제안을 받은 쪽)', params: dealIdParams, body: dealCounterBody, response: dealAnswer },
    },
    async (req) => ({ result: await offers.counter(req.member!, req.params.dealId, req.body) }),
  );

  app.post(
    '/api/deals/:dealId/decline',
    {
      onRequest: member,
      schema: { tags, summary: '제안 거절 (사유 필수)', params: dealIdParams, body: dealDeclineBody, response: dealAnswer },
    },
    async (req) => ({ result: await offers.decline(req.member!, req.params.dealId, req.body.reason) }),
  );

  /** A step without a body, by one side of the deal. */
  const step = (path: string, summary: string, run: (member: DealMember, dealId: number) => Promise<Deal>) =>
    app.post(
      `/api/deals/:dealId/${path}`,
      { onRequest: member, schema: { tags, summary, params: dealIdParams, response: dealAnswer } },
      async (req) => ({
        result: await run(req.member!, req.params.dealId),
      }),
    );
  step('accept', '제안 수락: 조건 확정, 수량 예약 (7일 안에 양쪽이 거래 완료를 확인해야 함)', (m, id) => offers.accept(m, id));
  step('withdraw', '보낸 제안 철회 (수락 전까지)', (m, id) => offers.withdraw(m, id));
  step('confirm', '거래 완료 확인 (양쪽이 모두 확인하면 확인된 거래)', (m, id) => settle.confirm(m, id));
  step('cancel', '합의된 거래 취소 (예약 수량 반환)', (m, id) => settle.cancel(m, id));

  app.post(
    '/api/deals/:dealId/review',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '거래 후기 (확인된 거래의 양쪽이 한 번씩)',
        params: dealIdParams,
        body: dealReviewBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await reviews.review(req.member!, req.params.dealId, req.body);
      return { result: true as const };
    },
  );
};
