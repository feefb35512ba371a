/** Generated company logos: a rounded square in a colour drawn from the code, with the first letter. */
const PALETTE = ['#3182F6', '#F04452', '#03B26C', '#FFB800', '#8B5CF6', '#0EA5E9', '#EC4899', '#14B8A6', '#F97316', '#6366F1'];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function logoSvg(code: string, name: string): string {
  const colour = PALETTE[hash(code) % PALETTE.length];
  const letter = escapeXml(Array.from(name)[0] ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${colour}"/><text x="32" y="42" font-family="Pretendard, 'Noto Sans CJK KR', sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}

export function shareImageSvg(input: { name: string; code: string; price: string; change: string; up: boolean | null }): string {
  const colour = input.up === null ? '#8B95A1' : input.up ? '#F04452' : '#3182F6';
  const logo = logoSvg(input.code, input.name).replace('width="64" height="64"', 'x="80" y="80" width="128" height="128"');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#F9FAFB"/><rect x="40" y="40" width="1120" height="550" rx="32" fill="#fff"/>
${logo}
<text x="240" y="135" font-family="Pretendard, 'Noto Sans CJK KR', sans-serif" font-size="56" font-weight="700" fill="#191F28">${escapeXml(input.name)}</text>
<text x="240" y="190" font-family="Pretendard, 'Noto Sans CJK KR', sans-serif" font-size="32" fill="#8B95A1">${escapeXml(input.code)}</text>
<text x="80" y="380" font-family="Pretendard, 'Noto Sans CJK KR', sans-serif" font-size="96" font-weight="700" fill="#191F28">${escapeXml(input.price)}</text>
<text x="80" y="460" font-family="Pretendard, 'Noto Sans CJK KR', sans-serif" font-size="44" font-weight="600" fill="${colour}">${escapeXml(input.change)}</text>
<text x="80" y="545" font-family="Pretendard, 'Noto Sans CJK KR', sans-serif" font-size="30" font-weight="700" fill="#3182F6">비상 · 비상장 주식 정보와 직거래</text>
</svg>`;
}
