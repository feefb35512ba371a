import { compileQuery, MATCH_RANK, matchKind, normalizeSearchText, SECTORS } from '@beesang/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyName } from '../../db/seed/names.ts';
import { createRandom } from '../../db/seed/random.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createSearchIndex } from './search-index.ts';
import { before, type Entry, toEntry } from './search-postings.ts';
import type { SearchRow } from './stock.repository.ts';

/** The ranking every search must reproduce: one pass over every company (the index before decision 0011). */
function referenceSearch(rows: SearchRow[], keyword: string, options: { unissuedOnly?: boolean; limit?: number } = {}): number[] {
  const query = compileQuery(normalizeSearchText(keyword));
  const hits: Array<{ entry: Entry; rank: number }> = [];
  for (const row of rows) {
    const entry = toEntry(row);
    if (options.unissuedOnly && !entry.unissued) continue;
    const kind = matchKind(query, entry);
    if (kind) hits.push({ entry, rank: MATCH_RANK[kind] });
  }
  hits.sort((a, b) => (a.rank !== b.rank ? a.rank - b.rank : before(a.entry, b.entry) ? -1 : 1));
  return hits.slice(0, options.limit ?? 20).map((h) => h.entry.id);
}

function row(id: number, name: string, over: Partial<SearchRow> = {}): SearchRow {
  return {
    id,
    code: String(900000 + id * 7).padStart(6, '0'),
    name,
    logo_url: '',
    labels: id % 5 === 0 ? ['UNISSUED'] : ['KOTC'],
    current_price: 1000 + id,
    view_count: (id * 7919) % 97,
    price_source: 'DEMO',
    price_updated_at: new Date(0),
    price_trade_count: 0,
    ...over,
  };
}

function demoRows(count: number, seed = 3): SearchRow[] {
  const random = createRandom(seed);
  const taken = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const name = companyName(random, random.pick(SECTORS), taken);
    taken.add(name);
    // Few distinct view counts, so that ties fall to name length and id.
    return row(i + 1, name, { view_count: random.int(0, 30) });
  });
}

const CHO = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JONG_OF: Record<string, number> = { ㄱ: 1, ㄴ: 4, ㄹ: 8, ㅁ: 16, ㅂ: 17, ㅅ: 19, ㅇ: 21, ㅈ: 22, ㅎ: 27 };

/** What a visitor types on the way to a part of `name`: letters, 초성, and a last syllable in composition. */
function typedFrom(name: string, pick: (n: number) => number): string {
  const start = pick(name.length);
  const letters = [...name.slice(start, start + 1 + pick(4))];
  const out = letters.map((ch, i) => {
    const c = ch.charCodeAt(0) - 0xac00;
    if (c < 0 || c > 11171) return pick(3) === 0 ? ch.toUpperCase() : ch;
    const mode = pick(4);
    if (mode === 0) return CHO[Math.floor(c / 588)] as string;
    if (i === letters.length - 1 && mode === 1) return String.fromCharCode(0xac00 + c - (c % 28)); // 상 → 사
    if (i === letters.length - 1 && mode === 2) {
      // 비 + next 상 → 빗
      const next = name.charCodeAt(start + letters.length) - 0xac00;
      const jong = next >= 0 && next <= 11171 ? JONG_OF[CHO[Math.floor(next / 588)] as string] : undefined;
      if (c % 28 === 0 && jong) return String.fromCharCode(0xac00 + c + jong);
    }
    return ch;
  });
  return (pick(5) === 0 ? ' ' : '') + out.join('');
}

describe('search index', () => {
  const rows = demoRows(3000);
  const index = createSearchIndex(async () => rows, fixedClock('2026-11-20T05:00:00Z'), Number.POSITIVE_INFINITY);

  it('answers exactly as a scan of every company, for typed names, 초성, codes and the unissued filter', async () => {
    await index.warm();
    const fixed = [
      '비상',
      'ㅂㅅ',
      '비ㅅ',
      '빗',
      '9000',
      '90001',
      '테크',
      'ㅋㅇ',
      '바이오',
      'ㄴㅅㅌ',
      'ai',
      'AI',
      '없는회사',
      'ㅎㅂ',
      'ㅂ',
      '비',
      '9',
      'ㅏ',
      '-',
    ];
    for (const keyword of fixed) {
      for (const opts of [{}, { unissuedOnly: true }, { limit: 1000 }]) {
        expect(
          index.searchSync(keyword, opts).map((r) => r.companyIdx),
          `${keyword} ${JSON.stringify(opts)}`,
        ).toEqual(referenceSearch(rows, keyword, opts));
      }
    }
    fc.assert(
      fc.property(
        fc.nat(rows.length - 1),
        fc.array(fc.nat(1000), { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        (at, picks, unissuedOnly) => {
          let k = 0;
          const pick = (n: number) => (picks[k++ % picks.length] as number) % Math.max(1, n);
          const source = rows[at] as SearchRow;
          const keyword = pick(6) === 0 ? source.code.slice(0, 1 + pick(6)) : typedFrom(source.name, pick);
          if (!normalizeSearchText(keyword)) return;
          const got = index.searchSync(keyword, { unissuedOnly }).map((r) => r.companyIdx);
          expect(got, keyword).toEqual(referenceSearch(rows, keyword, { unissuedOnly }));
        },
      ),
      { numRuns: 1500, seed: 11 },
    );
  });

  it('takes a renamed, repriced, new or deleted company into the next search, loading only that company', async () => {
    const live = demoRows(500, 5);
    const loads: Array<readonly number[] | undefined> = [];
    const idx = createSearchIndex(
      async (ids) => {
        loads.push(ids);
        return ids ? live.filter((r) => ids.includes(r.id)) : [...live];
      },
      fixedClock('2026-11-20T05:00:00Z'),
      Number.POSITIVE_INFINITY,
    );
    await idx.warm();
    const ids = async (keyword: string, opts = {}) => (await idx.search(keyword, opts)).map((r) => r.companyIdx);

    const renamed = live[10] as SearchRow;
    live[10] = { ...renamed, name: '새이름바이오' };
    const repriced = live[20] as SearchRow;
    live[20] = { ...repriced, current_price: 123_456 };
    live.push(row(9001, '새로상장테크', { view_count: 50 }));
    const deleted = live.splice(30, 1)[0] as SearchRow;
    for (const id of [renamed.id, repriced.id, 9001, deleted.id]) idx.invalidate(id);

    expect(await ids('새이름')).toEqual([renamed.id]);
    expect(await ids(renamed.name)).not.toContain(renamed.id);
    expect((await idx.search(repriced.name)).find((r) => r.companyIdx === repriced.id)?.companyStockCurrentPrice).toBe(123_456);
    expect(await ids('ㅅㄹㅅㅈ')).toContain(9001);
    expect(await ids(deleted.name)).not.toContain(deleted.id);
    // One query for the four companies, none for every company.
    expect(loads.slice(1)).toEqual([[renamed.id, repriced.id, 9001, deleted.id]]);
    // The overlay ranks with the built index: the same answers as a scan.
    for (const keyword of ['새', 'ㅅ', 'ㅂㅇ', '테크', '9', '바이오']) {
      const views = new Map(live.map((r) => [r.id, r]));
      expect(await ids(keyword), keyword).toEqual(referenceSearch([...views.values()], keyword));
    }
    expect(idx.stats()).toMatchObject({ overlay: 2, builds: 1 });

    // Everything changed (an import): a small index rebuilds before the next answer and folds the overlay in.
    live.push(row(9002, '임포트바이오'));
    idx.invalidate();
    expect(await ids('임포트바이오')).toEqual([9002]);
    expect(idx.stats()).toMatchObject({ overlay: 0, builds: 2 });
  });

  it('serves the previous copy of a large index while it rebuilds in slices, then the new one', async () => {
    const live = demoRows(2000, 9);
    let release: () => void = () => {};
    let gate: Promise<void> = Promise.resolve();
    const idx = createSearchIndex(
      async (ids) => {
        if (!ids) await gate;
        return ids ? live.filter((r) => ids.includes(r.id)) : [...live];
      },
      fixedClock('2026-11-20T05:00:00Z'),
      Number.POSITIVE_INFINITY,
      { waitForRebuildUpTo: 1000 },
    );
    await idx.warm();
    live.push(row(9100, '나중에온회사'));
    gate = new Promise((resolve) => {
      release = resolve;
    });
    idx.invalidate();
    // The rebuild waits on the database; searches do not wait for it.
    expect(await idx.search('나중에온')).toEqual([]);
    expect(idx.stats().rebuilding).toBe(true);
    release();
    await idx.warm();
    expect((await idx.search('나중에온')).map((r) => r.companyIdx)).toEqual([9100]);
    expect(idx.stats().maxSliceMs).toBeLessThan(50);
  });

  it('re-reads a company changed while a rebuild was loading', async () => {
    const live = demoRows(100, 4);
    let gate: Promise<void> = Promise.resolve();
    let release: () => void = () => {};
    const idx = createSearchIndex(
      async (ids) => {
        const snapshot = ids ? live.filter((r) => ids.includes(r.id)) : [...live];
        if (!ids) await gate;
        return snapshot;
      },
      fixedClock('2026-11-20T05:00:00Z'),
      Number.POSITIVE_INFINITY,
    );
    await idx.warm();
    gate = new Promise((resolve) => {
      release = resolve;
    });
    idx.invalidate(); // the rebuild reads its rows now, before the rename below
    live[0] = { ...(live[0] as SearchRow), name: '개명한회사' };
    idx.invalidate((live[0] as SearchRow).id);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await idx.search('개명한')).map((r) => r.companyIdx)).toEqual([(live[0] as SearchRow).id]);
  });
});
