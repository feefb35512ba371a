/** Injectable clock: every time-dependent rule reads time through this. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * The system time moved by an offset that a local test run can change (DEV_CLOCK, never in a
 * deployment): browser journeys check what happens "at its time" (a scheduled notice, a listing
 * that stood 10 minutes) against the real server without waiting for it.
 */
export function offsetClock(): Clock & { setOffset(ms: number): void; offset(): number } {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    setOffset: (ms) => {
      offsetMs = ms;
    },
    offset: () => offsetMs,
  };
}
export type OffsetClock = ReturnType<typeof offsetClock>;
