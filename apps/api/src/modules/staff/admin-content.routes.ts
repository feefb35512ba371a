import {
  adminContentBody,
  adminContentKindParams,
  adminContentPatchBody,
  adminContentPreviewBody,
  adminContentRowSchema,
  adminQueueQuery,
  type ContentKind,
  envelope,
  errorSchema,
  idParam,
  pagedEnvelope,
} from '@beesang/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ContentInput, ContentService } from '../content/content.service.ts';
import { type AuditRepository, auditedChange } from './audit.repository.ts';
import { actorOf, requireStaff } from './staff-guard.ts';

const tags = ['admin'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Content (콘텐츠) for editors: notices, events, news and market reports; every change audited. */
export const adminContentRoutes: FastifyPluginAsyncZod<{
  contents: ContentService;
  auth: AuthService;
  db: Db;
  audit: AuditRepository;
  clock: Clock;
  isOwnUpload: (url: string) => boolean;
  /** Told after a committed change, so that every instance drops the pages showing that kind. */
  changed?: (kind: ContentKind) => void;
}> = async (app, { contents, auth, db, audit, clock, isOwnUpload, changed = () => {} }) => {
  const editors = requireStaff(auth, 'content');
  const change = auditedChange(db, audit, () => clock.now());
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const input = <T extends { imageUrl?: string | undefined; publishAt?: string | undefined }>(body: T) => {
    if (body.imageUrl && !isOwnUpload(body.imageUrl))
      throw new AppError(400, 'adminContentImage', 'BAD_REQUEST', { fields: { imageUrl: '이미지는 비상에 올린 파일만 쓸 수 있습니다.' } });
    return { ...body, publishAt: body.publishAt ? new Date(body.publishAt) : undefined };
  };
  const itemParams = adminContentKindParams.extend({ id: idParam });

  app.get(
    '/api/admin/content/:kind',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: '콘텐츠 목록 (임시저장·예약 포함)',
        params: adminContentKindParams,
        querystring: adminQueueQuery,
        response: {
          200: pagedEnvelope(adminContentRowSchema),
          ...errors,
        },
      },
    },
    async (req) => ({ result: await contents.adminList(req.params.kind, req.query.page, req.query.size) }),
  );

  app.post(
    '/api/admin/content/preview',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: '콘텐츠 미리보기: Markdown을 회원이 보게 될 HTML로 (저장하지 않음)',
        body: adminContentPreviewBody,
        response: { 200: envelope(z.object({ bodyHtml: z.string() })), ...errors },
      },
    },
    async (req) => ({ result: contents.preview(req.body.body) }),
  );

  app.post(
    '/api/admin/content/:kind',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: '콘텐츠 작성 (Markdown; publishAt으로 예약, published=false는 임시저장)',
        params: adminContentKindParams,
        body: adminContentBody,
        response: { 200: envelope(z.object({ id: z.number().int() })), ...errors },
      },
    },
    async (req) => {
      const data = input(req.body) as ContentInput;
      const id = await change(
        actorOf(req),
        (created: number) => ({
          action: 'content.create',
          targetType: 'CONTENT',
          targetId: `${req.params.kind}:${created}`,
          detail: { title: data.title, published: data.published, publishAt: req.body.publishAt ?? null },
        }),
        (tx) => contents.create(req.params.kind, data, tx),
      );
      changed(req.params.kind);
      return { result: { id } };
    },
  );

  app.patch(
    '/api/admin/content/:kind/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: '콘텐츠 수정·게시·게시 취소',
        params: itemParams,
        body: adminContentPatchBody,
        response: { 200: envelope(z.literal(true)), ...errors },
      },
    },
    async (req) => {
      const data = input(req.body);
      await change(
        actorOf(req),
        {
          action: 'content.update',
          targetType: 'CONTENT',
          targetId: `${req.params.kind}:${req.params.id}`,
          detail: { fields: Object.keys(req.body) },
        },
        (tx) => contents.update(req.params.kind, req.params.id, data, tx),
      );
      changed(req.params.kind);
      return { result: true as const };
    },
  );

  app.delete(
    '/api/admin/content/:kind/:id',
    {
      onRequest: editors,
      schema: { tags, summary: '콘텐츠 삭제', params: itemParams, response: { 200: envelope(z.literal(true)), ...errors } },
    },
    async (req) => {
      await change(
        actorOf(req),
        { action: 'content.delete', targetType: 'CONTENT', targetId: `${req.params.kind}:${req.params.id}`, detail: {} },
        (tx) => contents.remove(req.params.kind, req.params.id, tx),
      );
      changed(req.params.kind);
      return { result: true as const };
    },
  );
};
