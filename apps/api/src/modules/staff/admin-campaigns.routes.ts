import { campaignBody, campaignPreviewSchema, campaignSentSchema, envelope, errorSchema } from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CampaignService } from '../notification/campaigns/campaign.service.ts';
import { type AuditRepository, auditedChange } from './audit.repository.ts';
import { actorOf, requireStaff } from './staff-guard.ts';

const tags = ['admin'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/**
 * 캠페인 (광고), for editors (issue 23 §3): how many members a message reaches now and at 08:00 KST,
 * and sending it, audited; the notification module decides who may be told and when.
 */
export const adminCampaignRoutes: FastifyPluginAsyncZod<{
  campaigns: CampaignService;
  auth: AuthService;
  db: Db;
  audit: AuditRepository;
  clock: Clock;
}> = async (app, { campaigns, auth, db, audit, clock }) => {
  const editors = requireStaff(auth, 'content');
  const change = auditedChange(db, audit, () => clock.now());
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/campaigns/preview',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: '캠페인 미리보기: 받을 회원 수(지금/08시)와 회원이 읽을 문구',
        querystring: campaignBody,
        response: { 200: envelope(campaignPreviewSchema), ...errors },
      },
    },
    async (req) => ({ result: await campaigns.preview(req.query) }),
  );

  app.post(
    '/api/admin/campaigns',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: '캠페인 보내기 (광고성 정보 수신 동의 회원에게만; 21시~08시는 야간 동의 회원만, 나머지는 08시에)',
        body: campaignBody,
        response: { 200: envelope(campaignSentSchema), ...errors },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const preview = await campaigns.preview(req.body);
      const campaignId = await change(
        actor,
        (id: number) => ({
          action: 'campaign.send',
          targetType: 'CAMPAIGN',
          targetId: id,
          detail: { title: req.body.title, reach: preview },
        }),
        (tx) => campaigns.create(tx, { ...req.body, by: actor.id }),
      );
      return { result: { ...preview, campaignId } };
    },
  );
};
