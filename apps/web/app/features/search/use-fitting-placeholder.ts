import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * `full` while it fits the input's text box, else `short`, else `shortest` (when given): on a phone
 * the header leaves the search box some 70–140 px of text, and a clipped placeholder reads as a
 * broken sentence. Measured with the input's own font, again when the box resizes or the web font
 * arrives.
 */
export function useFittingPlaceholder(input: RefObject<HTMLInputElement | null>, full: string, short: string, shortest?: string): string {
  const [placeholder, setPlaceholder] = useState(full);
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    const probe = document.createElement('span');
    probe.setAttribute('aria-hidden', 'true');
    probe.textContent = full;
    document.body.append(probe);
    const fit = () => {
      const style = getComputedStyle(el);
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;left:-9999px;font:${style.font};letter-spacing:${style.letterSpacing}`;
      const room = el.clientWidth - (Number.parseFloat(style.paddingLeft) || 0) - (Number.parseFloat(style.paddingRight) || 0);
      // No box to measure (not laid out, or a test's DOM): keep the full sentence.
      if (!(room > 0)) return setPlaceholder(full);
      const steps = shortest ? [full, short, shortest] : [full, short];
      const fits = steps.find((text) => {
        probe.textContent = text;
        return probe.getBoundingClientRect().width <= room;
      });
      setPlaceholder(fits ?? (steps.at(-1) as string));
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(el);
    document.fonts?.addEventListener('loadingdone', fit);
    return () => {
      observer?.disconnect();
      document.fonts?.removeEventListener('loadingdone', fit);
      probe.remove();
    };
  }, [input, full, short, shortest]);
  return placeholder;
}
