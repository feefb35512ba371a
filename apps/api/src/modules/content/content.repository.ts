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

export function createContentRepository(db: Db) {
  return {
    async list(kind: ContentKind, page: number, size: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('contents')
          .select(columns)
          .where('kind', '=', kind)
          .orderBy('pinned', 'desc')
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db.selectFrom('contents').select(sql<number>`count(*)::int`.as('n')).where('kind', '=', kind).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async find(kind: ContentKind, id: number) {
      return db
        .selectFrom('contents')
        .select([...columns, 'body'])
        .where('kind', '=', kind)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Neighbours in publication order (newer = previous in the list, older = next). */
    async neighbours(kind: ContentKind, publishedAt: Date, id: number) {
      const [newer, older] = await Promise.all([
        db
          .selectFrom('contents')
          .select('id')
          .where('kind', '=', kind)
          .where(sql<boolean>`(published_at, id) > (${publishedAt}, ${id})`)
          .orderBy('published_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('contents')
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

    async allForSitemap() {
      return db.selectFrom('contents').select(['id', 'kind', 'published_at']).orderBy('id').execute();
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
