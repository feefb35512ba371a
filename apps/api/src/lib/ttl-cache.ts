import { performance } from 'node:perf_hooks';

/**
 * A small read-through cache for hot, rarely changing reads (a company's price row, its chart).
 * Per instance and short-lived by design: another instance's write shows here within `ttlMs`,
 * and a write on this instance calls `delete`. Expiry uses a monotonic clock, not the business
 * clock, so frozen test clocks do not freeze the cache. Concurrent misses share one load.
 */
export function createTtlCache<K, V>(ttlMs: number, maxEntries = 5000) {
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const value = load();
      entries.set(key, { at: now, value });
      // Failed loads are not remembered.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
      return value;
    },
    delete(key: K) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
