import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../lib/clock.ts';
import { documentFromPacked, type GzipIndex } from '../nonce-splice.ts';
import type { CachedPage } from '../page-cache.ts';
import type { PageStore } from './page-store.ts';

/** What the process remembers of a stored page: enough to answer `missing` and to drop it, without reading it. */
interface Kept {
  file: string;
  tags: ReadonlySet<string>;
  expiresAt: number;
}

/** The file's header, before the gzip stream. */
interface Header {
  key: string;
  status: number;
  headers: Array<[string, string]>;
  nonce: string;
  gzipIndex: GzipIndex;
}

/**
 * The page store of the embedded database (decision 0034): one file a page under `dir` (the data
 * directory's `pages`), a small header and the gzip stream as packed (nonce-splice.ts), and in
 * memory only each page's tags and expiry (about 200 bytes a page).
 *
 * The embedded database belongs to one process (its data directory is locked), so this store has
 * one user, who hears every write's announcement: what it drops is dropped. Pages of an earlier run
 * are not trusted (writes may have come meanwhile, from a CLI): the directory starts empty.
 */
export function createFilePageStore(dir: string, clock: Clock): PageStore {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const kept = new Map<string, Kept>();
  // A put that a drop of one of its tags overtook while its file was written is not kept: the drops
  // so far, and when each tag was last dropped (forgotten whenever no put is under way).
  let drops = 0;
  let droppedAll = 0;
  const droppedAt = new Map<string, number>();
  let putting = 0;
  let written = 0;
  // A file of its own for every put: a drop's unlink never reaches a newer page of the same key.
  const fileOf = (key: string) => join(dir, `${createHash('sha1').update(key).digest('hex')}-${written++}.page`);
  const forget = (key: string, entry: Kept) => {
    if (kept.get(key) !== entry) return;
    kept.delete(key);
    unlink(entry.file).catch(() => {});
  };
  const overtaken = (tags: ReadonlySet<string>, since: number) => {
    if (droppedAll > since) return true;
    for (const tag of tags) if ((droppedAt.get(tag) ?? 0) > since) return true;
    return false;
  };

  return {
    async get(key) {
      const entry = kept.get(key);
      if (!entry) return undefined;
      const now = clock.now().getTime();
      if (entry.expiresAt <= now) {
        forget(key, entry);
        return undefined;
      }
      // Read on the thread: a page written within the hour is in the kernel's page cache, 10 KB read in
      // about 18 µs, where readFile's four round trips through the thread pool each wait for a turn of
      // the loop under load (the tail of a walk over 3,000 company pages).
      let bytes: Buffer | undefined;
      try {
        bytes = readFileSync(entry.file);
      } catch {}
      if (!bytes) {
        forget(key, entry);
        return undefined;
      }
      const length = bytes.readUInt32LE(0);
      const header = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')) as Header;
      if (header.key !== key) return undefined;
      const document = documentFromPacked({ nonce: header.nonce, gzip: bytes.subarray(4 + length), gzipIndex: header.gzipIndex });
      const page: CachedPage = {
        status: header.status,
        headers: header.headers,
        get body() {
          return document.rendered;
        },
        tags: entry.tags,
        lease: (fresh, encoding) => document.lease(fresh, encoding),
        packed: () => document.packed(),
      };
      return { page, remainingMs: entry.expiresAt - now };
    },

    async put(key, page, lifetimeMs) {
      const before = drops;
      const packed = page.packed();
      const header: Header = {
        key,
        status: page.status,
        headers: page.headers.map(([name, value]) => [name, value]),
        nonce: packed.nonce,
        gzipIndex: packed.gzipIndex,
      };
      const json = Buffer.from(JSON.stringify(header));
      const length = Buffer.alloc(4);
      length.writeUInt32LE(json.length);
      const file = fileOf(key);
      putting++;
      try {
        await writeFile(file, Buffer.concat([length, json, packed.gzip]));
      } finally {
        putting--;
      }
      if (overtaken(page.tags, before)) {
        await unlink(file).catch(() => {});
        return;
      }
      const previous = kept.get(key);
      kept.set(key, { file, tags: new Set(page.tags), expiresAt: clock.now().getTime() + lifetimeMs });
      if (previous) unlink(previous.file).catch(() => {});
      if (putting === 0) droppedAt.clear();
    },

    async drop(tag) {
      drops++;
      if (tag === undefined) droppedAll = drops;
      else if (putting > 0) droppedAt.set(tag, drops);
      for (const [key, entry] of kept) if (tag === undefined || entry.tags.has(tag)) forget(key, entry);
    },

    async missing(keys, forMs = 0) {
      const until = clock.now().getTime() + forMs;
      return keys.filter((key) => {
        const entry = kept.get(key);
        return !entry || entry.expiresAt <= until;
      });
    },

    async purge() {
      const now = clock.now().getTime();
      let n = 0;
      for (const [key, entry] of kept)
        if (entry.expiresAt <= now) {
          forget(key, entry);
          n++;
        }
      return n;
    },

    async count() {
      const now = clock.now().getTime();
      let n = 0;
      for (const entry of kept.values()) if (entry.expiresAt > now) n++;
      return n;
    },
  };
}
