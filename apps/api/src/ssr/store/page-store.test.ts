import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type CachedPage, cachedPage, createPageCache, PAGE_TAGS } from '../page-cache.ts';
import { createFilePageStore } from './file-page-store.ts';
import { createDatabasePageStore } from './page-store.repository.ts';
import type { PageStore } from './page-store.ts';

let t: TestApp;
let store: PageStore;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  store = createDatabasePageStore(t.db, t.clock);
  dir = mkdtempSync(join(tmpdir(), 'beesang-pages-test-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await store.drop();
});

const nonce = () => randomBytes(16).toString('base64');
/** A company's page as a render leaves it: its nonce on each script. */
function companyPage(id: number, rendered = nonce()) {
  const html = `<!DOCTYPE html><html><body><h1>비상장 회사 ${id}</h1>${'<p>호가 12,345원</p>'.repeat(200)}<script nonce="${rendered}">window.a=${id}</script><script nonce="${rendered}">go()</script></body></html>`;
  const page = cachedPage(
    200,
    [['content-type', 'text/html; charset=utf-8']],
    Buffer.from(html),
    new Set([PAGE_TAGS.company(id), PAGE_TAGS.keep(60_000)]),
    rendered,
  );
  return { page, html, rendered };
}

/** Each kind of store: in the database (PostgreSQL's; here whichever the tests run on), and in files (the embedded database's). */
const kinds: Array<[string, () => PageStore]> = [
  ['in the database', () => createDatabasePageStore(t.db, t.clock)],
  ['in files', () => createFilePageStore(join(dir, 'pages'), t.clock)],
];

describe.each(kinds)('the page store %s', (_kind, open) => {
  it('gives back the page as rendered, lent with each answer’s nonce, plain and gzip, until its time is up', async () => {
    const store = open();
    const { page, html, rendered } = companyPage(1);
    await store.put('v1:/stock/1', page, 60_000);
    const kept = await store.get('v1:/stock/1');
    expect(kept?.remainingMs).toBe(60_000);
    expect(kept?.page.status).toBe(200);
    expect(kept?.page.headers).toEqual([['content-type', 'text/html; charset=utf-8']]);
    expect([...(kept?.page.tags ?? [])]).toEqual([PAGE_TAGS.company(1), PAGE_TAGS.keep(60_000)]);
    for (let i = 0; i < 3; i++) {
      const fresh = nonce();
      const plain = kept?.page.lease(fresh, 'identity');
      const gzip = kept?.page.lease(fresh, 'gzip');
      expect(plain?.body.toString()).toBe(html.replaceAll(rendered, fresh));
      // The stored stream as it is, the nonce and CRC written in: gunzip checks both.
      expect(gunzipSync(gzip?.body ?? Buffer.alloc(0)).toString()).toBe(html.replaceAll(rendered, fresh));
      plain?.release();
      gzip?.release();
    }
    t.clock.advance(59_999);
    expect((await store.get('v1:/stock/1'))?.remainingMs).toBe(1);
    expect(await store.missing(['v1:/stock/1', 'v1:/stock/2'])).toEqual(['v1:/stock/2']);
    // Good for less than asked: missing for a warmer that renders ahead.
    expect(await store.missing(['v1:/stock/1'], 1)).toEqual(['v1:/stock/1']);
    t.clock.advance(1);
    expect(await store.get('v1:/stock/1')).toBeUndefined();
    expect(await store.count()).toBe(0);
    await store.put('v1:/stock/2', companyPage(2).page, 1_000);
    t.clock.advance(1_000);
    expect(await store.purge()).toBeGreaterThanOrEqual(1);
    expect(await store.missing(['v1:/stock/2'])).toEqual(['v1:/stock/2']);
  });

  it('replaces a key’s page, and drops the pages that read a tag (every page without one)', async () => {
    const store = open();
    await store.put('v1:/stock/1', companyPage(1).page, 60_000);
    const second = companyPage(1);
    await store.put('v1:/stock/1', second.page, 30_000);
    await store.put('v1:/stock/2', companyPage(2).page, 60_000);
    const kept = await store.get('v1:/stock/1');
    expect(kept?.remainingMs).toBe(30_000);
    expect(kept?.page.lease(second.rendered, 'identity').body.toString()).toBe(second.html);
    expect(await store.count()).toBe(2);
    await store.drop(PAGE_TAGS.company(1));
    expect(await store.missing(['v1:/stock/1', 'v1:/stock/2'])).toEqual(['v1:/stock/1']);
    expect(await store.get('v1:/stock/1')).toBeUndefined();
    // A tag that is only a prefix of another's drops nothing of it.
    await store.drop(PAGE_TAGS.company(''));
    expect(await store.count()).toBe(1);
    await store.drop();
    expect(await store.count()).toBe(0);
  });

  it('a read after a drop never sees the dropped page; a drop during a put drops it', async () => {
    const store = open();
    await store.put('v1:/stock/3', companyPage(3).page, 60_000);
    const dropping = store.drop(PAGE_TAGS.company(3));
    expect(await store.get('v1:/stock/3')).toBeUndefined();
    await dropping;
    const putting = store.put('v1:/stock/3', companyPage(3).page, 60_000);
    await store.drop(PAGE_TAGS.company(3));
    await putting;
    expect(await store.get('v1:/stock/3')).toBeUndefined();
    // A drop of another company's pages during the put leaves this one.
    const other = store.put('v1:/stock/3', companyPage(3).page, 60_000);
    await store.drop(PAGE_TAGS.company(4));
    await other;
    expect(await store.get('v1:/stock/3')).toBeDefined();
  });
});

describe('the page store in files', () => {
  it('starts empty: pages of an earlier run are not trusted (a CLI may have written meanwhile)', async () => {
    const at = join(dir, 'restart');
    const first = createFilePageStore(at, t.clock);
    await first.put('v1:/stock/1', companyPage(1).page, 60_000);
    writeFileSync(join(at, 'stray.page'), 'x');
    const again = createFilePageStore(at, t.clock);
    expect(await again.get('v1:/stock/1')).toBeUndefined();
    expect(readdirSync(at)).toEqual([]);
  });

  it('keeps one file a page: a replaced or dropped page’s file goes', async () => {
    const at = join(dir, 'files');
    const files = createFilePageStore(at, t.clock);
    await files.put('v1:/stock/1', companyPage(1).page, 60_000);
    await files.put('v1:/stock/1', companyPage(1).page, 60_000);
    await files.put('v1:/stock/2', companyPage(2).page, 60_000);
    await vi.waitFor(() => expect(readdirSync(at)).toHaveLength(2));
    await files.drop(PAGE_TAGS.company(2));
    await vi.waitFor(() => expect(readdirSync(at)).toHaveLength(1));
  });
});

describe('the page store in the database', () => {
  it('is every instance’s: another store over the same database reads what one put', async () => {
    await store.put('v1:/stock/1', companyPage(1).page, 60_000);
    const elsewhere = createDatabasePageStore(t.db, t.clock);
    expect((await elsewhere.get('v1:/stock/1'))?.remainingMs).toBe(60_000);
    await elsewhere.drop(PAGE_TAGS.company(1));
    expect(await store.get('v1:/stock/1')).toBeUndefined();
  });
});

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('two instances’ page caches over the store', () => {
  /** An instance: its own memory, the shared store, and a render that counts its calls. */
  function instance() {
    const renders: string[] = [];
    const cache = createPageCache({
      ttlMs: 5_000,
      keptMs: 60_000,
      storedMs: 3_600_000,
      store: createDatabasePageStore(t.db, t.clock),
      storable: (key) => !key.includes('?'),
    });
    const load = (key: string, made: () => CachedPage) =>
      cache.get(
        key,
        async () => {
          renders.push(key);
          return made();
        },
        (p) => p,
      );
    return { cache, renders, load };
  }
  const stored = (key: string) => vi.waitFor(async () => expect(await store.missing([key])).toEqual([]));

  it('what one rendered, the other sends from the store, until a write drops it on both', async () => {
    const [a, b] = [instance(), instance()];
    const first = await a.load('v1:/stock/1', () => companyPage(1).page);
    expect('rendered' in first).toBe(true);
    await stored('v1:/stock/1');
    const there = await b.load('v1:/stock/1', () => companyPage(1).page);
    expect(there).toMatchObject({ stored: true });
    expect(b.renders).toEqual([]);
    // Now in B's memory: no second read of the store.
    expect(await b.load('v1:/stock/1', () => companyPage(1).page)).not.toHaveProperty('stored');
    // A write on the company: each instance drops it from its memory and the store.
    a.cache.invalidate(PAGE_TAGS.company(1));
    b.cache.invalidate(PAGE_TAGS.company(1));
    const after = await b.load('v1:/stock/1', () => companyPage(1).page);
    expect('rendered' in after).toBe(true);
    expect(b.renders).toEqual(['v1:/stock/1']);
    // And B's new render is the store's.
    await stored('v1:/stock/1');
  });

  it('keeps out a render a write overtook, a page of unannounced reads, and a URL with a query', async () => {
    const a = instance();
    const render = deferred<CachedPage>();
    const rendering = deferred<void>();
    const slow = a.cache.get(
      'v1:/stock/4',
      () => {
        rendering.resolve();
        return render.promise;
      },
      (p) => p,
    );
    // The write comes while the page renders.
    await rendering.promise;
    a.cache.invalidate(PAGE_TAGS.company(4));
    render.resolve(companyPage(4).page);
    await slow;
    const market = cachedPage(200, [], Buffer.from('<p>랭킹</p>'), new Set([PAGE_TAGS.market]));
    await a.load('v1:/', () => market);
    await a.load('v1:/stock/5?tab=1', () => companyPage(5).page);
    // One page that is for the store, to know the others had their chance.
    await a.load('v1:/stock/6', () => companyPage(6).page);
    await stored('v1:/stock/6');
    expect(await store.missing(['v1:/stock/4', 'v1:/', 'v1:/stock/5?tab=1'])).toEqual(['v1:/stock/4', 'v1:/', 'v1:/stock/5?tab=1']);
    expect(await store.count()).toBe(1);
  });
});
