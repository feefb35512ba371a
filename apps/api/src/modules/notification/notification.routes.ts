import {
  envelope,
  errorSchema,
  notificationIdParams,
  notificationListSchema,
  notificationReadBody,
  notificationSettingsSchema,
  pagingQuery,
  priceAlertBody,
  priceAlertIdParams,
  priceAlertListQuery,
  priceAlertSchema,
  unreadSchema,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { PriceAlertsService } from './alerts/price-alerts.service.ts';
import type { NotificationService } from './notification.service.ts';
import type { SettingsService } from './settings/settings.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** A member's notifications, their switches and their price alerts (issue 23); member-only, never cached. */
export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationService;
  settings: SettingsService;
  alerts: PriceAlertsService;
  auth: AuthService;
}> = async (app, { notifications, settings, alerts, auth }) => {
  app.addHook('onRequest', requireMember(auth));
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const tags = ['notification'];

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: '내 알림 (최신 순, 90일 보관, 안 읽은 수 포함)',
        querystring: pagingQuery,
        response: { 200: envelope(notificationListSchema), ...errors },
      },
    },
    async (req) => ({ result: await notifications.list(req.member!.id, req.query.page, req.query.size) }),
  );
  app.get(
    '/api/notifications/unread',
    { schema: { tags, summary: '안 읽은 알림 수 (헤더의 종)', response: { 200: envelope(unreadSchema), ...errors } } },
    async (req) => ({ result: await notifications.unread(req.member!.id) }),
  );
  app.post(
    '/api/notifications/read',
    {
      schema: {
        tags,
        summary: '알림 읽음 ({ ids } 또는 { all: true })',
        body: notificationReadBody,
        response: { 200: envelope(unreadSchema), ...errors },
      },
    },
    async (req) => ({ result: await notifications.read(req.member!.id, 'all' in req.body ? 'all' : req.body.ids) }),
  );
  app.delete(
    '/api/notifications/:id',
    { schema: { tags, summary: '알림 삭제', params: notificationIdParams, response: { 200: envelope(unreadSchema), ...errors } } },
    async (req) => ({ result: await notifications.remove(req.member!.id, req.params.id) }),
  );
  app.get(
    '/api/notifications/settings',
    {
      schema: {
        tags,
        summary: '알림 설정 (종류별·채널별, 광고성 정보와 야간 수신 동의)',
        response: { 200: envelope(notificationSettingsSchema), ...errors },
      },
    },
    async (req) => ({ result: await settings.get(req.member!.id) }),
  );
  app.put(
    '/api/notifications/settings',
    {
      schema: {
        tags,
        summary: '알림 설정 저장 (야간 광고 수신은 광고성 정보 수신 동의가 있어야 함)',
        body: notificationSettingsSchema,
        response: { 200: envelope(notificationSettingsSchema), ...errors },
      },
    },
    async (req) => ({ result: await settings.put(req.member!.id, req.body) }),
  );

  const alertTags = ['price-alert'];
  app.get(
    '/api/price-alerts',
    {
      schema: {
        tags: alertTags,
        summary: '내 가격 알림 (companyIdx로 한 종목만)',
        querystring: priceAlertListQuery,
        response: { 200: envelope(z.object({ data: z.array(priceAlertSchema) })), ...errors },
      },
    },
    async (req) => ({ result: await alerts.list(req.member!.id, req.query.companyIdx) }),
  );
  app.post(
    '/api/price-alerts',
    {
      schema: {
        tags: alertTags,
        summary: '가격 알림 추가 (위로 넘을 때/아래로 내려갈 때, 회원당 50개)',
        body: priceAlertBody,
        response: { 200: envelope(priceAlertSchema), ...errors },
      },
    },
    async (req) => ({ result: await alerts.add(req.member!.id, req.body) }),
  );
  app.delete(
    '/api/price-alerts/:id',
    {
      schema: {
        tags: alertTags,
        summary: '가격 알림 삭제',
        params: priceAlertIdParams,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      await alerts.remove(req.member!.id, req.params.id);
      return { result: true as const };
    },
  );
};
