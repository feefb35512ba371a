/**
 * Korean search matching: name substrings, code prefixes, initial consonants (초성) and mixed
 * input such as "비ㅅ", ignoring case and spaces. Written with Unicode arithmetic so that the
 * API can scan tens of thousands of names within a few milliseconds.
 */

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JONGSEONG = [
  '',
  'ㄱ',
  'ㄲ',
  'ㄳ',
  'ㄴ',
  'ㄵ',
  'ㄶ',
  'ㄷ',
  'ㄹ',
  'ㄺ',
  'ㄻ',
  'ㄼ',
  'ㄽ',
  'ㄾ',
  'ㄿ',
  'ㅀ',
  'ㅁ',
  'ㅂ',
  'ㅄ',
  'ㅅ',
  'ㅆ',
  'ㅇ',
  'ㅈ',
  'ㅊ',
  'ㅋ',
  'ㅌ',
  'ㅍ',
  'ㅎ',
];

export function isSyllable(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c >= SYLLABLE_FIRST && c <= SYLLABLE_LAST;
}

export function isChoseong(ch: string): boolean {
  return ch.length === 1 && CHOSEONG.includes(ch);
}

/** "비상전자" → "ㅂㅅㅈㅈ"; other characters are kept as they are. */
export function toChoseong(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    out += c >= SYLLABLE_FIRST && c <= SYLLABLE_LAST ? CHOSEONG[Math.floor((c - SYLLABLE_FIRST) / 588)] : ch;
  }
  return out;
}

/** Lower-case and without white space: the form both names and queries are compared in. */
export function normalizeSearchText(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

export type MatchKind = 'exact' | 'prefix' | 'substring' | 'initials-prefix' | 'initials';
/** Lower ranks first. Initials that match from the first letter come before those in the middle. */
export const MATCH_RANK: Record<MatchKind, number> = { exact: 0, prefix: 1, substring: 2, 'initials-prefix': 3, initials: 4 };

/**
 * A syllable typed last may still be in composition: "사" while typing "상", or "빗" on the way to
 * "비상". Returns true when query character q can grow into name character n (and, for a dangling
 * final consonant, the next name character starts with it).
 */
function growsInto(q: string, n: string, nextInitial: string | undefined): boolean {
  if (!isSyllable(q) || !isSyllable(n)) return false;
  const qc = q.charCodeAt(0) - SYLLABLE_FIRST;
  const nc = n.charCodeAt(0) - SYLLABLE_FIRST;
  const qJong = qc % 28;
  const qBase = qc - qJong;
  const nBase = nc - (nc % 28);
  if (qJong === 0) return qBase === nBase;
  if (qc === nc) return true;
  // "빗" + next "상": the final ㅅ of the typed syllable is the next syllable's initial.
  return qBase === nc && nextInitial !== undefined && nextInitial === JONGSEONG[qJong];
}

/** A normalised query with what the matcher needs to know about each letter, computed once per search. */
export interface CompiledQuery {
  text: string;
  /** per letter: is it a bare initial consonant (ㄱ…ㅎ)? */
  cho: boolean[];
  allCho: boolean;
  /** any Hangul at all? Without it, initials matching cannot add anything to substring matching. */
  hangul: boolean;
}

export function compileQuery(normalized: string): CompiledQuery {
  const cho = Array.from(normalized, (ch) => isChoseong(ch));
  return {
    text: normalized,
    cho,
    allCho: cho.length > 0 && cho.every(Boolean),
    hangul: Array.from(normalized).some((ch) => isSyllable(ch) || isChoseong(ch)),
  };
}

/**
 * Where the query matches the name letter by letter, or -1: each letter equal, or a bare initial
 * consonant matching the syllable's initial, and the last letter possibly still in composition.
 * `initials` is toChoseong(name), precomputed by callers that scan many names.
 */
export function initialsMatchAt(query: string | CompiledQuery, name: string, initials = toChoseong(name)): number {
  const q = typeof query === 'string' ? compileQuery(query) : query;
  const text = q.text;
  // Only initial consonants: a plain substring search over the initials is the same rule.
  if (q.allCho) return initials.indexOf(text);
  const qLen = text.length;
  outer: for (let start = 0; start + qLen <= name.length; start++) {
    for (let i = 0; i < qLen; i++) {
      const qc = text[i] as string;
      const n = name[start + i] as string;
      if (qc === n || (q.cho[i] && initials[start + i] === qc)) continue;
      if (i === qLen - 1 && growsInto(qc, n, initials[start + i + 1])) continue;
      continue outer;
    }
    return start;
  }
  return -1;
}

export interface SearchEntry {
  /** normalised name (lower case, no spaces) */
  name: string;
  code: string;
  /** toChoseong(name); computed on demand when absent */
  initials?: string;
}

/** A search entry with everything precomputed, for indexes that scan many names. */
export function searchEntry(name: string, code: string): Required<SearchEntry> {
  const normalized = normalizeSearchText(name);
  return { name: normalized, code: code.toLowerCase(), initials: toChoseong(normalized) };
}

/**
 * How an entry matches a normalised query, or null. Ranked exact > prefix > substring > initials.
 * Codes match by prefix only.
 */
export function matchKind(query: string | CompiledQuery, entry: SearchEntry): MatchKind | null {
  const q = typeof query === 'string' ? compileQuery(query) : query;
  const text = q.text;
  if (text.length === 0) return null;
  const { name, code } = entry;
  if (name === text || code === text) return 'exact';
  if (name.startsWith(text) || code.startsWith(text)) return 'prefix';
  if (name.includes(text)) return 'substring';
  if (!q.hangul) return null;
  const at = initialsMatchAt(q, name, entry.initials ?? toChoseong(name));
  if (at === 0) return 'initials-prefix';
  return at > 0 ? 'initials' : null;
}

/** Ranges of the original name to highlight for a query, used by the search list. */
export function highlightRanges(name: string, rawQuery: string): Array<[number, number]> {
  const query = normalizeSearchText(rawQuery);
  if (!query) return [];
  // Map positions in the space-free lower-case name back to the original string.
  const positions: number[] = [];
  let compact = '';
  for (let i = 0; i < name.length; i++) {
    const ch = name[i] as string;
    if (/\s/.test(ch)) continue;
    positions.push(i);
    compact += ch.toLowerCase();
  }
  const start = initialsMatchAt(query, compact);
  if (start < 0) return [];
  const from = positions[start] as number;
  const to = (positions[start + query.length - 1] as number) + 1;
  return [[from, to]];
}
