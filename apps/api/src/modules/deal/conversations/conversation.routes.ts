import {
  conversationDetailSchema,
  conversationIdParams,
  conversationListSchema,
  conversationReportBody,
  envelope,
  errorSchema,
  messageBody,
  messageSchema,
  messagesQuery,
  pagingQuery,
  readBody,
  reportResultSchema,
  unreadSchema,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../../../db/idempotency.ts';
import { requireMember } from '../../../plugins/auth.ts';
import type { AuthService } from '../../auth/auth.service.ts';
import type { Limits } from '../../limits/limits.ts';
import type { ConversationService } from './conversation.service.ts';

const tags = ['conversation'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** A member's conversations (issue 22 §1, §4): only its two members may read or write one. */
export const conversationRoutes: FastifyPluginAsyncZod<{ conversations: ConversationService; auth: AuthService; limits: Limits }> = async (
  app,
  { conversations, auth, limits },
) => {
  const member = requireMember(auth);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/conversations',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '내 대화 (최근 순, 대화마다 안 읽은 메시지 수)',
        querystring: pagingQuery,
        response: { 200: envelope(conversationListSchema), ...errors },
      },
    },
    async (req) => ({ result: await conversations.list(req.member!, req.query.page, req.query.size) }),
  );

  app.get(
    '/api/conversations/unread',
    { onRequest: member, schema: { tags, summary: '안 읽은 메시지 수 (헤더 배지)', response: { 200: envelope(unreadSchema), ...errors } } },
    async (req) => ({ result: await conversations.unread(req.member!.id) }),
  );

  app.get(
    '/api/conversations/:id',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '대화 (매물, 상대, 거래들, 읽음 표시, 차단)',
        params: conversationIdParams,
        response: { 200: envelope(conversationDetailSchema), ...errors },
      },
    },
    async (req) => ({ result: await conversations.detail(req.member!, req.params.id) }),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '메시지 (after 다음부터 쓰인 순서로 최대 100개; 100개가 오면 마지막 id로 다시 요청)',
        params: conversationIdParams,
        querystring: messagesQuery,
        response: { 200: envelope(z.object({ data: z.array(messageSchema) })), ...errors },
      },
    },
    async (req) => ({ result: await conversations.messages(req.member!, req.params.id, req.query.after) }),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      onRequest: member,
      preHandler: limits.perMember('messages'),
      schema: {
        tags,
        summary: '메시지 보내기 (1,000자; 분당 30개; 저장된 뒤 응답; Idempotency-Key 지원)',
        params: conversationIdParams,
        body: messageBody,
        response: { 200: envelope(messageSchema), ...errors },
      },
    },
    async (req) => ({
      result: await conversations.send(req.member!, req.params.id, req.body.text, idempotencyKeyOf(req.headers['idempotency-key'])),
    }),
  );

  app.post(
    '/api/conversations/:id/read',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '읽음 표시 (messageId까지, 없으면 전부)',
        params: conversationIdParams,
        body: readBody,
        response: { 200: envelope(z.object({ messageId: z.number().int() })), ...errors },
      },
    },
    async (req) => ({ result: await conversations.read(req.member!, req.params.id, req.body?.messageId) }),
  );

  app.post(
    '/api/conversations/:id/block',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '상대 차단 (제안·메시지 불가; 합의된 거래의 확정·취소는 가능)',
        params: conversationIdParams,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await conversations.block(req.member!, req.params.id);
      return { result: true as const };
    },
  );

  app.delete(
    '/api/conversations/:id/block',
    {
      onRequest: member,
      schema: { tags, summary: '차단 해제', params: conversationIdParams, response: { 200: envelope(z.literal(true)), ...errors } },
    },
    async (req) => {
      await conversations.unblock(req.member!, req.params.id);
      return { result: true as const };
    },
  );

  app.post(
    '/api/conversations/:id/report',
    {
      onRequest: member,
      preHandler: limits.perMember('reports'),
      schema: {
        tags,
        summary: '대화 신고 (운영자가 대화를 읽고 처리; 회원당 한 번)',
        params: conversationIdParams,
        body: conversationReportBody,
        response: { 200: envelope(reportResultSchema), ...errors },
      },
    },
    async (req) => ({
      result: await conversations.report(req.member!, req.params.id, req.body, idempotencyKeyOf(req.headers['idempotency-key'])),
    }),
  );
};
