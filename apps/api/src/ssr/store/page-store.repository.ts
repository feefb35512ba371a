import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { documentFromPacked } from '../nonce-splice.ts';
import type { CachedPage } from '../page-cache.ts';
import type { PageStore } from './page-store.ts';

/** The store in `rendered_pages`, for PostgreSQL: the only writer of that table. */
export function createDatabasePageStore(db: Db, clock: Clock): PageStore {
  // A put in flight when a drop comes is awaited first: on a pool, the drop could otherwise commit
  // before the insert of a page that read what the write changed.
  const putting = new Set<Promise<unknown>>();
  // A read waits for the drops under way: on a pool, it could otherwise see a page a write just dropped.
  const dropping = new Set<Promise<unknown>>();
  const tracked = async (set: Set<Promise<unknown>>, work: Promise<unknown>) => {
    set.add(work);
    try {
      await work;
    } finally {
      set.delete(work);
    }
  };

  return {
    async get(key) {
      if (dropping.size > 0) await Promise.allSettled([...dropping]);
      const now = clock.now();
      const row = await db
        .selectFrom('rendered_pages')
        .select(['tags', 'status', 'headers', 'nonce', 'gzip', 'gzip_index', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      const document = documentFromPacked({ nonce: row.nonce, gzip: Buffer.from(row.gzip, 'base64'), gzipIndex: row.gzip_index });
      const page: CachedPage = {
        status: row.status,
        headers: row.headers,
        get body() {
          return document.rendered;
        },
        tags: new Set(row.tags),
        lease: (fresh, encoding) => document.lease(fresh, encoding),
        packed: () => document.packed(),
      };
      return { page, remainingMs: new Date(row.expires_at).getTime() - now.getTime() };
    },

    async put(key, page, lifetimeMs) {
      const now = clock.now();
      const packed = page.packed();
      const values = {
        key,
        tags: [...page.tags],
        status: page.status,
        headers: JSON.stringify(page.headers),
        nonce: packed.nonce,
        gzip: packed.gzip.toString('base64'),
        gzip_index: JSON.stringify(packed.gzipIndex),
        rendered_at: now,
        expires_at: new Date(now.getTime() + lifetimeMs),
      };
      const { key: _, ...update } = values;
      await tracked(
        putting,
        db
          .insertInto('rendered_pages')
          .values(values)
          .onConflict((oc) => oc.column('key').doUpdateSet(update))
          .execute(),
      );
    },

    async drop(tag) {
      const puts = [...putting];
      const work = async () => {
        await Promise.allSettled(puts);
        if (tag === undefined) await db.deleteFrom('rendered_pages').execute();
        else await db.deleteFrom('rendered_pages').where(sql<boolean>`tags @> array[${tag}]::text[]`).execute();
      };
      await tracked(dropping, work());
    },

    async missing(keys, forMs = 0) {
      if (keys.length === 0) return [];
      const until = new Date(clock.now().getTime() + forMs);
      const kept = await db
        .selectFrom('rendered_pages')
        .select('key')
        .where('key', 'in', [...keys])
        .where('expires_at', '>', until)
        .execute();
      const have = new Set(kept.map((r) => r.key));
      return keys.filter((key) => !have.has(key));
    },

    async purge() {
      const result = await db.deleteFrom('rendered_pages').where('expires_at', '<=', clock.now()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async count() {
      const row = await db
        .selectFrom('rendered_pages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('expires_at', '>', clock.now())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
