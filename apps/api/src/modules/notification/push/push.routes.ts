import { envelope, errorSchema, pushSubscriptionBody, vapidKeySchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../../plugins/auth.ts';
import type { AuthService } from '../../auth/auth.service.ts';
import type { PushModule } from './push.module.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Web Push opt-in (issue 23): the server's VAPID key, and a browser's subscription kept or dropped. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: Pick<PushModule, 'subscriptions' | 'vapidPublicKey'>; auth: AuthService }> = async (
  app,
  { push, auth },
) => {
  const tags = ['notification'];
  const member = requireMember(auth);

  app.get(
    '/api/push/vapid-public-key',
    {
      schema: {
        tags,
        summary: 'Web Push VAPID 공개키 (PushManager.subscribe 의 applicationServerKey)',
        response: { 200: envelope(vapidKeySchema) },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send({ result: { publicKey: push.vapidPublicKey } }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '이 브라우저의 푸시 알림 켜기 (PushSubscription.toJSON())',
        description:
          '알려진 푸시 서비스(fcm.googleapis.com, updates.push.services.mozilla.com, *.notify.windows.com, *.push.apple.com)의 https 주소만 받습니다. 한 회원당 최근 10개 브라우저까지 보관합니다.',
        body: pushSubscriptionBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await push.subscriptions.subscribe(req.member!.id, req.body, String(req.headers['user-agent'] ?? ''));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      onRequest: member,
      schema: {
        tags,
        summary: '이 브라우저의 푸시 알림 끄기',
        body: pushSubscriptionBody.pick({ endpoint: true }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await push.subscriptions.unsubscribe(req.member!.id, req.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
