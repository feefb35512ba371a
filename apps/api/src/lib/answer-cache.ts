import type { FastifyReply } from 'fastify';
import { type InvalidationBus, TOPICS } from './invalidation.ts';
import { createTaggedStore } from './tagged-store.ts';

/**
 * Visitors' answers to the hottest GET routes (search, stock profile, chart), kept serialised per
 * URL for a few seconds: a cache hit writes a string instead of reading the caches, building the
 * objects and serialising them again. Each answer is tagged with what it shows (`company:<id>`,
 * `search`) and dropped by the invalidation bus on every instance the moment a write changes it,
 * so it is never staler than the service caches behind it. A member's answer is kept only where
 * what is theirs in it is named by its key (`variantKey`): starred or not, their favourites' ids.
 * An answer produced while any invalidation happened is not kept: it may predate the write.
 */
export interface AnswerCache {
  get(url: string): string | undefined;
  /** The generation to pass back to `set`: take it before reading what the answer is made of. */
  generation(): number;
  set(url: string, body: string, tags: readonly string[], generation: number): void;
  size(): number;
}

export const companyTag = (id: number | string) => `company:${id}`;
export const SEARCH_TAG = 'search';

/**
 * The key of one of a few shared answers to `url` ('' the visitors'). The variant comes first: a
 * URL a route answers starts with '/', a variant never does, so no URL a client sends can name a
 * member's answer.
 */
export const variantKey = (url: string, variant: string) => (variant ? `${variant} ${url}` : url);

/**
 * Sends the answer kept under `key`, or makes it, serialises it with the route's response schema
 * and keeps it with `tags`. Returned, so that Fastify waits for the (possibly compressed) answer.
 */
export async function sendKept<T>(
  answers: AnswerCache,
  reply: FastifyReply,
  key: string,
  tags: readonly string[],
  make: () => Promise<T>,
): Promise<T> {
  let body = answers.get(key);
  if (body === undefined) {
    const generation = answers.generation();
    const serialized = reply.serialize(await make());
    body = typeof serialized === 'string' ? serialized : Buffer.from(serialized as Uint8Array).toString('utf8');
    answers.set(key, body, tags, generation);
  }
  return reply.type('application/json; charset=utf-8').send(body) as never as T;
}
export function createAnswerCache(opts: { bus: InvalidationBus; ttlMs: number; maxEntries: number; now?: () => number }): AnswerCache & {
  close(): void;
} {
  const store = createTaggedStore<string>(opts);
  const { dropTag, clear } = store;
  // A company's row, name or price: its own answers and every search. Its listings: its profile (best 호가).
  const stops = [
    opts.bus.subscribe(TOPICS.company, (key) => {
      if (key === undefined) return clear();
      dropTag(companyTag(key));
      dropTag(SEARCH_TAG);
    }),
    opts.bus.subscribe(TOPICS.listings, (key) => (key === undefined ? clear() : dropTag(companyTag(key)))),
  ];

  return {
    get: (url) => store.get(url),
    generation: () => store.generation(),
    set: (url, body, tags, at) => store.set(url, body, tags, at),
    size: () => store.size(),
    close() {
      for (const stop of stops) stop();
      clear();
    },
  };
}
