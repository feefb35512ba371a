import { randomInt } from 'node:crypto';
import { errorSchema, liveEventSchema, SanctionState } from '@beesang/contract';
import { fastifySSE, type SSEReplyInterface } from '@fastify/sse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { accessTokenOf, requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { LiveHub } from './live.service.ts';
import { sseConnection } from './live-connection.ts';

export interface LiveRouteOptions {
  hub: LiveHub;
  auth: AuthService;
  /** A comment line this often keeps proxies from closing a quiet stream (default 25 s; most proxies give up at 60). */
  heartbeatMs?: number;
  /** How often an open stream checks that its session still stands (default 60 s): logout, suspension and expiry end it. */
  reauthMs?: number;
  /** The member's two unread totals, the header's (the deal and notification modules' services): a fresh stream's first event. */
  unreadCounts(memberId: number): Promise<{ messages: number; notifications: number }>;
}

/** The reconnection delay a client is told, spread so that a restarted instance is not hit by all of its clients at once. */
const RETRY_MS = { min: 2_000, max: 5_000 };
/** What a fresh stream's first block sets as the last event id, so that every reconnection sends Last-Event-ID. */
const FIRST_ID = '0';
const LAST_EVENT_ID = /^\d{1,20}$/;

const description = [
  '로그인한 회원의 실시간 알림 (Server-Sent Events). `Accept: text/event-stream`으로 연결합니다 (브라우저의 EventSource).',
  '',
  '각 이벤트의 `data:`는 JSON 하나이고 `type`으로 구분합니다:',
  '- `message`: 대화에 새 메시지 (`conversationId`, `message`, 나의 `unreadCount`). SSE `id:`는 메시지 번호입니다.',
  '- `deal`: 거래의 상태가 바뀜 (`conversationId`, `deal`).',
  '- `read`: 상대가 메시지를 읽음 (`conversationId`, `messageId`, `unreadCount`).',
  '- `resync`: 놓친 이벤트가 있을 수 있음: 보고 있는 목록과 대화를 다시 읽으세요.',
  '- `counts`: 헤더의 안 읽은 수 (`messages`: 메시지, `notifications`: 알림). 새로 연 연결의 첫 이벤트입니다.',
  '',
  '연결 규칙: 첫 블록이 `retry:`(재연결 대기 ms)와 `id:`를 알려 주므로 재연결할 때마다 Last-Event-ID 헤더가 붙고, ' +
    '그때 서버는 첫 이벤트로 `resync`를 보냅니다. 새 연결의 첫 이벤트는 `counts`이므로 연결 뒤에 안 읽은 수를 따로 읽지 않아도 됩니다 ' +
    '(그 수를 읽지 못했으면 `resync`가 옵니다). 클라이언트는 재연결과 `resync` 때 `GET /api/conversations/{id}/messages?after=`로 ' +
    '마지막으로 받은 메시지 뒤를 다시 읽고, 메시지 번호로 중복을 거릅니다. 약 25초마다 주석 줄(`: heartbeat`)이 옵니다. ' +
    '한 회원이 인스턴스마다 연결을 10개까지 열 수 있고, 넘으면 가장 오래된 연결이 닫힙니다. 세션이 끝나면(로그아웃, 만료, 정지) 1분 안에 연결이 닫히며, ' +
    '그 뒤 재연결은 401입니다: 토큰을 새로 받아 다시 연결하세요.',
].join('\n');

/**
 * GET /api/live (decision 0025): the member's live events over Server-Sent Events, through the
 * maintained @fastify/sse plugin. The stream is written to the socket directly (no compression, no
 * buffering in Fastify's reply), with a heartbeat comment, and ends when its session ends.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRouteOptions> = async (
  app,
  { hub, auth, unreadCounts, heartbeatMs = 25_000, reauthMs = 60_000 },
) => {
  // Events are JSON encoded once per bus message, not once per stream: strings go out as they are.
  await app.register(fastifySSE, {
    heartbeatInterval: heartbeatMs,
    serializer: (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data)),
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/live',
    {
      // 'dual': only an explicit Accept: text/event-stream opens a stream; anything else gets a 406
      // below, so that a stray fetch or prefetch never holds a connection open for good.
      sse: 'dual',
      compress: false,
      onRequest: requireMember(auth),
      schema: {
        tags: ['live'],
        summary: '실시간 알림 (Server-Sent Events: 메시지, 거래, 읽음, 다시 읽기)',
        description,
        headers: z.looseObject({
          'last-event-id': z
            .string()
            .max(100)
            .optional()
            .describe('재연결할 때 브라우저가 보내는 마지막 이벤트 id: 있으면 첫 이벤트가 resync입니다.'),
        }),
        response: {
          200: {
            description: 'text/event-stream: 이벤트마다 data: 한 줄에 아래 JSON 하나',
            content: { 'text/event-stream': { schema: liveEventSchema } },
          },
          406: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const stream = reply.sse as SSEReplyInterface | undefined;
      if (!stream) throw new AppError(406, 'liveEventStreamOnly', 'NOT_ACCEPTABLE');
      // Gone while its session was being checked: the plugin never heard the close, so stop here.
      if (req.raw.socket.destroyed || reply.raw.destroyed) return;
      const member = req.member as NonNullable<typeof req.member>;
      const token = accessTokenOf(req);
      stream.keepAlive();
      reply.header('cache-control', 'no-store');

      const connection = sseConnection(member.id, stream, reply.raw);
      const detach = hub.attach(connection);
      let recheck: NodeJS.Timeout | undefined;
      stream.onClose(() => {
        clearTimeout(recheck);
        detach();
      });
      // The first block: the retry hint, and an id so that the browser's next reconnection says it
      // is one. To a fresh stream the member's unread totals, read after attaching (what the hub
      // hands over meanwhile waits until this block is out); to a reconnection, or when the totals
      // could not be read, resync: the client reads what it shows again, the totals included.
      const retry = randomInt(RETRY_MS.min, RETRY_MS.max + 1);
      const last = stream.lastEventId;
      const id = last !== null && LAST_EVENT_ID.test(last) ? last : FIRST_ID;
      const counts = last === null ? await unreadCounts(member.id).catch(() => null) : null;
      const first = counts ? { type: 'counts' as const, ...counts } : { type: 'resync' as const };
      await connection.open({ id, retry, data: JSON.stringify(first) });
      // The client left before we got here: its close already ran, with nothing to remove then.
      if (!stream.isConnected) detach();

      const check = () => {
        recheck = setTimeout(
          async () => {
            const holder = await auth.holderOf(token).catch(() => undefined);
            if (!stream.isConnected) return; // closed meanwhile: no further check
            if (holder === undefined)
              check(); // the database did not answer: try again later
            else if (holder === null || holder.sanction_state === SanctionState.SUSPEND) connection.end();
            else check();
          },
          reauthMs * (0.8 + Math.random() * 0.4),
        );
        recheck.unref();
      };
      if (stream.isConnected) check();
    },
  );
};
