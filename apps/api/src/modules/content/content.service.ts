import type { ContentDetail, ContentKind, ContentSummary } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type InvalidationBus, TOPICS } from '../../lib/invalidation.ts';
import { createClockSlotCache } from '../../lib/ttl-cache.ts';
import type { ContentDraft, ContentRepository } from './content.repository.ts';
import { plainSummary, renderMarkdown } from './markdown.ts';

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

export interface ContentInput {
  title: string;
  body: string;
  imageUrl?: string | undefined;
  publishAt?: Date | undefined;
  published: boolean;
}

/** How long a page of published posts is reused: the bound the visitors' page cache has for a scheduled post coming due. */
const LIST_REUSE_MS = 5_000;

/**
 * Notices, events, news and market reports (spec §2). Members see what is published and whose
 * time has come (read time decides, so a scheduled post appears on the dot on every instance);
 * editors write Markdown that members read as sanitised HTML (issue 11).
 */
export function createContentService(repo: ContentRepository, clock: Clock, bus?: InvalidationBus) {
  // Pages of published posts, read by every render of the home page (a member's too; issue 24): kept
  // per time slot of the business clock, so a scheduled post still appears within the 5 s everywhere
  // (and at once in a test that moves the clock), and dropped by an editor's write on every instance.
  const lists = createClockSlotCache<Awaited<ReturnType<ContentRepository['list']>>>(clock, LIST_REUSE_MS);
  bus?.subscribe(TOPICS.content, () => lists.clear());
  const draftOf = (input: Partial<ContentInput>): Partial<ContentDraft> => ({
    ...(input.title !== undefined && { title: input.title }),
    ...(input.body !== undefined && { body: input.body, summary: plainSummary(input.body) }),
    ...(input.imageUrl !== undefined && { thumbnailUrl: input.imageUrl }),
    ...(input.published !== undefined && { published: input.published }),
    ...(input.publishAt !== undefined && { publishedAt: input.publishAt }),
  });
  return {
    /** The editor's preview: exactly what members will read (the same renderer and allow-list). */
    preview: (body: string) => ({ bodyHtml: renderMarkdown(body) }),

    async list(kind: ContentKind, page: number, size: number) {
      const { rows, total } = await lists.get(`${kind}:${page}:${size}`, (now) => repo.list(kind, page, size, now));
      return { data: rows.map(toSummary), total, page, size };
    },
    async detail(kind: ContentKind, id: number): Promise<ContentDetail> {
      const now = clock.now();
      const row = await repo.find(kind, id, now);
      if (!row) throw new NotFoundError('contentNotFound');
      const { prevId, nextId } = await repo.neighbours(kind, row.published_at, row.id, now);
      return { ...toSummary(row), body: row.body, bodyHtml: renderMarkdown(row.body), prevId, nextId };
    },
    sitemapEntries: () => repo.allForSitemap(clock.now()),

    /** The editors' view of a kind: drafts and scheduled posts included, with their state. */
    async adminList(kind: ContentKind, page: number, size: number) {
      const now = clock.now();
      const { rows, total } = await repo.adminList(kind, page, size);
      const data = rows.map((r) => ({
        ...toSummary(r),
        body: r.body,
        published: r.published,
        state: !r.published ? ('DRAFT' as const) : r.published_at.getTime() > now.getTime() ? ('SCHEDULED' as const) : ('LIVE' as const),
      }));
      return { data, total, page, size };
    },
    async create(kind: ContentKind, input: ContentInput, tx: Db): Promise<number> {
      const now = clock.now();
      const draft: ContentDraft = {
        title: input.title,
        body: input.body,
        summary: plainSummary(input.body),
        thumbnailUrl: input.imageUrl ?? '',
        published: input.published,
        publishedAt: input.publishAt ?? now,
      };
      return repo.insert(tx, kind, draft, now);
    },
    async update(kind: ContentKind, id: number, input: Partial<ContentInput>, tx: Db): Promise<void> {
      if (!(await repo.update(tx, kind, id, draftOf(input), clock.now()))) throw new NotFoundError('contentNotFound');
    },
    async remove(kind: ContentKind, id: number, tx: Db): Promise<void> {
      if (!(await repo.softDelete(tx, kind, id, clock.now()))) throw new NotFoundError('contentNotFound');
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
