import { adminCautionsSchema, adminConversationSchema, envelope, errorSchema, idParam } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from '../auth/auth.service.ts';
import type { AdminConversationsService } from './admin-conversations.service.ts';
import { actorOf, requireStaff } from './staff-guard.ts';

const tags = ['admin'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Reported conversations and the cautions count (issue 22 §4), for moderators (area 'reports'). */
export const adminConversationRoutes: FastifyPluginAsyncZod<{ conversations: AdminConversationsService; auth: AuthService }> = async (
  app,
  { conversations, auth },
) => {
  const reports = requireStaff(auth, 'reports');
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/conversations/:id',
    {
      onRequest: reports,
      schema: {
        tags,
        summary: '신고된 대화 열람 (두 회원, 매물, 모든 메시지와 주의 표시; 열람할 때마다 감사 로그에 남음)',
        params: z.object({ id: idParam }),
        response: { 200: envelope(adminConversationSchema), ...errors },
      },
    },
    async (req) => ({ result: await conversations.read(actorOf(req), req.params.id) }),
  );

  app.get(
    '/api/admin/cautions',
    {
      onRequest: reports,
      schema: {
        tags,
        summary: '최근 7일 주의 표시된 메시지 수와 많이 보낸 회원',
        response: { 200: envelope(adminCautionsSchema), ...errors },
      },
    },
    async () => ({ result: await conversations.cautions() }),
  );
};
