import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';

/** Lets the fetch promise chains (and, under fake timers, the timers due within `ms`) settle. */
export async function settle(ms = 0) {
  await act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(ms);
    else await new Promise((r) => setTimeout(r, ms));
  });
}

export function click(element: Element) {
  act(() => {
    fireEvent.click(element);
  });
}

export function type(element: Element, value: string) {
  act(() => {
    fireEvent.change(element, { target: { value } });
  });
}

export function key(element: Element, k: string) {
  act(() => {
    fireEvent.keyDown(element, { key: k });
  });
}

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
export const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
export const checkbox = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
export const dialog = () => screen.queryByRole('dialog');

/** The text a field points to through aria-describedby: its hint and its error. */
export function describedError(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/**
 * The notifications and toasts on screen (lib/toasts.tsx, Radix's Toast, which announces them
 * through its own live region): the urgent ones (error, warning) or the others.
 */
export function notices(kind: 'urgent' | 'calm' = 'urgent'): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-notice]')).filter(
    (el) => (el.dataset.notice === 'error' || el.dataset.notice === 'warning') === (kind === 'urgent'),
  );
}

/** The one urgent notice on screen; throws when there is none or more than one. */
export function urgentNotice(): HTMLElement {
  const all = notices('urgent');
  if (all.length !== 1) throw new Error(`expected one urgent notice (error or warning), found ${all.length}`);
  return all[0] as HTMLElement;
}
