import { performance } from 'node:perf_hooks';
import { type InvalidationBus, TOPICS } from '../lib/invalidation.ts';
import { type NoncedDocument, noncedDocument } from './nonce-splice.ts';

/** What a cached page was made of; a write that changes one of these drops the pages that read it. */
export const PAGE_TAGS = {
  /** Lists across companies: the home ranking, 전체 종목 (prices, listing counts). */
  market: 'market',
  /** One company's page: its price, 호가, chart, financials and listings. */
  company: (id: number | string) => `company:${id}`,
  /** Notices, events, news and market reports, on their pages and on the home page. */
  content: 'content',
  /** A member's public page (issue 22): their reviews, confirmed trades and listings. */
  member: (id: number | string) => `member:${id}`,
} as const;

/** Published after an editor's committed change to notices, events, news or market reports (key: the kind). */
export const CONTENT_TOPIC = TOPICS.content;

/** A rendered page as every visitor gets it: never a Set-Cookie among its headers. */
export interface CachedPage {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  /** The document as rendered, with its render's nonce. */
  body: Buffer;
  tags: ReadonlySet<string>;
  /**
   * The document with `nonce` for its scripts, the one this response's policy names (decision
   * 0015), plain or gzip (compressed once, each response's nonce spliced in): nonce-splice.ts.
   */
  lease: NoncedDocument['lease'];
}

interface Entry {
  page: CachedPage;
  at: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  /** Monotonic milliseconds (tests move it). */
  now?: () => number;
}

/** A page rendered with `nonce` (empty: a page without scripts) that other responses send with theirs. */
export function cachedPage(
  status: number,
  headers: ReadonlyArray<readonly [string, string]>,
  body: Buffer,
  tags: ReadonlySet<string>,
  nonce = '',
): CachedPage {
  const document = noncedDocument(body, nonce);
  return { status, headers, body, tags, lease: (fresh, encoding) => document.lease(fresh, encoding) };
}

/**
 * Visitors' pages, per URL, for a few seconds (decision 0014). Per instance; a write anywhere drops
 * what it changed on every instance through the invalidation bus, and the TTL bounds whatever no
 * write announces (a scheduled notice coming due, a member renaming themselves).
 *
 * - `render` runs once for concurrent misses of the same key; the others wait for its page.
 * - A page whose render began before an invalidation is not kept (it may show what was dropped).
 * - Least recently used pages go first beyond `maxEntries`.
 */
export function createPageCache(options: PageCacheOptions) {
  const { ttlMs, maxEntries = 500, now = () => performance.now() } = options;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<CachedPage | null>>();
  let epoch = 0;

  const fresh = (key: string): CachedPage | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.at >= ttlMs) {
      entries.delete(key);
      return undefined;
    }
    // Recently used pages stay: re-inserting moves the key to the end of the Map's order.
    entries.delete(key);
    entries.set(key, entry);
    return entry.page;
  };

  /** Drops the pages that read `tag`; without a tag, every page. */
  const invalidate = (tag?: string) => {
    epoch++;
    if (tag === undefined) {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries) if (entry.page.tags.has(tag)) entries.delete(key);
  };

  return {
    /**
     * The cached page of `key` ({ hit }), or what `render` made ({ rendered }); `pageOf` says which
     * renders may be kept. Concurrent misses wait for the first render and take its page; when it
     * made none (a member-only page, an error), each renders for itself. A render's failure is its
     * caller's.
     */
    async get<T>(
      key: string,
      render: () => Promise<T>,
      pageOf: (rendered: T) => CachedPage | null,
    ): Promise<{ hit: CachedPage } | { rendered: T }> {
      const cached = fresh(key);
      if (cached) return { hit: cached };
      const waiting = pending.get(key);
      if (waiting) {
        const page = await waiting;
        return page ? { hit: page } : { rendered: await render() };
      }
      const started = epoch;
      const rendering = render();
      // A render that began before a write may show what the write changed: neither kept nor shared.
      const made = rendering.then(
        (rendered) => (epoch === started ? pageOf(rendered) : null),
        () => null,
      );
      pending.set(key, made);
      void made.then((page) => {
        if (pending.get(key) === made) pending.delete(key);
        if (!page || epoch !== started) return;
        entries.set(key, { page, at: now() });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      });
      return { rendered: await rendering };
    },

    invalidate,

    /** Listens on the bus for the writes that change pages; returns the unsubscribe. */
    listen(bus: InvalidationBus): () => void {
      const companyChanged = (key?: string) => {
        if (key === undefined) return invalidate();
        invalidate(PAGE_TAGS.company(key));
        invalidate(PAGE_TAGS.market);
      };
      const stops = [
        bus.subscribe(TOPICS.company, companyChanged),
        bus.subscribe(TOPICS.listings, companyChanged),
        bus.subscribe(CONTENT_TOPIC, () => invalidate(PAGE_TAGS.content)),
        bus.subscribe(TOPICS.member, (key) => (key === undefined ? invalidate() : invalidate(PAGE_TAGS.member(key)))),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
