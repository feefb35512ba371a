import type { ContentKind } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const columns = [
  'id',
  'kind',
  'title',
  'summary',
  'thumbnail_url',
  'source',
  'pinned',
  'event_starts_at',
  'event_ends_at',
  'published_at',
] as const;

export interface ContentDraft {
  title: string;
  summary: string;
  body: string;
  thumbnailUrl: string;
  published: boolean;
  publishedAt: Date;
}

export function createContentRepository(db: Db) {
  /** What members see: published, not deleted, and its publication time reached. */
  const visible = (now: Date) =>
    db.selectFrom('contents').where('published', '=', true).where('deleted_at', 'is', null).where('published_at', '<=', now);
  return {
    async list(kind: ContentKind, page: number, size: number, now: Date) {
      const [rows, count] = await Promise.all([
        visible(now)
          .select(columns)
          .where('kind', '=', kind)
          .orderBy('pinned', 'desc')
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        visible(now).select(sql<number>`count(*)::int`.as('n')).where('kind', '=', kind).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async find(kind: ContentKind, id: number, now: Date) {
      return visible(now)
        .select([...columns, 'body'])
        .where('kind', '=', kind)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Neighbours in publication order (newer = previous in the list, older = next). */
    async neighbours(kind: ContentKind, publishedAt: Date, id: number, now: Date) {
      const [newer, older] = await Promise.all([
        visible(now)
          .select('id')
          .where('kind', '=', kind)
          .where(sql<boolean>`(published_at, id) > (${publishedAt}, ${id})`)
          .orderBy('published_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst(),
        visible(now)
          .select('id')
          .where('kind', '=', kind)
          .where(sql<boolean>`(published_at, id) < (${publishedAt}, ${id})`)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { prevId: newer?.id ?? null, nextId: older?.id ?? null };
    },

    async allForSitemap(now: Date) {
      return visible(now).select(['id', 'kind', 'published_at']).orderBy('id').execute();
    },

    /** The editors' list: drafts, scheduled and published posts of a kind, newest first, deleted ones left out. */
    async adminList(kind: ContentKind, page: number, size: number) {
      const q = db.selectFrom('contents').where('kind', '=', kind).where('deleted_at', 'is', null);
      const [rows, count] = await Promise.all([
        q
          .select([...columns, 'body', 'published', 'updated_at'])
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    async insert(tx: Db, kind: ContentKind, d: ContentDraft, at: Date): Promise<number> {
      const row = await tx
        .insertInto('contents')
        .values({
          kind,
          title: d.title,
          summary: d.summary,
          body: d.body,
          thumbnail_url: d.thumbnailUrl,
          source: '비상',
          published: d.published,
          published_at: d.publishedAt,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(tx: Db, kind: ContentKind, id: number, d: Partial<ContentDraft>, at: Date): Promise<boolean> {
      const row = await tx
        .updateTable('contents')
        .set({
          ...(d.title !== undefined && { title: d.title }),
          ...(d.summary !== undefined && { summary: d.summary }),
          ...(d.body !== undefined && { body: d.body }),
          ...(d.thumbnailUrl !== undefined && { thumbnail_url: d.thumbnailUrl }),
          ...(d.published !== undefined && { published: d.published }),
          ...(d.publishedAt !== undefined && { published_at: d.publishedAt }),
          updated_at: at,
        })
        .where('kind', '=', kind)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async softDelete(tx: Db, kind: ContentKind, id: number, at: Date): Promise<boolean> {
      const row = await tx
        .updateTable('contents')
        .set({ deleted_at: at, updated_at: at })
        .where('kind', '=', kind)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
