import { describe, expect, it } from 'vitest';
import { companyTag, createAnswerCache, SEARCH_TAG } from './answer-cache.ts';
import { createInvalidationBus, TOPICS } from './invalidation.ts';

function setup() {
  let t = 0;
  const bus = createInvalidationBus({ kind: 'memory', scope: {} });
  const cache = createAnswerCache({ bus, ttlMs: 1_000, maxEntries: 3, now: () => t });
  const advance = (ms: number) => {
    t += ms;
  };
  return { bus, cache, advance };
}

describe('the visitors’ answer cache', () => {
  it('keeps an answer for its time, then forgets it', () => {
    const { cache, advance } = setup();
    cache.set('/p/1', 'one', [companyTag(1)], cache.generation());
    expect(cache.get('/p/1')).toBe('one');
    advance(999);
    expect(cache.get('/p/1')).toBe('one');
    advance(1);
    expect(cache.get('/p/1')).toBeUndefined();
  });

  it('a company change drops that company’s answers and every search, not the others; no key drops all', () => {
    const { bus, cache } = setup();
    const g = cache.generation();
    cache.set('/p/1', 'one', [companyTag(1)], g);
    cache.set('/p/2', 'two', [companyTag(2)], g);
    cache.set('/s/가', 'search', [SEARCH_TAG], g);
    bus.publish(TOPICS.company, '1');
    expect([cache.get('/p/1'), cache.get('/p/2'), cache.get('/s/가')]).toEqual([undefined, 'two', undefined]);
    cache.set('/s/가', 'search', [SEARCH_TAG], cache.generation());
    bus.publish(TOPICS.listings, '2');
    expect([cache.get('/p/2'), cache.get('/s/가')]).toEqual([undefined, 'search']);
    bus.publish(TOPICS.company);
    expect(cache.size()).toBe(0);
  });

  it('does not keep an answer made while a change happened: it may show the data from before it', () => {
    const { bus, cache } = setup();
    const before = cache.generation();
    bus.publish(TOPICS.company, '9');
    cache.set('/p/1', 'made before the change', [companyTag(1)], before);
    expect(cache.get('/p/1')).toBeUndefined();
  });

  it('holds at most its size, forgetting the oldest first', () => {
    const { cache } = setup();
    for (const n of [1, 2, 3, 4]) cache.set(`/p/${n}`, String(n), [companyTag(n)], cache.generation());
    expect(cache.size()).toBe(3);
    expect(cache.get('/p/1')).toBeUndefined();
    expect(cache.get('/p/4')).toBe('4');
  });
});
