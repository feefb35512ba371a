import { performance } from 'node:perf_hooks';
import { type InvalidationBus, TOPICS } from '../lib/invalidation.ts';
import { type NoncedDocument, noncedDocument, type PackedDocument } from './nonce-splice.ts';
import type { PageStore } from './store/page-store.ts';

/** What a cached page was made of; a write that changes one of these drops the pages that read it. */
export const PAGE_TAGS = {
  /** Lists across companies: the home ranking, 전체 종목 (prices, listing counts). */
  market: 'market',
  /** One company's page: its price, 호가, chart, financials and listings. */
  company: (id: number | string) => `company:${id}`,
  /** Notices, events, news and market reports, on their pages and on the home page. */
  content: 'content',
  /** A member's public page (issue 22): their reviews, confirmed trades and listings; their name on a company's listings. */
  member: (id: number | string) => `member:${id}`,
  /**
   * A read whose every change is announced on the bus vouches for its data this long (ms), time
   * alone included (a listing expiring). A page is kept past the short TTL only if it read nothing
   * unannounced (no `market` or `content` tag) and something vouched: then for the least of what
   * its reads vouched, at most the cache's `keptMs`.
   */
  keep: (ms: number) => `keep:${Math.max(0, Math.floor(ms))}`,
} as const;

/** How long a page of announced reads only (a company's) is kept at most: a write drops it sooner. */
export const KEPT_PAGE_MS = 60_000;
/** The same in the shared page store (decision 0034): the warmer renders such pages again within it. */
export const STORED_PAGE_MS = 60 * 60_000;
/** Tags of reads that no write announces in full (a scheduled notice, a member's rename in a list): the short TTL. */
const UNANNOUNCED = new Set<string>([PAGE_TAGS.market, PAGE_TAGS.content]);

/** How long a page with these tags is kept: `ttlMs`, or up to `keptMs` when all it read vouched (PAGE_TAGS.keep). */
export function pageLifetime(tags: ReadonlySet<string>, ttlMs: number, keptMs: number): number {
  let kept = Number.POSITIVE_INFINITY;
  for (const tag of tags) {
    if (UNANNOUNCED.has(tag)) return ttlMs;
    if (tag.startsWith('keep:')) kept = Math.min(kept, Number(tag.slice(5)));
  }
  return kept === Number.POSITIVE_INFINITY ? ttlMs : Math.min(kept, keptMs);
}

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
  /** The document and its gzip stream, for the shared page store. */
  packed(): PackedDocument;
}

interface Entry {
  page: CachedPage;
  at: number;
  /** how long it is kept from `at` (pageLifetime) */
  lifetime: number;
}

export interface PageCacheOptions {
  /** How long a page is kept unless all it read vouched for longer (PAGE_TAGS.keep). */
  ttlMs: number;
  /** The most a page of announced reads is kept (KEPT_PAGE_MS); `ttlMs` when not given. */
  keptMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds (tests move it). */
  now?: () => number;
  /**
   * The pages every instance shares (decision 0034): asked before a render, given what a render
   * made that is kept beyond `ttlMs` (for up to `storedMs`), dropped with the memory's pages.
   */
  store?: PageStore;
  /** The most a page of announced reads is kept in the store (STORED_PAGE_MS). */
  storedMs?: number;
  /** Whether a key's page may go to the store (a canonical URL: no query string, which anyone could vary). */
  storable?: (key: string) => boolean;
  /** After a tag's pages were dropped from the store (the warmer renders them again). */
  afterDrop?: (tag: string | undefined) => void;
  /** A store that failed (the page is rendered, or not kept, as without one). */
  onStoreError?: (error: unknown) => void;
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
  return { status, headers, body, tags, lease: (fresh, encoding) => document.lease(fresh, encoding), packed: () => document.packed() };
}

/**
 * Visitors' pages, per URL, for a few seconds (decision 0014), a company's for up to a minute
 * (pageLifetime). Per instance; a write anywhere drops what it changed on every instance through
 * the invalidation bus, and the TTL bounds whatever no write announces (a scheduled notice coming
 * due, a listing expiring within the minute).
 *
 * - `render` runs once for concurrent misses of the same key; the others wait for its page.
 * - A page whose render began before an invalidation is not kept (it may show what was dropped).
 * - Least recently used pages go first beyond `maxEntries`.
 */
export function createPageCache(options: PageCacheOptions) {
  const { ttlMs, maxEntries = 500, now = () => performance.now(), store, storable = () => true } = options;
  const keptMs = options.keptMs ?? ttlMs;
  const storedMs = options.storedMs ?? keptMs;
  const storeFailed = options.onStoreError ?? (() => {});
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<CachedPage | null>>();
  let epoch = 0;

  const fresh = (key: string): CachedPage | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.at >= entry.lifetime) {
      entries.delete(key);
      return undefined;
    }
    // Recently used pages stay: re-inserting moves the key to the end of the Map's order.
    entries.delete(key);
    entries.set(key, entry);
    return entry.page;
  };

  const keep = (key: string, page: CachedPage, lifetime: number) => {
    if (lifetime <= 0) return;
    entries.set(key, { page, at: now(), lifetime });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  /** How long the store keeps `page`; 0 when it is not for the store (a short-lived page, a URL with a query). */
  const storedLifetime = (key: string, page: CachedPage) => {
    if (!store || !storable(key)) return 0;
    const lifetime = pageLifetime(page.tags, ttlMs, storedMs);
    return lifetime > ttlMs ? lifetime : 0;
  };

  /**
   * Into the store, after this turn (packing compresses: not before the answer goes). Not if a
   * write came between the render's start and now; a write after is awaited by its drop.
   */
  const putLater = (key: string, page: CachedPage, started: number) => {
    const lifetime = storedLifetime(key, page);
    if (!store || lifetime <= 0) return;
    setImmediate(() => {
      if (epoch === started) store.put(key, page, lifetime).catch(storeFailed);
    });
  };

  /**
   * The store's page of `key` when no write came while it was read; undefined otherwise. Kept in
   * memory: a member's walk over the same pages is then answered from memory (not keeping them was
   * measured: the member's company-page row fell from 0.51x to 0.21x).
   */
  const fromStore = async (key: string, started: number): Promise<CachedPage | undefined> => {
    if (!store || !storable(key)) return undefined;
    try {
      const kept = await store.get(key);
      if (!kept || epoch !== started) return undefined;
      keep(key, kept.page, Math.min(kept.remainingMs, pageLifetime(kept.page.tags, ttlMs, keptMs)));
      return kept.page;
    } catch (error) {
      storeFailed(error);
      return undefined;
    }
  };

  /** Drops the pages that read `tag`; without a tag, every page. In the store too, after the puts under way. */
  const invalidate = (tag?: string) => {
    epoch++;
    if (tag === undefined) entries.clear();
    else for (const [key, entry] of entries) if (entry.page.tags.has(tag)) entries.delete(key);
    // Pages of unannounced reads are never stored: nothing there to drop.
    if (store && !(tag !== undefined && UNANNOUNCED.has(tag)))
      store
        .drop(tag)
        .then(() => options.afterDrop?.(tag))
        .catch(storeFailed);
  };

  return {
    /**
     * The kept page of `key` ({ hit }; `stored` when it came from the shared store), or what
     * `render` made ({ rendered }); `pageOf` says which renders may be kept. Concurrent misses
     * wait for the first lookup or render and take its page; when it made none (a member-only
     * page, an error), each renders for itself. A render's failure is its caller's.
     */
    async get<T>(
      key: string,
      render: () => Promise<T>,
      pageOf: (rendered: T) => CachedPage | null,
    ): Promise<{ hit: CachedPage; stored?: true } | { rendered: T }> {
      const cached = fresh(key);
      if (cached) return { hit: cached };
      const waiting = pending.get(key);
      if (waiting) {
        const page = await waiting;
        return page ? { hit: page } : { rendered: await render() };
      }
      const started = epoch;
      let settle: (page: CachedPage | null) => void = () => {};
      const made = new Promise<CachedPage | null>((resolve) => {
        settle = (page) => {
          if (pending.get(key) === made) pending.delete(key);
          resolve(page);
        };
      });
      pending.set(key, made);
      const stored = await fromStore(key, started);
      if (stored) {
        settle(stored);
        return { hit: stored, stored: true };
      }
      let rendered: T;
      try {
        rendered = await render();
      } catch (error) {
        settle(null);
        throw error;
      }
      // A render that began before a write may show what the write changed: neither kept nor shared.
      const page = epoch === started ? pageOf(rendered) : null;
      settle(page);
      if (page) {
        keep(key, page, pageLifetime(page.tags, ttlMs, keptMs));
        putLater(key, page, started);
      }
      return { rendered };
    },

    /**
     * Renders `key` into the store only (the warmer: the memory keeps what visitors ask for);
     * whether it was stored. Not when a write came during the render.
     */
    async fill<T>(key: string, render: () => Promise<T>, pageOf: (rendered: T) => CachedPage | null): Promise<boolean> {
      if (!store) return false;
      const started = epoch;
      const page = pageOf(await render());
      if (!page || epoch !== started) return false;
      const lifetime = storedLifetime(key, page);
      if (lifetime <= 0) return false;
      await store.put(key, page, lifetime);
      return true;
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
        // A member's account changed (their nickname or photo, a sanction): the listings that show them.
        bus.subscribe(TOPICS.session, (key) => (key === undefined ? invalidate() : invalidate(PAGE_TAGS.member(key)))),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
