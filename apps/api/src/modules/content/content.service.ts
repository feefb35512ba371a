import type { ContentDetail, ContentKind, ContentSummary } from '@beesang/contract';
import { NotFoundError } from '../../lib/errors.ts';
import type { ContentRepository } from './content.repository.ts';

type Row = Awaited<ReturnType<ContentRepository['list']>>['rows'][number];

function toSummary(row: Row): ContentSummary {
  return {
    id: row.id,
    kind: row.kind as ContentKind,
    title: row.title,
    summary: row.summary,
    thumbnailUrl: row.thumbnail_url,
    source: row.source,
    pinned: row.pinned,
    eventStartsAt: row.event_starts_at?.toISOString() ?? null,
    eventEndsAt: row.event_ends_at?.toISOString() ?? null,
    publishedAt: row.published_at.toISOString(),
  };
}

export function createContentService(repo: ContentRepository) {
  return {
    async list(kind: ContentKind, page: number, size: number) {
      const { rows, total } = await repo.list(kind, page, size);
      return { data: rows.map(toSummary), total, page, size };
    },
    async detail(kind: ContentKind, id: number): Promise<ContentDetail> {
      const row = await repo.find(kind, id);
      if (!row) throw new NotFoundError('contentNotFound');
      const { prevId, nextId } = await repo.neighbours(kind, row.published_at, row.id);
      return { ...toSummary(row), body: row.body, prevId, nextId };
    },
    sitemapEntries: () => repo.allForSitemap(),
  };
}
export type ContentService = ReturnType<typeof createContentService>;
