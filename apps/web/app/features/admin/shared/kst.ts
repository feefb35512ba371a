/**
 * Asia/Seoul for the console's date inputs. Korea keeps no daylight saving, so +09:00 holds all
 * year; `<input type="datetime-local">` values are read and written as Seoul wall time whatever
 * the operator's own computer is set to.
 */
const OFFSET_MS = 9 * 3_600_000;

/** 'YYYY-MM-DDTHH:mm' in Seoul, for a datetime-local input. */
export function toKstInput(at: Date | string | number): string {
  return new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 16);
}

/** The ISO instant of a datetime-local value read as Seoul time; null when it is not a complete one. */
export function fromKstInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(`${value}:00+09:00`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The first (or, with `end`, the last) millisecond of a Seoul calendar day 'YYYY-MM-DD', as ISO with +09:00. */
export function kstDayBound(day: string, end = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(new Date(`${day}T00:00:00+09:00`).getTime())) return undefined;
  return `${day}T${end ? '23:59:59.999' : '00:00:00.000'}+09:00`;
}
