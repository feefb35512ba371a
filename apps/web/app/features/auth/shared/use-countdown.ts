import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `deadline` (epoch ms), updated once a second; 0 when there is no
 * deadline or it has passed. Remembers when the deadline was set so the first frame is exact.
 */
export function useCountdown(deadline: number | null): number {
  const [tick, setTick] = useState(() => ({ deadline, now: Date.now() }));
  if (tick.deadline !== deadline) setTick({ deadline, now: Date.now() });

  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => {
      const now = Date.now();
      setTick({ deadline, now });
      if (now >= deadline) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [deadline]);

  return deadline === null ? 0 : Math.max(0, deadline - tick.now);
}

/** 180000 → '03:00'; partial seconds round up so the clock reaches 00:00 only at the end. */
export function formatMmSs(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
