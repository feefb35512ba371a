import { seoulDay } from '@beesang/contract';

const DAY_MS = 86_400_000;
const dayNumber = (date: string | number) => Date.parse(`${seoulDay(date)}T00:00:00Z`) / DAY_MS;

/** Calendar days (Asia/Seoul) from `now` to the day `expiresAt` falls on: 0 on that day itself, never below 0. */
export function daysLeft(expiresAt: string, now: number = Date.now()): number {
  return Math.max(0, dayNumber(expiresAt) - dayNumber(now));
}

/** 'D-7', and 'D-day' on the last day. */
export const dDayText = (days: number) => (days === 0 ? 'D-day' : `D-${days}`);
