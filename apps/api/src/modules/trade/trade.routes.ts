import {
  companyIdxParams,
  envelope,
  errorSchema,
  pagedEnvelope,
  TradeType,
  tradeCreateBody,
  tradeFinishBody,
  tradeIdParams,
  tradeListQuery,
  tradeProofBody,
  tradeSchema,
  tradeUpdateBody,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../db/idempotency.ts';
import { type AnswerCache, companyTag, OWN_LISTINGS_TAG, ownerTag, sendKept, variantKey } from '../../lib/answer-cache.ts';
import { optionalMemberId, requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Limits } from '../limits/limits.ts';
import type { TradeService } from './trade.service.ts';

const tags = ['trade'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

export const tradeRoutes: FastifyPluginAsyncZod<{
  trades: TradeService;
  auth: AuthService;
  limits: Limits;
  /** A company's open listings, serialised once for readers with the same marks (lib/answer-cache.ts). */
  answers?: AnswerCache;
  /** The app's clock (ms): how long a kept list stays as it is. */
  now?: () => number;
}> = async (app, { trades, auth, limits, answers, now = Date.now }) => {
  const member = requireMember(auth);
  const viewer = optionalMemberId(auth);

  app.get(
    '/api/v2/trade/:tradeIdx',
    { schema: { tags, summary: '매물 상세', params: tradeIdParams, response: { 200: envelope(tradeSchema), ...errors } } },
    async (req) => ({ result: await trades.get(req.params.tradeIdx, await viewer(req)) }),
  );

  app.get(
    '/api/v2/trade/all/company/:companyIdx',
    {
      schema: {
        tags,
        summary: '종목의 매물 목록 (상단 고정 먼저; 매도는 낮은 가격, 매수는 높은 가격 순)',
        params: companyIdxParams,
        querystring: tradeListQuery,
        response: { 200: pagedEnvelope(tradeSchema), ...errors },
      },
    },
    async (req, reply) => {
      // Taken before the read that chooses the key: a write announced meanwhile keeps nothing.
      const generation = answers?.generation() ?? 0;
      const readerId = await viewer(req);
      const list = await trades.keyedList(req.params.companyIdx, req.query, readerId);
      const answer = async () => ({ result: await list.make() });
      if (!answers || !list.shared) return answer();
      // Readers whose own and reported listings in it are the same read the same bytes (issue 24).
      const tags = [companyTag(req.params.companyIdx), ...list.owners.map(ownerTag)];
      const keeping = { generation, from: now(), until: list.unchangedUntil };
      const reader = readerId === null ? undefined : { id: readerId, generation };
      return sendKept(answers, reply, variantKey(req.url, list.marks), tags, answer, keeping, reader);
    },
  );

  app.get(
    '/api/v2/trade/all/company/:companyIdx/top-fix',
    {
      schema: { tags, summary: '상단 고정 매물', params: companyIdxParams, response: { 200: envelope(z.array(tradeSchema)), ...errors } },
    },
    async (req) => ({ result: await trades.topFixed(req.params.companyIdx, await viewer(req)) }),
  );

  app.get(
    '/api/trade/my',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '내 매물 (종료된 매물 포함)',
        querystring: tradeListQuery,
        response: { 200: pagedEnvelope(tradeSchema), ...errors },
      },
    },
    async (req, reply) => {
      const generation = answers?.generation() ?? 0;
      const member = req.member!;
      const mine = await trades.keyedMine(member, req.query);
      const answer = async () => ({ result: mine.page });
      if (!answers) return answer();
      // Theirs alone (their proofs): under their id, dropped with their account, their trust line or any listing's change.
      const keeping = { generation, from: now(), until: mine.unchangedUntil };
      const key = variantKey(req.url, `mine:${member.id}`);
      return sendKept(answers, reply, key, [ownerTag(member.id), OWN_LISTINGS_TAG], answer, keeping, { id: member.id, generation });
    },
  );

  for (const [side, type] of [
    ['sell', TradeType.SELL],
    ['buy', TradeType.BUY],
  ] as const) {
    app.post(
      `/api/trade/${side}`,
      {
        onRequest: member,
        preHandler: limits.perMember('listingsPerHour', 'listingsPerDay'),
        schema: {
          tags,
          summary: side === 'sell' ? '매도 매물 등록 (Idempotency-Key 지원)' : '매수 매물 등록 (Idempotency-Key 지원)',
          body: tradeCreateBody,
          response: { 200: envelope(tradeSchema), ...errors },
        },
      },
      async (req) => ({
        result: await trades.create(req.member!, type, req.body, idempotencyKeyOf(req.headers['idempotency-key'])),
      }),
    );
  }

  app.patch(
    '/api/trade/:tradeIdx',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '매물 수정 (수량, 가격, 협의 여부만)',
        params: tradeIdParams,
        body: tradeUpdateBody,
        response: { 200: envelope(tradeSchema), ...errors },
      },
    },
    async (req) => ({ result: await trades.update(req.member!, req.params.tradeIdx, req.body) }),
  );

  app.post(
    '/api/trade/finish/:tradeIdx',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '거래 완료 (합의한 주당 가격으로 현재가 반영)',
        params: tradeIdParams,
        body: tradeFinishBody,
        response: { 200: envelope(tradeSchema), ...errors },
      },
    },
    async (req) => ({ result: await trades.finish(req.member!, req.params.tradeIdx, req.body.finishedPrice) }),
  );

  app.put(
    '/api/trade/proof/:tradeIdx',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '미발행 주식 증빙 첨부 (확인 대기로 바뀜)',
        params: tradeIdParams,
        body: tradeProofBody,
        response: { 200: envelope(tradeSchema), ...errors },
      },
    },
    async (req) => ({ result: await trades.attachProof(req.member!, req.params.tradeIdx, req.body) }),
  );

  app.delete(
    '/api/trade/:tradeIdx',
    {
      onRequest: member,
      schema: { tags, summary: '매물 삭제 (본인 매물만)', params: tradeIdParams, response: { 200: envelope(z.literal(true)), ...errors } },
    },
    async (req) => ({ result: await trades.remove(req.member!, req.params.tradeIdx) }),
  );
};
