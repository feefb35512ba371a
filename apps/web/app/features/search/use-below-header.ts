import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Where the page below the header starts, in viewport pixels, while `active`: the search's backdrop
 * and, on a phone, its list start there. Measured, not assumed: the demo banner (28 px) sits above
 * the header until the page scrolls it away, and the header's height may change with its contents.
 */
export function useBelowHeader(inside: RefObject<HTMLElement | null>, active: boolean): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const el = inside.current;
      const header = el?.closest('header') ?? el;
      setTop(Math.max(0, Math.round(header?.getBoundingClientRect().bottom ?? 0)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [inside, active]);
  return top;
}
