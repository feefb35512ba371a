import { describe, expect, it } from 'vitest';
import { fromKstInput, kstDayBound, toKstInput } from './kst';

describe('Seoul wall time for the console inputs', () => {
  it('writes and reads datetime-local values as Asia/Seoul, whatever the machine zone', () => {
    expect(toKstInput('2026-11-20T15:30:00.000Z')).toBe('2026-11-21T00:30');
    expect(fromKstInput('2026-11-21T00:30')).toBe('2026-11-20T15:30:00.000Z');
    expect(fromKstInput('2026-11-21')).toBeNull();
    expect(fromKstInput('')).toBeNull();
  });

  it('bounds a Seoul day for the audit filters', () => {
    expect(kstDayBound('2026-11-21')).toBe('2026-11-21T00:00:00.000+09:00');
    expect(kstDayBound('2026-11-21', true)).toBe('2026-11-21T23:59:59.999+09:00');
    expect(kstDayBound('21.11.2026')).toBeUndefined();
  });
});
