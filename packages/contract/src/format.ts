/** Korean number, money and date formatting (UI.md §Formatting). Pure functions, no locale surprises. */

const thousands = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });

/** 12300 → "12,300". Works on bigint-safe integers passed as number or string. */
export function formatNumber(value: number | string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(n) ? thousands.format(n) : '-';
}

/** 12300 → "12,300원" */
export function formatPrice(value: number | string): string {
  return `${formatNumber(value)}원`;
}

/** Percentage helper of spec §9: value * rate / 100. */
export function percentOf(value: number, rate: number): number {
  return (value * rate) / 100;
}

/** 1_234_500_000_000 → "1조 2,345억원"; 876_000_000_000 → "8,760억원"; 32_000_000 → "3,200만원". */
export function formatKoreanAmount(value: number, suffix = '원'): string {
  if (!Number.isFinite(value)) return '-';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.round(value));
  const jo = Math.floor(abs / 1e12);
  const eok = Math.floor((abs % 1e12) / 1e8);
  const man = Math.floor((abs % 1e8) / 1e4);
  const parts: string[] = [];
  if (jo > 0) parts.push(`${formatNumber(jo)}조`);
  if (eok > 0) parts.push(`${formatNumber(eok)}억`);
  if (jo === 0 && eok === 0 && man > 0) parts.push(`${formatNumber(man)}만`);
  if (parts.length === 0) return `${sign}${formatNumber(abs)}${suffix}`;
  return `${sign}${parts.join(' ')}${suffix}`;
}

export type Direction = 'up' | 'down' | 'flat';

export function directionOf(value: number | string): Direction {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n) || n === 0) return 'flat';
  return n > 0 ? 'up' : 'down';
}

export function arrowOf(direction: Direction): string {
  return direction === 'up' ? '▲' : direction === 'down' ? '▼' : '';
}

/** "1.5" → "+1.50%", "-2.376" → "-2.38%", "0" → "0.00%" */
export function formatRate(rate: number | string): string {
  const n = typeof rate === 'string' ? Number(rate) : rate;
  if (!Number.isFinite(n)) return '-';
  const fixed = Math.abs(n).toFixed(2);
  return `${n > 0 ? '+' : n < 0 ? '-' : ''}${fixed}%`;
}

/** gap 1200, rate 10.81 → "▲ 1,200 (+10.81%)" */
export function formatChange(gap: number | string, rate: number | string): string {
  const g = typeof gap === 'string' ? Number(gap) : gap;
  const dir = directionOf(g);
  const arrow = arrowOf(dir);
  return `${arrow ? `${arrow} ` : ''}${formatNumber(Math.abs(g))} (${formatRate(rate)})`;
}

/** Change rate of a price versus the previous one, as a string with two decimals ("-2.38"). */
export function changeRate(current: number, previous: number): string {
  if (!previous) return '0.00';
  return (((current - previous) / previous) * 100).toFixed(2);
}

const SEOUL = 'Asia/Seoul';
const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SEOUL,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function seoulParts(date: Date | string | number): Record<string, string> {
  const d = date instanceof Date ? date : new Date(date);
  const out: Record<string, string> = {};
  for (const p of dateParts.formatToParts(d)) out[p.type] = p.value;
  return out;
}

/** "2026.11.21" in Asia/Seoul. */
export function formatDate(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${p.year}.${p.month}.${p.day}`;
}

/** "2026년 11월 21일 14:05" in Asia/Seoul. */
export function formatDateTime(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${p.year}년 ${Number(p.month)}월 ${Number(p.day)}일 ${p.hour}:${p.minute}`;
}

/** "11월 21일 14:05" in Asia/Seoul: a recent moment, where the year goes without saying. */
export function formatMonthDayTime(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${Number(p.month)}월 ${Number(p.day)}일 ${p.hour}:${p.minute}`;
}

/**
 * The quiet line under a price (decision 0006): '확인된 거래 3건 기준 · 11월 23일 14:05' (deals both
 * sides confirmed, issue 22),
 * '운영자 입력 · 11월 23일 14:05', '외부 시세 · 11월 20일 15:30' or '예시 데이터'.
 */
export function priceProvenanceText(p: { priceSource: string; priceAt: string; priceTradeCount: number }): string {
  const at = formatMonthDayTime(p.priceAt);
  switch (p.priceSource) {
    case 'TRADE':
      return `확인된 거래 ${formatNumber(p.priceTradeCount)}건 기준 · ${at}`;
    case 'MANUAL':
      return `운영자 입력 · ${at}`;
    case 'IMPORT':
      return `외부 시세 · ${at}`;
    default:
      return '예시 데이터';
  }
}

/** "2026-11-21": the calendar day in Asia/Seoul, used for daily price bars. */
export function seoulDay(date: Date | string | number): string {
  const p = seoulParts(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Strips every non-digit: the listing and phone inputs keep digits only. */
export function digitsOnly(text: string, maxLength?: number): string {
  const digits = text.replace(/\D/g, '');
  return maxLength ? digits.slice(0, maxLength) : digits;
}
