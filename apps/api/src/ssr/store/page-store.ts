import type { CachedPage } from '../page-cache.ts';
/**
 * Visitors' pages as rendered, beyond what an instance's memory holds (1,000 pages; a site of
 * 3,000 companies has more), decision 0034. Only pages of announced reads are kept (a company's:
 * pageLifetime beyond the short TTL), each until the least of what its reads vouched for; a
 * write's announcement drops them. On PostgreSQL, in the database every instance shares
 * (createDatabasePageStore): what one instance rendered, another sends. On the embedded database
 * (one process by construction), in files beside it (file-page-store.ts): a read of the embedded
 * database costs its thread too much for a page (about 1.5 ms, a ceiling of 700 pages a second).
 */
export interface PageStore {
  /** The page kept under `key` and the milliseconds it is still good for; undefined if none or expired. */
  get(key: string): Promise<{ page: CachedPage; remainingMs: number } | undefined>;
  /** Keeps `page` under `key` for `lifetimeMs` (replacing what was there). */
  put(key: string, page: CachedPage, lifetimeMs: number): Promise<void>;
  /** Drops the pages that read `tag` (every page without one), after the puts already under way. */
  drop(tag?: string): Promise<void>;
  /** Of `keys`, those with no page good for at least `forMs` more. */
  missing(keys: readonly string[], forMs?: number): Promise<string[]>;
  /** Forgets expired pages (housekeeping); returns how many. */
  purge(): Promise<number>;
  /** How many pages are kept and good now (for /metrics). */
  count(): Promise<number>;
}
