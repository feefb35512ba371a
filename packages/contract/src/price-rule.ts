/*
 * The 기준가 rule (docs/decisions/0006-price-rule.md), pure so that the server applies it in one
 * place and property tests can drive it without a database.
 */

export const PRICE_SOURCES = ['TRADE', 'IMPORT', 'MANUAL', 'DEMO'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** A listing must stand unchanged this long before its finish can count. */
export const PRICE_MIN_OPEN_MS = 10 * 60_000;
/** K-OTC's daily limit: a counted price lies within ±30 % of the day's basis. */
export const PRICE_DAILY_BAND_PERCENT = 30;
/** A counted trade is worth at least this much (count × price, 원). */
export const PRICE_MIN_TRADE_VALUE = 1_000_000;

export const PRICE_EXCLUSION_REASONS = [
  'NOT_VERIFIED',
  'SANCTIONED',
  'TOO_SOON',
  'OUT_OF_BAND',
  'TOO_SMALL',
  'ALREADY_COUNTED',
  'NO_BASIS',
  'SELF_DECLARED',
  'COUNTERPARTY_NOT_VERIFIED',
  'COUNTERPARTY_SANCTIONED',
  'SAME_PERSON',
] as const;
export type PriceExclusionReason = (typeof PRICE_EXCLUSION_REASONS)[number];

/** The reason codes as operators read them in the price review. */
export const PRICE_EXCLUSION_TEXT: Record<PriceExclusionReason, string> = {
  NOT_VERIFIED: '미인증 회원',
  SANCTIONED: '제재 중',
  TOO_SOON: '10분 미만',
  OUT_OF_BAND: '±30% 밖',
  TOO_SMALL: '100만원 미만',
  ALREADY_COUNTED: '오늘 이미 반영',
  NO_BASIS: '기준가 없음',
  SELF_DECLARED: '한쪽만 완료 처리',
  COUNTERPARTY_NOT_VERIFIED: '상대 미인증',
  COUNTERPARTY_SANCTIONED: '상대 제재 중',
  SAME_PERSON: '같은 사람',
};

export interface FinishFacts {
  ownerVerified: boolean;
  ownerSanctioned: boolean;
  /** When the listing was last created or changed by its owner. */
  listedAt: Date;
  finishedAt: Date;
  price: number;
  count: number;
  /** The company's price at the start of the Seoul day (0 when it has none). */
  basis: number;
  /** Whether the same member already has a counted finish for this company today. */
  alreadyCountedToday: boolean;
  /**
   * The other side of a deal both confirmed (issue 22). Without one, the finish is the owner's word
   * alone and never counts (SELF_DECLARED): one member must not move a price by themselves.
   */
  counterparty?: { verified: boolean; sanctioned: boolean; samePerson: boolean };
}

/** Whether `price` lies within the daily band of `basis`, inclusive, in integer arithmetic. */
export function withinDailyBand(price: number, basis: number): boolean {
  if (!(basis > 0)) return false;
  const p = BigInt(Math.trunc(price)) * 100n;
  const b = BigInt(Math.trunc(basis));
  return p >= b * BigInt(100 - PRICE_DAILY_BAND_PERCENT) && p <= b * BigInt(100 + PRICE_DAILY_BAND_PERCENT);
}

/** Every reason the finish must not move the price; empty when it counts. */
export function judgeFinish(f: FinishFacts): PriceExclusionReason[] {
  const reasons: PriceExclusionReason[] = [];
  if (!f.ownerVerified) reasons.push('NOT_VERIFIED');
  if (f.ownerSanctioned) reasons.push('SANCTIONED');
  if (f.finishedAt.getTime() - f.listedAt.getTime() < PRICE_MIN_OPEN_MS) reasons.push('TOO_SOON');
  if (!(f.basis > 0)) reasons.push('NO_BASIS');
  else if (!withinDailyBand(f.price, f.basis)) reasons.push('OUT_OF_BAND');
  if (BigInt(Math.trunc(f.count)) * BigInt(Math.trunc(f.price)) < BigInt(PRICE_MIN_TRADE_VALUE)) reasons.push('TOO_SMALL');
  if (f.alreadyCountedToday) reasons.push('ALREADY_COUNTED');
  if (!f.counterparty) reasons.push('SELF_DECLARED');
  else {
    if (!f.counterparty.verified) reasons.push('COUNTERPARTY_NOT_VERIFIED');
    if (f.counterparty.sanctioned) reasons.push('COUNTERPARTY_SANCTIONED');
    if (f.counterparty.samePerson) reasons.push('SAME_PERSON');
  }
  return reasons;
}

/**
 * The volume-weighted median of a day's counted finishes: the price at which the cumulative share
 * count, in price order, first reaches half of the day's total (the lower median on an exact tie).
 */
export function weightedMedian(marks: ReadonlyArray<{ price: number; count: number }>): number {
  if (marks.length === 0) throw new Error('weightedMedian of no trades');
  const sorted = [...marks].sort((a, b) => a.price - b.price);
  const total = sorted.reduce((sum, m) => sum + BigInt(m.count), 0n);
  let cumulative = 0n;
  for (const m of sorted) {
    cumulative += BigInt(m.count);
    if (cumulative * 2n >= total) return m.price;
  }
  return (sorted.at(-1) as { price: number }).price;
}

/** The day's bar from its counted finishes in the order they happened. */
export function dayBar(marks: ReadonlyArray<{ price: number; count: number }>) {
  const prices = marks.map((m) => m.price);
  return {
    open: prices[0] as number,
    high: Math.max(...prices),
    low: Math.min(...prices),
    close: weightedMedian(marks),
    volume: marks.reduce((sum, m) => sum + m.count, 0),
  };
}
