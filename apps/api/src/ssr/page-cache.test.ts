import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createInvalidationBus, TOPICS } from '../lib/invalidation.ts';
import { type CachedPage, CONTENT_TOPIC, cachedPage, createPageCache, PAGE_TAGS, pageLifetime } from './page-cache.ts';

const page = (text: string, ...tags: string[]) => cachedPage(200, [['content-type', 'text/html']], Buffer.from(text), new Set(tags));

/** A cache whose clock the test moves, and a render that counts its calls. */
function setup(options: { ttlMs?: number; keptMs?: number; maxEntries?: number } = {}) {
  let now = 0;
  const cache = createPageCache({ ttlMs: options.ttlMs ?? 5_000, keptMs: options.keptMs, maxEntries: options.maxEntries, now: () => now });
  const renders: string[] = [];
  const load = (key: string, made: CachedPage | null = page(key)) =>
    cache.get(
      key,
      async () => {
        renders.push(key);
        return made;
      },
      (p) => p,
    );
  const bodyOf = async (key: string) => {
    const result = await load(key);
    return 'hit' in result ? `hit:${result.hit.body}` : `rendered:${result.rendered?.body}`;
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { cache, renders, load, bodyOf, advance };
}

describe('page cache', () => {
  it('serves a page until its time is up, then renders it again', async () => {
    const { renders, bodyOf, advance } = setup({ ttlMs: 5_000 });
    expect(await bodyOf('/stock/1')).toBe('rendered:/stock/1');
    advance(4_999);
    expect(await bodyOf('/stock/1')).toBe('hit:/stock/1');
    advance(1);
    expect(await bodyOf('/stock/1')).toBe('rendered:/stock/1');
    expect(renders).toEqual(['/stock/1', '/stock/1']);
  });

  it('keeps a page of announced reads (a company’s) as long as they vouched, at most keptMs; any unannounced read keeps it the short TTL', () => {
    const company = [PAGE_TAGS.company(7), PAGE_TAGS.keep(60_000)];
    expect(pageLifetime(new Set(company), 5_000, 60_000)).toBe(60_000);
    // Its listings change by time alone in 12 s (the first expires): kept until then.
    expect(pageLifetime(new Set([...company, PAGE_TAGS.keep(12_000)]), 5_000, 60_000)).toBe(12_000);
    // No listings: nothing changes by time, still at most keptMs.
    expect(pageLifetime(new Set([...company, PAGE_TAGS.keep(Number.POSITIVE_INFINITY)]), 5_000, 60_000)).toBe(60_000);
    // The home page reads the market lists, a content page the notices: the short TTL, whatever else vouched.
    expect(pageLifetime(new Set([...company, PAGE_TAGS.market]), 5_000, 60_000)).toBe(5_000);
    expect(pageLifetime(new Set([PAGE_TAGS.content, PAGE_TAGS.keep(60_000)]), 5_000, 60_000)).toBe(5_000);
    // Nothing vouched (a policy page): the short TTL.
    expect(pageLifetime(new Set(), 5_000, 60_000)).toBe(5_000);
  });

  it('serves a company’s page past the short TTL until its first listing ends; a listing that already ended keeps nothing', async () => {
    const { bodyOf, load, advance, renders } = setup({ ttlMs: 5_000, keptMs: 60_000 });
    await load('/stock/7', page('/stock/7', PAGE_TAGS.company(7), PAGE_TAGS.keep(60_000), PAGE_TAGS.keep(20_000)));
    advance(19_999);
    expect(await bodyOf('/stock/7')).toBe('hit:/stock/7');
    advance(1);
    expect(await bodyOf('/stock/7')).toBe('rendered:/stock/7');
    await load('/stock/8', page('/stock/8', PAGE_TAGS.company(8), PAGE_TAGS.keep(0)));
    expect(await bodyOf('/stock/8')).toBe('rendered:/stock/8');
    expect(renders.filter((r) => r === '/stock/8')).toHaveLength(2);
  });

  it('renders once for concurrent misses; when that render makes no page, each renders for itself', async () => {
    const { cache, renders } = setup();
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const render = (made: CachedPage | null) => async () => {
      renders.push('render');
      await slow;
      return made;
    };
    const same = page('/');
    const all = Promise.all([1, 2, 3].map(() => cache.get('/', render(same), (p) => p)));
    release();
    const results = await all;
    expect(renders).toHaveLength(1);
    expect(results.filter((r) => 'hit' in r && r.hit === same)).toHaveLength(2);

    renders.length = 0;
    const none = await Promise.all([1, 2, 3].map(() => cache.get('/favorite', render(null), (p) => p)));
    expect(renders).toHaveLength(3);
    expect(none.every((r) => 'rendered' in r && r.rendered === null)).toBe(true);
  });

  it('drops exactly the pages that read a tag; without a tag, every page', async () => {
    const { cache, load, bodyOf } = setup();
    await load('/stock/1', page('/stock/1', PAGE_TAGS.company(1)));
    await load('/stock/2', page('/stock/2', PAGE_TAGS.company(2)));
    await load('/', page('/', PAGE_TAGS.market, PAGE_TAGS.content));
    cache.invalidate(PAGE_TAGS.company(1));
    expect(await bodyOf('/stock/2')).toBe('hit:/stock/2');
    expect(await bodyOf('/')).toBe('hit:/');
    expect(await bodyOf('/stock/1')).toBe('rendered:/stock/1');
    cache.invalidate();
    expect(await bodyOf('/stock/2')).toBe('rendered:/stock/2');
  });

  it('keeps no page whose render began before a write: it may show what the write changed', async () => {
    const { cache, bodyOf } = setup();
    await cache.get(
      '/stock/1',
      async () => {
        cache.invalidate(PAGE_TAGS.company(1));
        return page('before the write');
      },
      (p) => p,
    );
    expect(await bodyOf('/stock/1')).toBe('rendered:/stock/1');
  });

  it('lets the least recently used page go beyond its size', async () => {
    const { load, bodyOf } = setup({ maxEntries: 2 });
    await load('/a');
    await load('/b');
    expect(await bodyOf('/a')).toBe('hit:/a');
    await load('/c');
    expect(await bodyOf('/a')).toBe('hit:/a');
    expect(await bodyOf('/b')).toBe('rendered:/b');
  });

  it("sends its document with each response's nonce, plain or gzip, compressed once", () => {
    const rendered = 'A'.repeat(24);
    const html = cachedPage(
      200,
      [['content-type', 'text/html']],
      Buffer.from(`<html>${'<p>비상</p>'.repeat(500)}<script nonce="${rendered}">1</script></html>`),
      new Set(),
      rendered,
    );
    const fresh = 'B'.repeat(24);
    const expected = html.body.toString().replace(rendered, fresh);
    expect(html.lease(fresh, 'identity').body.toString()).toBe(expected);
    const gzip = html.lease(fresh, 'gzip').body;
    expect(gunzipSync(gzip).toString()).toBe(expected);
    expect(gzip.length).toBeLessThan(html.body.length / 10);
  });
});

describe('page cache on the invalidation bus', () => {
  it("drops a company's pages and the market lists on every instance when its prices or listings change", async () => {
    const scope = {};
    const [busA, busB] = [createInvalidationBus({ kind: 'memory', scope }), createInvalidationBus({ kind: 'memory', scope })];
    const a = setup();
    const b = setup();
    a.cache.listen(busA);
    b.cache.listen(busB);
    for (const instance of [a, b]) {
      await instance.load('/stock/7', page('/stock/7', PAGE_TAGS.company(7)));
      await instance.load('/stock/8', page('/stock/8', PAGE_TAGS.company(8)));
      await instance.load('/', page('/', PAGE_TAGS.market));
      await instance.load('/notice', page('/notice', PAGE_TAGS.content));
    }

    busA.publish(TOPICS.listings, '7');
    for (const instance of [a, b]) {
      expect(await instance.bodyOf('/stock/8')).toBe('hit:/stock/8');
      expect(await instance.bodyOf('/notice')).toBe('hit:/notice');
      expect(await instance.bodyOf('/stock/7')).toBe('rendered:/stock/7');
      expect(await instance.bodyOf('/')).toBe('rendered:/');
    }

    // A writer on /stock/8 renames themselves (their account changed): the pages that show them.
    await a.load('/stock/9', page('/stock/9', PAGE_TAGS.company(9), PAGE_TAGS.member(42)));
    busB.publish(TOPICS.session, '42');
    expect(await a.bodyOf('/stock/9')).toBe('rendered:/stock/9');
    expect(await a.bodyOf('/stock/8')).toBe('hit:/stock/8');

    busB.publish(CONTENT_TOPIC, 'notice');
    expect(await a.bodyOf('/notice')).toBe('rendered:/notice');
    expect(await a.bodyOf('/stock/8')).toBe('hit:/stock/8');

    // An import (no key), or a reconnected bus: everything.
    busB.publish(TOPICS.company);
    expect(await a.bodyOf('/stock/8')).toBe('rendered:/stock/8');
    await Promise.all([busA.close(), busB.close()]);
  });
});
