import { z } from './zod.ts';

/**
 * Dates and times a request may carry, decided once (issue 21): a value that looks right but cannot
 * exist (2024-13-45, 2023-02-30, 24:61) is refused like any other bad input, by pure arithmetic that
 * never throws. `new Date(…).toISOString()` was the old check, and it throws a RangeError (a 500)
 * on exactly those values.
 *
 * Years are bounded to 1000–9999, and a date-time's instant to that span in UTC: four-digit years
 * that PostgreSQL (4713 BC – 294276 AD), JavaScript's Date (±275,760 years) and ISO text all hold
 * alike. Year 0000 does not exist in PostgreSQL, and 9999-12-31T23:59:59-14:00 is already in year
 * 10000, which `toISOString()` writes as +010000 and no date column reads back.
 */
export const DATE_YEAR_MIN = 1000;
export const DATE_YEAR_MAX = 9999;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)(Z|([+-])(\d{2}):(\d{2}))$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` naming a day that exists, in years DATE_YEAR_MIN–DATE_YEAR_MAX. */
export function isCalendarDate(text: string): boolean {
  const m = CALENDAR_DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX || month < 1 || month > 12) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/** `HH:mm`, `HH:mm:ss` or `HH:mm:ss.fff` on a 24-hour clock: 00:00 to 23:59:59 (no 24:00, no leap second). */
export function isTimeOfDay(text: string): boolean {
  const m = TIME_OF_DAY.exec(text);
  if (!m) return false;
  return Number(m[1]) <= 23 && Number(m[2]) <= 59 && (m[3] === undefined || Number(m[3]) <= 59);
}

const INSTANT_MIN = Date.UTC(DATE_YEAR_MIN, 0, 1);
const INSTANT_MAX = Date.UTC(DATE_YEAR_MAX + 1, 0, 1) - 1;

/**
 * An ISO 8601 instant as the API takes it: `YYYY-MM-DDTHH:mm:ss[.fraction](Z|±HH:mm)`, e.g.
 * `2026-11-20T14:00:00+09:00` or what `Date.prototype.toISOString()` writes, naming a moment that
 * exists within the bounded years.
 */
export function isIsoDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m || !isCalendarDate(m[1] as string) || !isTimeOfDay(m[2] as string)) return false;
  let offsetMinutes = 0;
  if (m[3] !== 'Z') {
    const [hours, minutes] = [Number(m[5]), Number(m[6])];
    if (hours > 23 || minutes > 59) return false;
    offsetMinutes = (m[4] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const [y, mo, d] = (m[1] as string).split('-').map(Number) as [number, number, number];
  const [h, mi, s] = (m[2] as string).split(/[:.]/).map(Number) as [number, number, number];
  const instant = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000;
  return instant >= INSTANT_MIN && instant <= INSTANT_MAX;
}

type Messages = string | { format: string; impossible: string };

/**
 * A schema for a calendar-date field: `message` for anything that is not a real day, or separate
 * messages for text that is not `YYYY-MM-DD` at all and for a day that does not exist (the CSV
 * import names both). Documented as `format: date`.
 */
export function calendarDate(message: Messages) {
  const { format, impossible } = typeof message === 'string' ? { format: message, impossible: message } : message;
  return z
    .string({ error: format })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: format, abort: true })
    .refine(isCalendarDate, { error: impossible })
    .meta({ format: 'date' });
}

/** A schema for an instant (isIsoDateTime), with the field's own message; documented as `format: date-time`. */
export function isoDateTime(message: string) {
  return z.string({ error: message }).refine(isIsoDateTime, { error: message }).meta({ format: 'date-time' });
}
