import type { ReactNode } from 'react';

/**
 * A wide table's box that scrolls sideways on a narrow screen. It takes focus, so that a keyboard
 * can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable), and is named by `label`.
 */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
