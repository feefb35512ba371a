import type { Db } from '../db/database.ts';
import { afterCommit } from '../db/unit-of-work.ts';
import type { InvalidationBus } from './invalidation.ts';
import { createTaggedStore } from './tagged-store.ts';

/** Past this many members, one change drops everyone's entries in one message rather than send one each. */
const MANY_MEMBERS = 1_000;

/**
 * After `tx` commits, every instance drops these members' entries under `topic` (over a thousand
 * members, or `'many'`: everyone's, in one message). Nothing without a bus (a service built alone).
 */
export function membersChanged(bus: InvalidationBus | undefined, topic: string, tx: Db, userIds: readonly number[] | 'many'): void {
  if (!bus || userIds.length === 0) return;
  afterCommit(tx, () => {
    if (userIds === 'many' || userIds.length > MANY_MEMBERS) bus.publish(topic);
    else for (const id of new Set(userIds)) bus.publish(topic, String(id));
  });
}

/**
 * A per-instance view of what each signed-in member's requests read over and over (their session
 * and account row, their favourites), so that a member's page or call does not go to the database
 * for them every time (issue 24). It is kept honest by the invalidation bus: the module that owns
 * the data publishes `topic` with the member's id after every committed change, and every instance
 * drops that member's entries at once (and everything on a reconnect, when messages may have been
 * missed). `ttlMs` bounds what a change made behind the modules' back (a script on the database)
 * could leave.
 *
 * A load that overlapped a drop (of any member) is returned but not kept: it may have read the row
 * before the change committed. Entries are per member and key (a session id, or one key for a
 * member-wide read), at most `maxEntries`, oldest out first.
 */
export interface MemberView<V> {
  get(userId: number, key: string, load: () => Promise<V>): Promise<V>;
  /** Several members' entries under one key: the ones missing are loaded together, by `loadMany`. */
  getMany(userIds: readonly number[], key: string, loadMany: (missing: number[]) => Promise<Map<number, V>>): Promise<Map<number, V>>;
  /** Drops this instance's entries of a member (what a bus message does). */
  drop(userId: number): void;
  size(): number;
  close(): void;
}

export function createMemberView<V>(opts: {
  bus: InvalidationBus;
  topic: string;
  /** How long an entry stands without a message (default a minute). */
  ttlMs?: number;
  /** Entries kept at most, oldest out first (default 50,000). */
  maxEntries?: number;
  /** Topics whose every message drops every member's entries (their keys name something else: a company). */
  clearOn?: readonly string[];
  now?: () => number;
}): MemberView<V> {
  // Each entry is tagged with its member's id: a bus message for the member drops them all.
  const store = createTaggedStore<V>({ ttlMs: opts.ttlMs ?? 60_000, maxEntries: opts.maxEntries ?? 50_000, now: opts.now });
  const drop = (userId: number) => store.dropTag(String(userId));
  const stops = [
    opts.bus.subscribe(opts.topic, (key) => {
      if (key === undefined) return store.clear();
      const userId = Number(key);
      if (Number.isSafeInteger(userId)) drop(userId);
      else store.clear();
    }),
    ...(opts.clearOn ?? []).map((topic) => opts.bus.subscribe(topic, () => store.clear())),
  ];
  const stop = () => {
    for (const s of stops) s();
  };

  return {
    async get(userId, key, load) {
      const id = `${userId}:${key}`;
      const hit = store.get(id);
      if (hit !== undefined) return hit;
      const seen = store.generation();
      const value = await load();
      store.set(id, value, [String(userId)], seen);
      return value;
    },
    async getMany(userIds, key, loadMany) {
      const found = new Map<number, V>();
      const missing: number[] = [];
      for (const userId of new Set(userIds)) {
        const hit = store.get(`${userId}:${key}`);
        if (hit !== undefined) found.set(userId, hit);
        else missing.push(userId);
      }
      if (missing.length === 0) return found;
      const seen = store.generation();
      const loaded = await loadMany(missing);
      for (const userId of missing) {
        const value = loaded.get(userId);
        if (value === undefined) continue;
        found.set(userId, value);
        store.set(`${userId}:${key}`, value, [String(userId)], seen);
      }
      return found;
    },
    drop,
    size: () => store.size(),
    close: stop,
  };
}
