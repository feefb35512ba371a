import { performance } from 'node:perf_hooks';
import { type CompanySearchResult, type CompiledQuery, MATCH_RANK, matchKind, searchEntry, toChoseong } from '@beesang/contract';
import type { SearchRow } from './stock.repository.ts';

/**
 * The immutable part of the search index (decision 0011): every company once, in ranking order
 * (most viewed, then shorter names, then id), with posting lists that name, for a query, the few
 * positions that can match. A query walks each match kind's candidates in that order and stops
 * after `limit` hits, so it touches hundreds of entries instead of every company. `matchKind`
 * from the contract still decides every hit: the results are those of a full scan.
 *
 * Posting keys (one packed Int32Array holds every list, ascending positions):
 *   p + first 1–3 letters of the name or the code     → prefix candidates
 *   n / l + letter / letter pair of the name            → substring candidates; typed syllables
 *   u + a syllable without its final consonant (상 → 사) → a last syllable still in composition
 *   k + a syllable and the next syllable's initial      → a final consonant that is the next initial (빗 → 비상)
 *   j / i + letter / letter pair of the initials        → 초성 anywhere
 *   q + first 1–3 letters of the initials               → 초성 from the first letter
 */

export interface Entry {
  id: number;
  /** the answer for a visitor, made once (the row itself is not kept: less memory, no copy per hit) */
  result: CompanySearchResult;
  /** normalised name, lower-case code and toChoseong(name), as the contract's matcher wants them */
  name: string;
  code: string;
  initials: string;
  unissued: boolean;
  views: number;
}

export interface Base {
  /** every company in ranking order; a position is an index here */
  entries: Entry[];
  /** 1 where a company moved to the overlay (changed or deleted since the build) */
  dead: Uint8Array;
  idToPos: Map<number, number>;
  /** key → [start, end) into `data` */
  lists: Map<number, number>;
  starts: Int32Array;
  data: Int32Array;
  /** positions sorted by name and by code: exact matches and narrow prefixes by binary search */
  byName: Int32Array;
  byCode: Int32Array;
}

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;

/** Final consonants by index (a syllable's code % 28) where they are also an initial consonant; others a space. */
const FINAL_AS_INITIAL = ' ㄱㄲ ㄴ  ㄷㄹ       ㅁㅂ ㅅㅆㅇㅈㅊㅋㅌㅍㅎ';

export function toEntry(row: SearchRow): Entry {
  return {
    id: row.id,
    result: {
      companyIdx: row.id,
      companyName: row.name,
      companyLogoUrl: row.logo_url,
      beesangCode: row.code,
      companyStockCurrentPrice: Number(row.current_price),
      isFavorite: false,
      priceSource: row.price_source,
      priceAt: row.price_updated_at.toISOString(),
      priceTradeCount: row.price_trade_count,
    },
    ...searchEntry(row.name, row.code),
    unissued: row.labels.includes('UNISSUED'),
    views: Number(row.view_count),
  };
}

/** Whether a ranks before b within one match kind: popularity, then shorter names, then id. */
export function before(a: Entry, b: Entry): boolean {
  if (a.views !== b.views) return a.views > b.views;
  if (a.name.length !== b.name.length) return a.name.length < b.name.length;
  return a.id < b.id;
}

// Kinds of posting lists (see the top of this file).
const P = 1;
const N = 2;
const L = 3;
const U = 4;
const K = 5;
const J = 6;
const I = 7;
const Q = 8;
const RADIX = 65537;

/**
 * A posting key as a number: the kind and up to three UTF-16 letters, each + 1 (0 = none). Exact
 * (below 2^53), and a build makes tens of millions of them: numbers cost less than strings.
 */
function pack(kind: number, a = -1, b = -1, c = -1): number {
  return ((kind * RADIX + a + 1) * RADIX + b + 1) * RADIX + c + 1;
}

/** The key of `text`'s first `n` letters (at most 3) from `from`. */
function keyOf(kind: number, text: string, from = 0, n = text.length - from): number {
  return pack(kind, text.charCodeAt(from), n > 1 ? text.charCodeAt(from + 1) : -1, n > 2 ? text.charCodeAt(from + 2) : -1);
}

function keysOf(e: Entry, add: (key: number) => void) {
  for (const text of [e.name, e.code]) for (let n = 1; n <= Math.min(3, text.length); n++) add(keyOf(P, text, 0, n));
  const { name } = e;
  const ini = e.initials;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    add(pack(N, c));
    if (i + 1 < name.length) {
      add(pack(L, c, name.charCodeAt(i + 1)));
      add(pack(K, c, ini.charCodeAt(i + 1)));
    }
    if (c >= SYLLABLE_FIRST && c <= SYLLABLE_LAST) add(pack(U, c - ((c - SYLLABLE_FIRST) % 28)));
  }
  for (let n = 1; n <= Math.min(3, ini.length); n++) add(keyOf(Q, ini, 0, n));
  for (let i = 0; i < ini.length; i++) {
    add(pack(J, ini.charCodeAt(i)));
    if (i + 1 < ini.length) add(pack(I, ini.charCodeAt(i), ini.charCodeAt(i + 1)));
  }
}

/**
 * A stable merge sort of 0…n-1 that yields every few thousand steps, so that a rebuild of 100,000
 * companies runs in slices between requests instead of blocking them.
 */
function* sortIndexes(n: number, less: (a: number, b: number) => boolean): Generator<void, Int32Array> {
  let src = new Int32Array(n);
  for (let i = 0; i < n; i++) src[i] = i;
  const RUN = 32;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(lo + RUN, n);
    for (let i = lo + 1; i < hi; i++) {
      const v = src[i] as number;
      let j = i - 1;
      while (j >= lo && less(v, src[j] as number)) {
        src[j + 1] = src[j] as number;
        j--;
      }
      src[j + 1] = v;
    }
    if ((lo & 2047) === 0) yield;
  }
  let dst = new Int32Array(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let a = lo;
      let b = mid;
      for (let k = lo; k < hi; k++) {
        if (a < mid && (b >= hi || !less(src[b] as number, src[a] as number))) dst[k] = src[a++] as number;
        else dst[k] = src[b++] as number;
        if ((k & 2047) === 0) yield;
      }
    }
    [src, dst] = [dst, src];
  }
  return src;
}

/**
 * Positions in code-unit order of the name or code (the order of `<`). The first two letters,
 * packed into a number, settle most comparisons without comparing strings.
 */
function* sortByText(entries: Entry[], key: 'name' | 'code'): Generator<void, Int32Array> {
  const texts = entries.map((e) => e[key]);
  const head = new Float64Array(entries.length);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as string;
    head[i] = (text.length > 0 ? text.charCodeAt(0) + 1 : 0) * 65537 + (text.length > 1 ? text.charCodeAt(1) + 1 : 0);
  }
  return yield* sortIndexes(texts.length, (a, b) => {
    const x = head[a] as number;
    const y = head[b] as number;
    if (x !== y) return x < y;
    return (texts[a] as string) < (texts[b] as string);
  });
}

/** Whether an entry still says what the row says (then a rebuild keeps it instead of making a new one). */
function unchanged(e: Entry, row: SearchRow): boolean {
  const r = e.result;
  return (
    r.companyName === row.name &&
    r.beesangCode === row.code &&
    r.companyLogoUrl === row.logo_url &&
    r.companyStockCurrentPrice === Number(row.current_price) &&
    r.priceSource === row.price_source &&
    r.priceTradeCount === row.price_trade_count &&
    Date.parse(r.priceAt) === row.price_updated_at.getTime() &&
    e.views === Number(row.view_count) &&
    e.unissued === row.labels.includes('UNISSUED')
  );
}

/**
 * Builds a base from database rows, yielding between slices of work (see runSliced). Entries of
 * `previous` that did not change are reused: a periodic rebuild of 100,000 companies then creates
 * few long-lived objects, which is what makes the garbage collector pause.
 */
export function* buildBase(rows: readonly SearchRow[], previous?: Base): Generator<void, Base> {
  const unsorted: Entry[] = [];
  for (const row of rows) {
    const pos = previous?.idToPos.get(row.id);
    const old = pos === undefined || previous?.dead[pos] ? undefined : previous?.entries[pos];
    unsorted.push(old && unchanged(old, row) ? old : toEntry(row));
    if ((unsorted.length & 255) === 0) yield;
  }
  const order = yield* sortIndexes(unsorted.length, (a, b) => before(unsorted[a] as Entry, unsorted[b] as Entry));
  const entries = Array.from(order, (i) => unsorted[i] as Entry);
  const idToPos = new Map<number, number>();
  // Two passes over the keys (count, then fill one packed array): the lists never grow, so a build
  // leaves little for the garbage collector beyond the key strings of one entry at a time.
  const lists = new Map<number, number>();
  const counts: number[] = [];
  const last: number[] = [];
  for (let pos = 0; pos < entries.length; pos++) {
    const e = entries[pos] as Entry;
    idToPos.set(e.id, pos);
    keysOf(e, (key) => {
      let slot = lists.get(key);
      if (slot === undefined) {
        slot = counts.length;
        lists.set(key, slot);
        counts.push(0);
        last.push(-1);
      }
      if (last[slot] !== pos) {
        last[slot] = pos;
        counts[slot] = (counts[slot] as number) + 1;
      }
    });
    if ((pos & 255) === 0) yield;
  }
  const starts = new Int32Array(counts.length + 1);
  for (let slot = 0; slot < counts.length; slot++) starts[slot + 1] = (starts[slot] as number) + (counts[slot] as number);
  const data = new Int32Array(starts[counts.length] as number);
  const fill = starts.slice(0, counts.length);
  last.fill(-1);
  for (let pos = 0; pos < entries.length; pos++) {
    keysOf(entries[pos] as Entry, (key) => {
      const slot = lists.get(key) as number;
      if (last[slot] !== pos) {
        last[slot] = pos;
        data[(fill[slot] as number)++] = pos;
      }
    });
    if ((pos & 255) === 0) yield;
  }
  const byName = yield* sortByText(entries, 'name');
  const byCode = yield* sortByText(entries, 'code');
  return { entries, dead: new Uint8Array(entries.length), idToPos, lists, starts, data, byName, byCode };
}

/** Runs a generator to its end in slices of about `sliceMs`, letting other work run in between. */
export async function runSliced<T>(work: Generator<void, T>, sliceMs = 4, onSlice?: (ms: number) => void): Promise<T> {
  for (;;) {
    const start = performance.now();
    let step = work.next();
    while (!step.done && performance.now() - start < sliceMs) step = work.next();
    onSlice?.(performance.now() - start);
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function runToEnd<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

const NONE = new Int32Array(0);

function posting(base: Base, key: number): Int32Array {
  const slot = base.lists.get(key);
  if (slot === undefined) return NONE;
  return base.data.subarray(base.starts[slot], base.starts[slot + 1]);
}

/**
 * Candidates: the positions of the shortest list that are in the next shortest ones too (every
 * list is a superset of the matches). Walked lazily, so a walk that stops after `limit` hits never
 * pays for the whole intersection, and none is copied.
 */
interface Candidates {
  lead: Int32Array;
  filters: Int32Array[];
}

function narrowest(lists: Int32Array[]): Candidates {
  lists.sort((x, y) => x.length - y.length);
  return { lead: lists[0] ?? NONE, filters: lists.slice(1, 3) };
}

/** The first index at or after `from` whose value is ≥ `pos` (galloping, then binary search). */
function seek(list: Int32Array, from: number, pos: number): number {
  let lo = from;
  let step = 1;
  while (lo + step < list.length && (list[lo + step] as number) < pos) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as number) < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Calls `visit` with each candidate position in ascending order until it returns false. */
function walk(c: Candidates, visit: (pos: number) => boolean) {
  const { lead, filters } = c;
  let f0 = 0;
  let f1 = 0;
  const a = filters[0];
  const b = filters[1];
  for (let i = 0; i < lead.length; i++) {
    const pos = lead[i] as number;
    if (a) {
      f0 = seek(a, f0, pos);
      if (f0 === a.length) return;
      if (a[f0] !== pos) continue;
    }
    if (b) {
      f1 = seek(b, f1, pos);
      if (f1 === b.length) return;
      if (b[f1] !== pos) continue;
    }
    if (!visit(pos)) return;
  }
}

/** Positions whose `key` (name or code) starts with `prefix`, or equals it: a binary search over a sorted order. */
function sortedRange(base: Base, order: Int32Array, key: 'name' | 'code', prefix: string, exact: boolean): Int32Array {
  const at = (i: number) => (base.entries[order[i] as number] as Entry)[key];
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(mid) < prefix) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  hi = order.length;
  while (end < hi) {
    const mid = (end + hi) >> 1;
    const v = at(mid);
    if (exact ? v === prefix : v.startsWith(prefix)) end = mid + 1;
    else hi = mid;
  }
  return order.subarray(lo, end);
}

function sortedUnion(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  out.sort();
  let n = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[n++] = out[i] as number;
  return out.subarray(0, n);
}

/** Candidates for one match rank (0 exact … 4 초성 in the middle), ascending positions. */
function candidatesFor(base: Base, query: CompiledQuery, rank: number): Candidates {
  const q = query.text;
  if (rank <= 1) {
    const exact = rank === 0;
    const names = sortedRange(base, base.byName, 'name', q, exact);
    const codes = sortedRange(base, base.byCode, 'code', q, exact);
    if (exact) return { lead: sortedUnion(names, codes), filters: [] };
    // A short prefix has a list in ranking order (the walk stops early); a long one a narrow range.
    const listed = posting(base, keyOf(P, q, 0, Math.min(3, q.length)));
    return { lead: listed.length <= names.length + codes.length ? listed : sortedUnion(names, codes), filters: [] };
  }
  if (rank === 2) {
    if (q.length === 1) return { lead: posting(base, keyOf(N, q)), filters: [] };
    return narrowest(Array.from({ length: q.length - 1 }, (_, i) => posting(base, keyOf(L, q, i, 2))));
  }
  // 초성 (initialsMatchAt): every letter's initial is in the name's initials there; a letter that is
  // not a bare initial is in the name as it is, except the last one, which may still be composing.
  const ini = toChoseong(q);
  const lists: Int32Array[] = [];
  if (rank === 3) lists.push(posting(base, keyOf(Q, ini, 0, Math.min(3, ini.length))));
  else if (ini.length === 1) lists.push(posting(base, keyOf(J, ini)));
  else for (let i = 0; i + 1 < ini.length; i++) lists.push(posting(base, keyOf(I, ini, i, 2)));
  const last = q.length - 1;
  for (let i = 0; i < last; i++) {
    if (query.cho[i]) continue;
    lists.push(posting(base, i + 1 < last && !query.cho[i + 1] ? keyOf(L, q, i, 2) : keyOf(N, q, i, 1)));
  }
  if (!query.cho[last]) lists.push(lastLetter(base, q.charCodeAt(last)));
  return narrowest(lists);
}

/**
 * Where a last letter still in composition can be: a syllable without a final consonant grows into
 * any with the same initial and vowel (사 → 상); one with a final consonant is there as it is, or
 * its final consonant is the next syllable's initial (빗 → 비상).
 */
function lastLetter(base: Base, code: number): Int32Array {
  if (code < SYLLABLE_FIRST || code > SYLLABLE_LAST) return posting(base, pack(N, code));
  const final = (code - SYLLABLE_FIRST) % 28;
  if (final === 0) return posting(base, pack(U, code));
  const literal = posting(base, pack(N, code));
  const initial = FINAL_AS_INITIAL[final] as string;
  return initial !== ' ' ? sortedUnion(literal, posting(base, pack(K, code - final, initial.charCodeAt(0)))) : literal;
}

export interface Hit {
  entry: Entry;
  rank: number;
}

/**
 * The best `limit` hits among the base (skipping dead positions) and `extra` entries (the overlay
 * of companies changed since the build), ranked as a full scan ranks them.
 */
export function searchBase(
  base: Base,
  query: CompiledQuery,
  extra: Iterable<Entry>,
  options: { unissuedOnly?: boolean | undefined; limit: number },
): Entry[] {
  if (!query.text) return [];
  const { limit, unissuedOnly } = options;
  const hits: Hit[] = [];
  const extraPerRank = [0, 0, 0, 0, 0];
  for (const entry of extra) {
    if (unissuedOnly && !entry.unissued) continue;
    const kind = matchKind(query, entry);
    if (!kind) continue;
    const rank = MATCH_RANK[kind];
    hits.push({ entry, rank });
    extraPerRank[rank] = (extraPerRank[rank] as number) + 1;
  }
  // Everything of a better rank comes first, so each rank needs only the places still open.
  const q = query.text;
  const ini = toChoseong(q);
  // What a candidate must have for a match of each rank, tested before the full matcher runs
  // (most candidates of the wider lists fail here, in a few nanoseconds).
  const plausible = [
    (e: Entry) => e.name === q || e.code === q,
    (e: Entry) => e.name.startsWith(q) || e.code.startsWith(q),
    (e: Entry) => e.name.includes(q),
    (e: Entry) => e.initials.startsWith(ini),
    (e: Entry) => e.initials.includes(ini),
  ] as const;
  let better = 0;
  for (let rank = 0; rank <= 4 && better < limit; rank++) {
    if (rank >= 3 && !query.hangul) break;
    let need = limit - better;
    const possible = plausible[rank] as (e: Entry) => boolean;
    walk(candidatesFor(base, query, rank), (pos) => {
      if (base.dead[pos]) return true;
      const entry = base.entries[pos] as Entry;
      if ((unissuedOnly && !entry.unissued) || !possible(entry)) return true;
      const kind = matchKind(query, entry);
      if (!kind || MATCH_RANK[kind] !== rank) return true;
      hits.push({ entry, rank });
      return --need > 0;
    });
    better += limit - better - need + (extraPerRank[rank] as number);
  }
  hits.sort((a, b) => (a.rank !== b.rank ? a.rank - b.rank : before(a.entry, b.entry) ? -1 : 1));
  return hits.slice(0, limit).map((h) => h.entry);
}
