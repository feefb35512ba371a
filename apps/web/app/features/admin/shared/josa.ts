const DIGIT_HAS_FINAL = [true, true, false, true, false, false, true, true, true, false];

/** 을 or 를 after `word` (Korean object particle), by its last syllable; '을(를)' when it cannot tell. */
export function objectParticle(word: string): string {
  const last =
    word
      .trim()
      .replace(/[’'")\]]+$/, '')
      .at(-1) ?? '';
  if (/\d/.test(last)) return DIGIT_HAS_FINAL[Number(last)] ? '을' : '를';
  const code = last.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return '을(를)';
  return code % 28 === 0 ? '를' : '을';
}

/** ‘제목’을 / ‘제목’를, for notices that name a post. */
export const quoted = (title: string) => `‘${title}’${objectParticle(title)}`;
