import { envelope, errorSchema, type LiveEvent } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { LiveHub } from './live.service.ts';

const body = z.strictObject({
  userIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(10_000),
  text: z.string().max(1000).default('실시간 채널 시험 메시지'),
});

/**
 * DEV_LIVE=1 on a local server only (config refuses it at a public address in production): sends
 * one made-up message event to each member named, through the hub as the deal module sends, so
 * that `npm run bench` can time delivery to thousands of open streams. Registered only when
 * enabled; elsewhere it is 404 like any unknown path.
 */
export const liveDevRoutes: FastifyPluginAsyncZod<{ hub: LiveHub; clock: Clock }> = async (app, { hub, clock }) => {
  let sequence = 0;
  app.post(
    '/api/dev/live',
    {
      schema: {
        tags: ['dev'],
        summary: '개발용 실시간 이벤트 (DEV_LIVE, 로컬 전용): 회원마다 시험 메시지 하나',
        body,
        response: { 200: envelope(z.object({ sent: z.number().int() })), 400: errorSchema },
      },
    },
    async (req) => {
      const createdAt = clock.now().toISOString();
      for (const userId of req.body.userIds) {
        sequence += 1;
        const event: LiveEvent = {
          type: 'message',
          conversationId: 0,
          message: {
            messageId: sequence,
            conversationId: 0,
            kind: 'TEXT',
            sender: null,
            text: req.body.text,
            dealId: null,
            stockCount: null,
            stockPerPrice: null,
            cautions: [],
            createdAt,
          },
          unreadCount: 0,
        };
        hub.send([userId], event);
      }
      return { result: { sent: req.body.userIds.length } };
    },
  );
};
