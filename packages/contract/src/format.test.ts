import { describe, expect, it } from 'vitest';
import {
  arrowOf,
  changeRate,
  digitsOnly,
  directionOf,
  formatChange,
  formatDate,
  formatDateTime,
  formatKoreanAmount,
  formatNumber,
  formatPrice,
  formatRate,
  percentOf,
  priceProvenanceText,
  seoulDay,
} from './format.ts';

describe('formatPrice and formatNumber', () => {
  it('groups thousands and appends 원', () => {
    expect(formatPrice(12_300)).toBe('12,300원');
    expect(formatPrice('12300')).toBe('12,300원');
    expect(formatPrice(0)).toBe('0원');
    expect(formatPrice(99_999_999)).toBe('99,999,999원');
    expect(formatPrice(-4_500)).toBe('-4,500원');
    expect(formatNumber(9_999_999_999_999)).toBe('9,999,999,999,999');
  });

  it('rounds away fractions and shows "-" for what is not a number', () => {
    expect(formatNumber(1234.6)).toBe('1,235');
    expect(formatNumber('abc')).toBe('-');
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('-');
  });
});

describe('formatKoreanAmount', () => {
  it.each([
    [1_234_500_000_000, '1조 2,345억원'],
    [876_000_000_000, '8,760억원'],
    [32_000_000, '3,200만원'],
    [1_000_000_000_000, '1조원'],
    [100_000_000, '1억원'],
    [150_000_000, '1억원'],
    [12_345_678_900_000_000, '12,345조 6,789억원'],
    [10_000, '1만원'],
    [9_999, '9,999원'],
    [0, '0원'],
    [-32_000_000, '-3,200만원'],
    [-1_234_500_000_000, '-1조 2,345억원'],
  ])('%d → %s', (value, expected) => {
    expect(formatKoreanAmount(value)).toBe(expected);
  });

  it('takes another suffix and refuses non-numbers', () => {
    expect(formatKoreanAmount(5_000_000_000, '')).toBe('50억');
    expect(formatKoreanAmount(Number.NaN)).toBe('-');
  });
});

describe('change and rate', () => {
  it('formatChange shows the arrow, the absolute gap and the signed rate', () => {
    expect(formatChange(1_200, 10.81)).toBe('▲ 1,200 (+10.81%)');
    expect(formatChange('-350', '-2.376')).toBe('▼ 350 (-2.38%)');
    expect(formatChange(0, 0)).toBe('0 (0.00%)');
    expect(formatChange('1200', '10.81')).toBe('▲ 1,200 (+10.81%)');
  });

  it('formatRate signs and rounds to two decimals', () => {
    expect(formatRate(1.5)).toBe('+1.50%');
    expect(formatRate('-2.376')).toBe('-2.38%');
    expect(formatRate(0)).toBe('0.00%');
    expect(formatRate('x')).toBe('-');
  });

  it('directionOf and arrowOf', () => {
    expect(directionOf(3)).toBe('up');
    expect(directionOf('-0.01')).toBe('down');
    expect(directionOf(0)).toBe('flat');
    expect(directionOf('abc')).toBe('flat');
    expect([arrowOf('up'), arrowOf('down'), arrowOf('flat')]).toEqual(['▲', '▼', '']);
  });

  it('changeRate against the previous price, two decimals, 0.00 without one', () => {
    expect(changeRate(1_100, 1_000)).toBe('10.00');
    expect(changeRate(12_300, 11_100)).toBe('10.81');
    expect(changeRate(977, 1_000)).toBe('-2.30');
    expect(changeRate(1_000, 0)).toBe('0.00');
  });

  it('percentOf', () => {
    expect(percentOf(10_000, 15)).toBe(1_500);
    expect(percentOf(3_000, 0)).toBe(0);
  });
});

describe('dates in Asia/Seoul', () => {
  // Seoul is UTC+9 all year: 15:00 UTC is midnight in Seoul.
  const beforeMidnight = '2026-11-20T14:59:00Z';
  const afterMidnight = '2026-11-20T15:00:00Z';

  it('formatDate turns the day at 15:00 UTC', () => {
    expect(formatDate(beforeMidnight)).toBe('2026.11.20');
    expect(formatDate(afterMidnight)).toBe('2026.11.21');
    expect(formatDate(new Date('2026-12-31T15:30:00Z'))).toBe('2027.01.01');
    expect(formatDate(Date.parse('2026-01-01T00:00:00Z'))).toBe('2026.01.01');
  });

  it('formatDateTime shows Seoul time on a 24-hour clock', () => {
    expect(formatDateTime(beforeMidnight)).toBe('2026년 11월 20일 23:59');
    expect(formatDateTime(afterMidnight)).toBe('2026년 11월 21일 00:00');
    expect(formatDateTime('2026-03-04T03:05:00Z')).toBe('2026년 3월 4일 12:05');
  });

  it('seoulDay gives the ISO day in Seoul', () => {
    expect(seoulDay(beforeMidnight)).toBe('2026-11-20');
    expect(seoulDay(afterMidnight)).toBe('2026-11-21');
  });
});

describe('digitsOnly', () => {
  it('keeps ASCII digits only, up to an optional length', () => {
    expect(digitsOnly('010-1234-5678')).toBe('01012345678');
    expect(digitsOnly(' 1,234원 ')).toBe('1234');
    expect(digitsOnly('abc가나')).toBe('');
    expect(digitsOnly('１２３')).toBe('');
    expect(digitsOnly('010-1234-5678', 6)).toBe('010123');
    expect(digitsOnly('')).toBe('');
  });
});

describe('priceProvenanceText (decision 0006)', () => {
  it('says where a price came from in one quiet line, in Seoul time', () => {
    const priceAt = '2026-11-23T05:05:00.000Z';
    expect(priceProvenanceText({ priceSource: 'TRADE', priceAt, priceTradeCount: 3 })).toBe('확인된 거래 3건 기준 · 11월 23일 14:05');
    expect(priceProvenanceText({ priceSource: 'MANUAL', priceAt, priceTradeCount: 0 })).toBe('운영자 입력 · 11월 23일 14:05');
    expect(priceProvenanceText({ priceSource: 'IMPORT', priceAt: '2026-11-20T06:30:00.000Z', priceTradeCount: 0 })).toBe(
      '외부 시세 · 11월 20일 15:30',
    );
    expect(priceProvenanceText({ priceSource: 'DEMO', priceAt, priceTradeCount: 0 })).toBe('예시 데이터');
  });
});
