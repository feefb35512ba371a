import { performance } from 'node:perf_hooks';

/**
 * The per-instance store behind the answer cache and the member views: values kept for `ttlMs`
 * (a monotonic clock), at most `maxEntries` (oldest out first), each under tags that the
 * invalidation bus drops by (a company, a member). Every drop and clear moves the generation: a
 * value read while it moved may predate the write that caused it, and `set` refuses it.
 */
export interface TaggedStore<V> {
  get(key: string): V | undefined;
  /** The generation to pass back to `set`: take it before reading what the value is made of. */
  generation(): number;
  set(key: string, value: V, tags: readonly string[], generation: number): void;
  dropTag(tag: string): void;
  clear(): void;
  size(): number;
}

export function createTaggedStore<V>(opts: { ttlMs: number; maxEntries: number; now?: (() => number) | undefined }): TaggedStore<V> {
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, { value: V; expires: number; tags: readonly string[] }>();
  const byTag = new Map<string, Set<string>>();
  let generation = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.value;
      forget(key);
      return undefined;
    },
    generation: () => generation,
    set(key, value, tags, at) {
      if (at !== generation) return;
      forget(key);
      if (entries.size >= opts.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) forget(oldest);
      }
      entries.set(key, { value, expires: now() + opts.ttlMs, tags });
      for (const tag of tags) {
        let keys = byTag.get(tag);
        if (keys === undefined) {
          keys = new Set();
          byTag.set(tag, keys);
        }
        keys.add(key);
      }
    },
    dropTag(tag) {
      generation++;
      for (const key of [...(byTag.get(tag) ?? [])]) forget(key);
    },
    clear() {
      generation++;
      entries.clear();
      byTag.clear();
    },
    size: () => entries.size,
  };
}
