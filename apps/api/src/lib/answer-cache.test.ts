import { describe, expect, it } from 'vitest';
import { companyTag, createAnswerCache, OWN_LISTINGS_TAG, ownerTag, SEARCH_TAG } from './answer-cache.ts';
import { createInvalidationBus, TOPICS } from './invalidation.ts';

function setup() {
  let t = 0;
  const bus = createInvalidationBus({ kind: 'memory', scope: {} });
  const cache = createAnswerCache({ bus, ttlMs: 1_000, maxEntries: 3, now: () => t });
  const advance = (ms: number) => {
    t += ms;
  };
  /** What is kept under `key`, as text. */
  const text = (key: string, at?: number) => cache.get(key, at)?.toString();
  return { bus, cache, advance, text };
}

const bytes = (s: string) => Buffer.from(s);

describe('the visitors’ answer cache', () => {
  it('keeps an answer for its time, then forgets it', () => {
    const { cache, advance, text } = setup();
    cache.set('/p/1', bytes('one'), [companyTag(1)], cache.generation());
    expect(text('/p/1')).toBe('one');
    advance(999);
    expect(text('/p/1')).toBe('one');
    advance(1);
    expect(cache.get('/p/1')).toBeUndefined();
  });

  it('a company change drops that company’s answers and every search, not the others; no key drops all', () => {
    const { bus, cache, text } = setup();
    const g = cache.generation();
    cache.set('/p/1', bytes('one'), [companyTag(1)], g);
    cache.set('/p/2', bytes('two'), [companyTag(2)], g);
    cache.set('/s/가', bytes('search'), [SEARCH_TAG], g);
    bus.publish(TOPICS.company, '1');
    expect([text('/p/1'), text('/p/2'), text('/s/가')]).toEqual([undefined, 'two', undefined]);
    cache.set('/s/가', bytes('search'), [SEARCH_TAG], cache.generation());
    bus.publish(TOPICS.listings, '2');
    expect([text('/p/2'), text('/s/가')]).toEqual([undefined, 'search']);
    bus.publish(TOPICS.company);
    expect(cache.size()).toBe(0);
  });

  it('does not keep an answer made while a change happened: it may show the data from before it', () => {
    const { bus, cache, text } = setup();
    const before = cache.generation();
    bus.publish(TOPICS.company, '9');
    cache.set('/p/1', bytes('made before the change'), [companyTag(1)], before);
    expect(text('/p/1')).toBeUndefined();
  });

  it('holds at most its size, forgetting the oldest first', () => {
    const { cache, text } = setup();
    for (const n of [1, 2, 3, 4]) cache.set(`/p/${n}`, bytes(String(n)), [companyTag(n)], cache.generation());
    expect(cache.size()).toBe(3);
    expect(cache.get('/p/1')).toBeUndefined();
    expect(text('/p/4')).toBe('4');
  });

  it('keeps an answer with a span of the app’s clock only inside it: not before (a clock set back), not from its end', () => {
    const { cache, text } = setup();
    cache.set('/l/1', bytes('list'), [companyTag(1)], cache.generation(), { from: 100, until: 200 });
    expect([text('/l/1', 99), text('/l/1', 100), text('/l/1', 199), text('/l/1', 200)]).toEqual([undefined, 'list', 'list', undefined]);
    // A reader that names no time never gets an answer kept for a span.
    expect(text('/l/1')).toBeUndefined();
  });

  it('drops a writer’s answers with their trust line or account, and every member’s own listings with any listing or trust line', () => {
    const { bus, cache, text } = setup();
    const fill = () => {
      const g = cache.generation();
      cache.set('/l/1', bytes('shows 7'), [companyTag(1), ownerTag(7)], g);
      cache.set('/l/2', bytes('shows 8'), [companyTag(2), ownerTag(8)], g);
      cache.set('mine:9 /my', bytes('mine'), [ownerTag(9), OWN_LISTINGS_TAG], g);
    };
    fill();
    bus.publish(TOPICS.session, '7');
    expect([text('/l/1'), text('/l/2'), text('mine:9 /my')]).toEqual([undefined, 'shows 8', 'mine']);
    bus.publish(TOPICS.member, '8');
    expect([text('/l/2'), text('mine:9 /my')]).toEqual([undefined, undefined]);
    fill();
    bus.publish(TOPICS.listings, '1');
    expect([text('/l/1'), text('/l/2'), text('mine:9 /my')]).toEqual([undefined, 'shows 8', undefined]);
    fill();
    bus.publish(TOPICS.session, '9');
    expect([text('/l/1'), text('mine:9 /my')]).toEqual(['shows 7', undefined]);
  });
});
