import { envelope, errorSchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OffsetClock } from '../lib/clock.ts';

const clockState = z.object({ offsetMs: z.number().int(), now: z.string() });

/**
 * DEV_CLOCK=1 on a local server only (config refuses it at a public address): read and move the
 * server's clock for browser journeys. Registered only when enabled, so it is 404 everywhere else.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: OffsetClock }> = async (app, { clock }) => {
  const answer = () => ({ result: { offsetMs: clock.offset(), now: clock.now().toISOString() } });
  app.get(
    '/api/dev/clock',
    { schema: { tags: ['dev'], summary: '개발용 시계 (DEV_CLOCK, 로컬 전용)', response: { 200: envelope(clockState) } } },
    async () => answer(),
  );
  app.post(
    '/api/dev/clock',
    {
      schema: {
        tags: ['dev'],
        summary: '개발용 시계 이동: offsetMs만큼 앞(또는 뒤)의 시각으로',
        body: z.strictObject({
          offsetMs: z
            .number()
            .int()
            .min(-86_400_000 * 366)
            .max(86_400_000 * 366),
        }),
        response: { 200: envelope(clockState), 400: errorSchema },
      },
    },
    async (req) => {
      clock.setOffset(req.body.offsetMs);
      return answer();
    },
  );
};
