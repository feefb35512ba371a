import { describe, expect, it } from 'vitest';
import {
  CHART_RANGES,
  chartRangesForLevel,
  ListingStatus,
  MARKET_LABEL_TEXT,
  MARKET_LABELS,
  ProofCheckStatus,
  RANKING_PERIOD_TEXT,
  RANKING_PERIODS,
  ReportReason,
  SanctionState,
  SECTOR_TEXT,
  SECTORS,
  TradeType,
  UserLevel,
} from './enums.ts';

describe('numeric codes of the spec', () => {
  it('listing status', () => {
    expect(ListingStatus).toEqual({ IN_PROGRESS: 11, TRADE_FINISHED: 12, TRADE_EXPIRED: 13, USER_DELETED: 101, ADMIN_DELETED: 102 });
  });

  it('proof check status', () => {
    expect(ProofCheckStatus).toEqual({ NONE: 0, PENDING: 1, REATTACHMENT: 2, VERIFIED: 11, UNIDENTIFIED: 21, NON_AUTHENTICITY: 101 });
  });

  it('report reasons, fake trade being 10', () => {
    expect(ReportReason).toEqual({
      NONE: 0,
      HATEFUL_WRITING: 1,
      ADVERTISING_SPAM: 2,
      PERSONAL_INFORMATION_LEAK: 3,
      PORNOGRAPHY: 4,
      FAKE_INFORMATION: 5,
      FAKE_TRADE: 10,
    });
  });

  it('user level, sanctions and trade type', () => {
    expect(UserLevel).toEqual({ NOT_MEMBER: 0, COMMON: 1, REGULAR: 2 });
    expect(SanctionState).toEqual({ NORMAL: 0, WARN: 1, STOP_DEBATE: 2, STOP_TRADE: 3, SUSPEND: 4 });
    expect(TradeType).toEqual({ BUY: 1, SELL: 2 });
  });

  it('codes within each enumeration are unique', () => {
    for (const e of [ListingStatus, ProofCheckStatus, ReportReason, SanctionState, UserLevel]) {
      const values = Object.values(e);
      expect(new Set(values).size).toBe(values.length);
    }
  });
});

describe('chartRangesForLevel', () => {
  it('offers 5 ranges at level 1, 4 at level 2 and 3 at level 3, dropping the longest first', () => {
    expect(chartRangesForLevel(1)).toEqual(['1M', '3M', '1Y', '3Y', '5Y']);
    expect(chartRangesForLevel(2)).toEqual(['1M', '3M', '1Y', '3Y']);
    expect(chartRangesForLevel(3)).toEqual(['1M', '3M', '1Y']);
    expect(chartRangesForLevel(1)).toEqual(CHART_RANGES);
  });
});

describe('labels', () => {
  it('every market label, ranking period and sector has Korean or display text', () => {
    expect(Object.keys(MARKET_LABEL_TEXT).sort()).toEqual([...MARKET_LABELS].sort());
    expect(MARKET_LABEL_TEXT.UNISSUED).toBe('미발행');
    expect(Object.keys(RANKING_PERIOD_TEXT).sort()).toEqual([...RANKING_PERIODS].sort());
    expect(Object.keys(SECTOR_TEXT).sort()).toEqual([...SECTORS].sort());
    for (const text of Object.values(SECTOR_TEXT)) expect(text).toMatch(/[가-힣]/);
  });
});
