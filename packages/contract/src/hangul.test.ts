import { describe, expect, it } from 'vitest';
import {
  highlightRanges,
  initialsMatchAt,
  isChoseong,
  isSyllable,
  MATCH_RANK,
  type MatchKind,
  matchKind,
  normalizeSearchText,
  toChoseong,
} from './hangul.ts';

const entry = (name: string, code = '900004') => ({ name: normalizeSearchText(name), code: code.toLowerCase() });
const kind = (query: string, name: string, code?: string) => matchKind(normalizeSearchText(query), entry(name, code));

describe('toChoseong', () => {
  it('turns syllables into their initial consonants and keeps everything else', () => {
    expect(toChoseong('비상전자')).toBe('ㅂㅅㅈㅈ');
    expect(toChoseong('가힣')).toBe('ㄱㅎ');
    expect(toChoseong('까따빠싸짜')).toBe('ㄲㄸㅃㅆㅉ');
    expect(toChoseong('AI 비상 1호')).toBe('AI ㅂㅅ 1ㅎ');
    expect(toChoseong('ㅂㅏ')).toBe('ㅂㅏ');
    expect(toChoseong('')).toBe('');
  });

  it('isSyllable and isChoseong tell syllables, initial consonants and vowels apart', () => {
    expect(isSyllable('가')).toBe(true);
    expect(isSyllable('힣')).toBe(true);
    expect(isSyllable('ㄱ')).toBe(false);
    expect(isSyllable('A')).toBe(false);
    expect(isChoseong('ㅂ')).toBe(true);
    expect(isChoseong('ㄲ')).toBe(true);
    expect(isChoseong('ㅏ')).toBe(false);
    expect(isChoseong('ㄳ')).toBe(false);
    expect(isChoseong('ㅂㅅ')).toBe(false);
    expect(isChoseong('비')).toBe(false);
  });

  it('normalizeSearchText lower-cases and drops every space', () => {
    expect(normalizeSearchText(' Bee Sang\tLabs\n')).toBe('beesanglabs');
    expect(normalizeSearchText('비상 테크')).toBe('비상테크');
  });
});

describe('matchKind', () => {
  it.each<[string, string, MatchKind | null]>([
    ['비상테크', '비상테크', 'exact'],
    ['비상 테크', '비상테크', 'exact'],
    ['900004', '비상테크', 'exact'],
    ['비상', '비상테크', 'prefix'],
    ['9000', '비상테크', 'prefix'],
    ['테크', '비상테크', 'substring'],
    ['ㅂㅅ', '비상테크', 'initials-prefix'],
    ['ㅂㅅㅌㅋ', '비상테크', 'initials-prefix'],
    ['비ㅅ', '비상테크', 'initials-prefix'],
    ['ㅅㅌ', '비상테크', 'initials'],
    ['상ㅌ', '비상테크', 'initials'],
    ['0004', '비상테크', null],
    ['ㅂㅈ', '비상테크', null],
    ['테크비상', '비상테크', null],
    ['', '비상테크', null],
  ])('%s in %s → %s', (query, name, expected) => {
    expect(kind(query, name)).toBe(expected);
  });

  it('ignores case in names and codes', () => {
    expect(kind('BEESANG', 'beesang labs', 'BSL001')).toBe('prefix');
    expect(kind('Labs', 'Beesang Labs')).toBe('substring');
    expect(kind('bsl', 'Beesang Labs', 'BSL001')).toBe('prefix');
  });

  it('accepts the last syllable while the IME is still composing it', () => {
    // "사" on the way to "상", "빗" on the way to "비상" (its final ㅅ is the next initial).
    expect(kind('비사', '비상테크')).toBe('initials-prefix');
    expect(kind('빗', '비상테크')).toBe('initials-prefix');
    expect(kind('빗', '비상')).toBe('initials-prefix');
    expect(kind('비상테', '비상텍')).toBe('initials-prefix');
    expect(kind('비상텤', '비상테크')).toBe('initials-prefix');
    // The dangling consonant must be the next initial; only the last letter may be unfinished.
    expect(kind('빗', '비행')).toBeNull();
    expect(kind('비상텍', '비상테크')).toBeNull();
    expect(kind('빗', '비')).toBeNull();
    expect(kind('사비', '상비약')).toBeNull();
  });

  it('ranks exact before prefix before substring before initials', () => {
    const order = (['exact', 'prefix', 'substring', 'initials-prefix', 'initials'] as const).map((k) => MATCH_RANK[k]);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(order.length);
  });

  it('initialsMatchAt finds the first position', () => {
    expect(initialsMatchAt('ㅂㅅ', '비상비상')).toBe(0);
    expect(initialsMatchAt('ㅅㅌ', '비상테크')).toBe(1);
    expect(initialsMatchAt('ㅋㅋ', '비상테크')).toBe(-1);
    expect(initialsMatchAt('ㅂㅅㅌㅋㅋ', '비상테크')).toBe(-1);
  });
});

describe('highlightRanges', () => {
  it('marks the matched letters of the original name, spaces included', () => {
    expect(highlightRanges('비상 테크', '상테')).toEqual([[1, 4]]);
    expect(highlightRanges('비상 테크', 'ㅂㅅㅌ')).toEqual([[0, 4]]);
    expect(highlightRanges('비상 테크', '비상 테크')).toEqual([[0, 5]]);
    expect(highlightRanges('  비상테크', 'ㅌㅋ')).toEqual([[4, 6]]);
    expect(highlightRanges('Beesang Labs', 'sang l')).toEqual([[3, 9]]);
    expect(highlightRanges('비상테크', '빗')).toEqual([[0, 1]]);
  });

  it('marks nothing without a match or a query', () => {
    expect(highlightRanges('비상테크', 'ㅋㅋ')).toEqual([]);
    expect(highlightRanges('비상테크', '   ')).toEqual([]);
    expect(highlightRanges('', 'ㅂ')).toEqual([]);
  });
});
