import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextPath } from './safe-text.ts';

describe('safe text (issue 10 §5)', () => {
  it('accepts ordinary Korean, emoji (surrogate pairs), tabs and line breaks', () => {
    for (const text of ['', '비상장 주식 ㅂㅅ', '🚀📈 가즈아', 'a\tb\nc\r\n', '\u202E', '\uFFFD', '𝔸']) expect(isSafeText(text)).toBe(true);
  });

  it('refuses U+0000 and every unpaired surrogate, wherever it sits', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '\ude80x', '\ud83d\ud83d\ude80'.slice(0, 2), '🚀'.slice(1)]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('any string of whole code points except U+0000 is safe; inserting a NUL or a lone surrogate makes it unsafe', () => {
    const safe = fc.string({ unit: 'grapheme-composite' }).filter((s) => !s.includes('\u0000'));
    const poison = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff');
    fc.assert(
      fc.property(safe, safe, poison, (before, after, bad) => {
        expect(isSafeText(before + after)).toBe(true);
        // A lone high surrogate followed by a low one would pair up: keep them apart with a letter.
        expect(isSafeText(`${before}a${bad}a${after}`)).toBe(false);
      }),
    );
  });

  it('names the first unsafe field in a body, nested objects, arrays and keys included', () => {
    expect(unsafeTextPath({ content: '의견', companyIdx: 1 })).toBeNull();
    expect(unsafeTextPath({ content: 'a\u0000' })).toBe('content');
    expect(unsafeTextPath({ a: { b: ['ok', 'x\ud800'] } })).toBe('a.b.1');
    expect(unsafeTextPath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(unsafeTextPath('\udfff')).toBe('');
    expect(unsafeTextPath([1, null, true, { x: 'fine' }])).toBeNull();
    expect(unsafeTextPath(undefined)).toBeNull();
  });
});
