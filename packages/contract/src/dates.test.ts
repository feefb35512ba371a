import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate, isIsoDateTime, isoDateTime, isTimeOfDay } from './dates.ts';

/** Issue 21: a value that looks right but cannot exist is refused with the field's message, never thrown on. */

describe('calendar dates', () => {
  it('accepts days that exist, leap days in leap years only', () => {
    for (const d of ['2024-02-29', '2000-02-29', '2023-12-31', '1000-01-01', '9999-12-31', '1896-05-10'])
      expect(isCalendarDate(d), d).toBe(true);
  });

  it('refuses days that do not exist, years out of range and anything not YYYY-MM-DD', () => {
    for (const d of [
      '2024-13-45',
      '2023-02-30',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-00-10',
      '2024-01-00',
      '0000-00-00',
      '0000-01-01',
      '0999-12-31',
      '2024-1-5',
      '20240105',
      '2024-01-05T00:00:00Z',
      '٢٠٢٤-٠١-٠٥',
      '',
    ]) {
      expect(isCalendarDate(d), d).toBe(false);
    }
  });

  it('agrees with the calendar JavaScript keeps, for every day of 1000–9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        expect(isCalendarDate(text)).toBe(new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d);
      }),
    );
  });
});

describe('times of day', () => {
  it('runs from 00:00 to 23:59:59', () => {
    for (const t of ['00:00', '23:59', '23:59:59', '12:30:00.5']) expect(isTimeOfDay(t), t).toBe(true);
    for (const t of ['24:00', '24:61', '23:60', '12:00:60', '7:00', '12:00:00.', '']) expect(isTimeOfDay(t), t).toBe(false);
  });
});

describe('ISO date-times', () => {
  it('accepts what toISOString writes and explicit offsets', () => {
    for (const t of [
      '2026-11-20T05:00:00.000Z',
      '2026-11-20T14:00:00+09:00',
      '2024-02-29T23:59:59-03:30',
      '2024-01-01T00:00:00.123456789Z',
      '1000-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
    ]) {
      expect(isIsoDateTime(t), t).toBe(true);
    }
  });

  it('refuses impossible dates and times, missing offsets and instants outside the years both databases hold', () => {
    for (const t of [
      '2024-13-45T00:00:00Z',
      '2023-02-30T00:00:00Z',
      '2023-02-29T24:61:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T23:59:60Z',
      '2024-01-01T00:00:00+24:00',
      '2024-01-01T00:00:00+09:60',
      '2024-01-01T00:00:00',
      '2024-01-01T00:00Z',
      '2024-01-01 00:00:00Z',
      '0000-00-00T00:00:00Z',
      '9999-12-31T23:59:59-14:00',
      '1000-01-01T00:00:00+00:01',
      '2024-01-01T00:00:00.1234567890Z',
    ]) {
      expect(isIsoDateTime(t), t).toBe(false);
    }
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => [isCalendarDate(text), isTimeOfDay(text), isIsoDateTime(text)]).not.toThrow();
      }),
    );
  });
});

describe('the schemas', () => {
  it('refuse with the field’s own message, and tell a malformed date from one that does not exist', () => {
    const founded = calendarDate('설립일은 YYYY-MM-DD 형식의 날짜로 입력해주세요.');
    const issue = founded.safeParse('2024-13-45').error?.issues;
    expect(issue).toEqual([expect.objectContaining({ message: '설립일은 YYYY-MM-DD 형식의 날짜로 입력해주세요.' })]);
    const csv = calendarDate({ format: '형식이 틀렸습니다', impossible: '없는 날짜입니다' });
    expect(csv.safeParse('2023-02-30').error?.issues.map((i) => i.message)).toEqual(['없는 날짜입니다']);
    expect(csv.safeParse('30/02/2023').error?.issues.map((i) => i.message)).toEqual(['형식이 틀렸습니다']);
    expect(csv.safeParse(20230230).error?.issues.map((i) => i.message)).toEqual(['형식이 틀렸습니다']);
    expect(csv.parse('2024-02-29')).toBe('2024-02-29');

    const endsAt = isoDateTime('종료 시각이 올바르지 않습니다.');
    expect(endsAt.safeParse('2023-02-29T24:61:00Z').error?.issues.map((i) => i.message)).toEqual(['종료 시각이 올바르지 않습니다.']);
    expect(endsAt.safeParse(null).error?.issues.map((i) => i.message)).toEqual(['종료 시각이 올바르지 않습니다.']);
    expect(endsAt.parse('2026-11-20T14:00:00+09:00')).toBe('2026-11-20T14:00:00+09:00');
  });
});
