import { performance } from 'node:perf_hooks';
import type { Clock } from './clock.ts';

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

/**
 * Reads reused within one slot of the business clock, `slotMs` long (the visitors' page cache has
 * the same bound): a value never outlives the slot it was read in, and a test that moves the clock
 * reads anew. `read` gets the instant it reads at.
 */
export function createClockSlotCache<V>(clock: Clock, slotMs: number, maxEntries = 500) {
  const cache = createTtlCache<string, V>(slotMs, maxEntries);
  return {
    get(key: string, read: (now: Date) => Promise<V>): Promise<V> {
      const now = clock.now();
      return cache.get(`${key}@${Math.floor(now.getTime() / slotMs)}`, () => read(now));
    },
    clear: () => cache.clear(),
  };
}

/** A value read at `readAt` that time alone changes at `changesAt` (business-clock ms; Infinity: never). */
export interface Kept {
  readAt: number;
  changesAt: number;
}

/**
 * A kept value that still stands at `now` (read before it, and nothing in it changed by time since),
 * else read again after `drop`: `get` is the cache's get for the value's key. Open order books,
 * best 호가 and a member's own listings are kept this way, until a write (the bus) or their `changesAt`.
 */
export async function standingRead<V extends Kept>(
  get: (read: () => Promise<V>) => Promise<V>,
  drop: () => void,
  now: Date,
  read: () => Promise<V>,
): Promise<V> {
  const kept = await get(read);
  if (now.getTime() >= kept.readAt && now.getTime() < kept.changesAt) return kept;
  drop();
  return get(read);
}
