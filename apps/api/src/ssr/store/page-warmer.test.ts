import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cachedPage, createPageCache, PAGE_TAGS } from '../page-cache.ts';
import { createDatabasePageStore } from './page-store.repository.ts';
import { createPageWarmer } from './page-warmer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

/** An instance's warmer over the shared store: its renders counted, of companies 1…n. */
function instance(companies: number) {
  const store = createDatabasePageStore(t.db, t.clock);
  const cache = createPageCache({ ttlMs: 5_000, keptMs: 60_000, storedMs: 3_600_000, store });
  const renders: string[] = [];
  const logged: object[] = [];
  const purges = { count: 0 };
  const paths = Array.from({ length: companies }, (_, i) => `/stock/${i + 1}`);
  const warmer = createPageWarmer({
    paths: async () => paths,
    keyOf: (path) => `v1:${path}`,
    store: {
      missing: (keys, aheadMs) => store.missing(keys, aheadMs),
      purge: () => {
        purges.count++;
        return store.purge();
      },
    },
    everyMs: 60_000,
    aheadMs: 120_000,
    jitterMs: 20,
    log: { info: (fields) => logged.push(fields), warn: () => {} },
    fill: (path) =>
      cache.fill(
        `v1:${path}`,
        async () => {
          renders.push(path);
          const id = Number(path.split('/')[2]);
          return cachedPage(200, [], Buffer.from(`<h1>${id}</h1>`), new Set([PAGE_TAGS.company(id), PAGE_TAGS.keep(600_000)]));
        },
        (page) => page,
      ),
  });
  return { store, cache, renders, logged, purges, warmer };
}

describe('the page warmer', () => {
  it('renders every page the store lacks once, and after a write the dropped one again, wherever it runs', async () => {
    const a = instance(12);
    await a.warmer.passAll();
    expect([...a.renders].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `/stock/${i + 1}`).sort());
    expect(a.logged).toEqual([expect.objectContaining({ pages: 12, rendered: 12 })]);
    // Another instance finds them rendered.
    const b = instance(12);
    await b.warmer.passAll();
    expect(b.renders).toEqual([]);
    // Its first pass says so all the same (the bench waits for it); a later pass that renders nothing is quiet.
    expect(b.logged).toEqual([expect.objectContaining({ pages: 12, rendered: 0 })]);
    await b.warmer.passAll();
    expect(b.logged).toHaveLength(1);
    expect(b.purges.count).toBe(2);
    await a.warmer.passAll();
    expect(a.logged).toHaveLength(1);

    // A write on company 7: dropped from the store, rendered again soon by the instance that heard it.
    a.renders.length = 0;
    b.cache.invalidate(PAGE_TAGS.company(7));
    await vi.waitFor(async () => expect(await b.store.missing(['v1:/stock/7'])).toEqual(['v1:/stock/7']));
    b.warmer.dropped('/stock/7');
    await vi.waitFor(() => expect(b.renders).toEqual(['/stock/7']));
    await vi.waitFor(async () => expect(await b.store.missing(['v1:/stock/7'])).toEqual([]));
    // Expired pages are purged by the passes over every page, not once more for each write.
    expect(b.purges.count).toBe(2);

    // Pages about to expire are rendered again ahead of time: 9 minutes on, 10-minute pages have 1 left.
    t.clock.advance(9 * 60_000);
    await a.warmer.passAll();
    expect(a.renders).toHaveLength(12);
    await a.warmer.stop();
    await b.warmer.stop();
  });

  it('does not render again, pass after pass, a page it could not keep; a write on it does', async () => {
    const store = createDatabasePageStore(t.db, t.clock);
    const cache = createPageCache({ ttlMs: 5_000, keptMs: 60_000, storedMs: 3_600_000, store });
    const renders: string[] = [];
    const warmer = createPageWarmer({
      paths: async () => ['/stock/1', '/stock/2'],
      keyOf: (path) => `unkept:${path}`,
      store,
      everyMs: 60_000,
      aheadMs: 120_000,
      jitterMs: 20,
      log: { info: () => {}, warn: () => {} },
      fill: (path) =>
        cache.fill(
          `unkept:${path}`,
          async () => {
            renders.push(path);
            // Company 2's listing ends within the second: kept no longer than the short TTL, so not stored.
            const keep = path === '/stock/2' ? 1_000 : 600_000;
            return cachedPage(200, [], Buffer.from(path), new Set([PAGE_TAGS.company(path.slice(7)), PAGE_TAGS.keep(keep)]));
          },
          (page) => page,
        ),
    });
    await warmer.passAll();
    await warmer.passAll();
    expect(renders.sort()).toEqual(['/stock/1', '/stock/2']);
    warmer.dropped('/stock/2');
    await vi.waitFor(() => expect(renders).toHaveLength(3));
    await warmer.stop();
  });

  it('stops between renders and renders nothing after', async () => {
    const c = instance(40);
    await c.store.drop();
    const pass = c.warmer.passAll();
    await vi.waitFor(() => expect(c.renders.length).toBeGreaterThan(0));
    await c.warmer.stop();
    await pass;
    const done = c.renders.length;
    expect(done).toBeLessThan(40);
    c.warmer.dropped('/stock/1');
    await new Promise((r) => setTimeout(r, 50));
    expect(c.renders).toHaveLength(done);
  });
});
