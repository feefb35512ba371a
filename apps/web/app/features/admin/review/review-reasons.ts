/**
 * A queue item's reasons as operators read them: 'PHRASE:원금보장' → '문구 “원금보장”',
 * 'PHONE:010-…' → '전화번호 010-…', 'COMPANIES:5' + 'WINDOW_MINUTES:10' → '10분 안에 5개 종목'.
 */
export function reviewReasonTexts(reasons: readonly string[]): string[] {
  const value = (kind: string) => reasons.find((r) => r.startsWith(`${kind}:`))?.slice(kind.length + 1);
  const companies = value('COMPANIES');
  const minutes = value('WINDOW_MINUTES');
  const texts: string[] = companies && minutes ? [`${minutes}분 안에 ${companies}개 종목에 매물`] : [];
  for (const r of reasons) {
    const at = r.indexOf(':');
    const [kind, match] = [r.slice(0, at), r.slice(at + 1)];
    if (kind === 'PHRASE') texts.push(`문구 “${match}”`);
    else if (kind === 'PHONE') texts.push(`전화번호 ${match}`);
    else if (kind === 'OPEN_CHAT') texts.push(`외부 연락 ${match}`);
  }
  return texts;
}
