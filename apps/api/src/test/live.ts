import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@beesang/contract';
import type { FastifyInstance } from 'fastify';

/** A message event as the deal module sends one (conversation 7 unless told). */
export function messageEvent(messageId: number, text = '안녕하세요, 거래 가능할까요?', conversationId = 7): LiveEvent {
  return {
    type: 'message',
    conversationId,
    message: {
      messageId,
      conversationId,
      kind: 'TEXT',
      sender: { userIdx: 1, userNickname: '매도인', profileImageUrl: '', deleted: false },
      text,
      dealId: null,
      stockCount: null,
      stockPerPrice: null,
      cautions: [],
      createdAt: '2026-11-20T05:00:00.000Z',
    },
    unreadCount: 1,
  };
}

/** The app listening on a free loopback port (a live stream needs a real connection); its /api/live address. */
export async function liveUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/live`;
}
