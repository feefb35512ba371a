import type { FastifyReply } from 'fastify';
import { type InvalidationBus, TOPICS } from './invalidation.ts';
import { createTaggedStore } from './tagged-store.ts';

/**
 * Visitors' answers to the hottest GET routes (search, stock profile, chart, a company's open
 * listings), kept serialised per URL for a few seconds: a cache hit writes bytes instead of reading
 * the caches, building the objects and serialising them again. Each answer is tagged with what it shows (`company:<id>`,
 * `search`) and dropped by the invalidation bus on every instance the moment a write changes it,
 * so it is never staler than the service caches behind it. A member's answer is kept only where
 * what is theirs in it is named by its key (`variantKey`): starred or not, their favourites' ids,
 * which listings are their own or reported by them.
 * An answer produced while any invalidation happened is not kept: it may predate the write.
 */
export interface AnswerCache {
  /** The answer kept under `url`; one kept for a `span` of the app's clock only while `at` is in it. */
  get(url: string, at?: number): Buffer | undefined;
  /** The same, with the route pattern that made it (the request histogram's label at the server's door). */
  kept(url: string, at?: number): Kept | undefined;
  /** The generation to pass back to `set`: take it before reading what the answer is made of. */
  generation(): number;
  set(url: string, body: Buffer, tags: readonly string[], generation: number, span?: Span, route?: string): void;
  size(): number;
}

export interface Kept {
  body: Buffer;
  span: Span | undefined;
  /** Fastify's route pattern (`/api/v2/stock/profile/:id`); '' when not told. */
  route: string;
  /** The body compressed for clients that accept it, each encoding made when first asked for (front-door.ts). */
  encoded?: Partial<Record<'zstd' | 'br' | 'gzip' | 'deflate', Buffer>>;
}

export const companyTag = (id: number | string) => `company:${id}`;
/** An answer showing a member's nickname, photo or trust line (a listing's writer): dropped when those change. */
export const ownerTag = (id: number | string) => `owner:${id}`;
export const SEARCH_TAG = 'search';
/** A member's own listings (내 매물): any listing's change or any trust line's may be one of theirs. */
export const OWN_LISTINGS_TAG = 'own-listings';

/**
 * The key of one of a few shared answers to `url` ('' the visitors'). The variant comes first: a
 * URL a route answers starts with '/', a variant never does, so no URL a client sends can name a
 * member's answer.
 */
export const variantKey = (url: string, variant: string) => (variant ? `${variant} ${url}` : url);

/**
 * The key of the answer a route last gave member `id` for `url`, whichever shared answer it was:
 * what the server's door sends them next time (front-door.ts) without asking the route again.
 */
export const readerKey = (id: number, url: string) => `@${id} ${url}`;
/** On every reader entry of a member: dropped when what chose their answer may have changed (favourites, reports, account). */
export const readerTag = (id: number | string) => `reader:${id}`;

/** From when until when (the app's clock, ms) an answer stays as it was made: a clock set back reads again. */
export interface Span {
  from: number;
  until: number;
}

/**
 * How long an answer may be kept besides the cache's own few seconds: from now (`from`, the app's
 * clock) until `until` (a listing expires, a pin ends). `generation` is the cache's, taken before the
 * caller read what it chose the key by.
 */
export interface Keeping extends Span {
  generation: number;
}

/**
 * An answer's UTF-8 bytes, in a buffer of their own (not a slice of Node's shared pool, which a kept
 * answer would hold whole). Kept as bytes, not as the serialised string: a string with Korean text
 * in it is two bytes a character in V8, and sending it measures its UTF-8 length (for the
 * compression threshold and for Content-Length) and encodes it again on every answer — a third of
 * the server's time on a member's own listings (perf, issue 24).
 */
function utf8(serialized: string | Uint8Array): Buffer {
  if (typeof serialized !== 'string') return Buffer.from(serialized);
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(serialized));
  bytes.write(serialized);
  return bytes;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
/** A member's own answer is stored by no cache on its way (a proxy's, the browser's disk). */
export const MEMBERS_ANSWER_CACHE_CONTROL = 'no-store';

/** The signed-in member an answer is for, and the cache's generation taken before what chose their key was read. */
export interface Reader {
  id: number;
  generation: number;
}

/**
 * Sends the answer kept under `key`, or makes it, serialises it with the route's response schema
 * and keeps it with `tags`. Returned, so that Fastify waits for the (possibly compressed) answer.
 * For a `reader`, the bytes are also kept under their id and the URL (`readerKey`), for the
 * server's door to send them next time without the route (front-door.ts).
 */
export async function sendKept<T>(
  answers: AnswerCache,
  reply: FastifyReply,
  key: string,
  tags: readonly string[],
  make: () => Promise<T>,
  keeping?: Keeping,
  reader?: Reader,
): Promise<T> {
  let body = answers.get(key, keeping?.from);
  const span = keeping && { from: keeping.from, until: keeping.until };
  const route = reply.request.routeOptions.url ?? '';
  if (body === undefined) {
    const generation = keeping?.generation ?? reader?.generation ?? answers.generation();
    const serialized = reply.serialize(await make());
    body = utf8(serialized as string | Uint8Array);
    if (!span || span.from < span.until) answers.set(key, body, tags, generation, span, route);
  }
  if (!reader) return reply.type(JSON_TYPE).send(body) as never as T;
  if (!span || span.from < span.until) {
    answers.set(readerKey(reader.id, reply.request.url), body, [...tags, readerTag(reader.id)], reader.generation, span, route);
  }
  // Theirs: no cache between them and us keeps it (the door sends the same header).
  return reply.type(JSON_TYPE).header('cache-control', MEMBERS_ANSWER_CACHE_CONTROL).send(body) as never as T;
}
export function createAnswerCache(opts: { bus: InvalidationBus; ttlMs: number; maxEntries: number; now?: () => number }): AnswerCache & {
  close(): void;
} {
  const store = createTaggedStore<Kept>(opts);
  const { dropTag, clear } = store;
  // A company's row, name or price: its own answers and every search. Its listings: its profile (best 호가).
  const stops = [
    opts.bus.subscribe(TOPICS.company, (key) => {
      if (key === undefined) return clear();
      dropTag(companyTag(key));
      dropTag(SEARCH_TAG);
    }),
    opts.bus.subscribe(TOPICS.listings, (key) => {
      if (key === undefined) return clear();
      dropTag(companyTag(key));
      dropTag(OWN_LISTINGS_TAG);
    }),
    // A writer's trust line (a confirmed deal, a review, an upheld report) and their account (nickname, photo).
    ...[TOPICS.member, TOPICS.session].map((topic) =>
      opts.bus.subscribe(topic, (key) => {
        if (key === undefined) return clear();
        dropTag(ownerTag(key));
        dropTag(readerTag(key));
        if (topic === TOPICS.member) dropTag(OWN_LISTINGS_TAG);
      }),
    ),
    // What chose a member's answers (their stars, the listings they reported, their price alerts): their reader entries.
    ...[TOPICS.favorites, TOPICS.reports, TOPICS.priceAlerts].map((topic) =>
      opts.bus.subscribe(topic, (key) => (key === undefined ? clear() : dropTag(readerTag(key)))),
    ),
  ];

  function kept(url: string, at?: number): Kept | undefined {
    const entry = store.get(url);
    if (entry?.span === undefined) return entry;
    return at !== undefined && at >= entry.span.from && at < entry.span.until ? entry : undefined;
  }

  return {
    get(url, at) {
      return kept(url, at)?.body;
    },
    kept,
    generation: () => store.generation(),
    set: (url, body, tags, generation, span, route = '') => store.set(url, { body, span, route }, tags, generation),
    size: () => store.size(),
    close() {
      for (const stop of stops) stop();
      clear();
    },
  };
}
