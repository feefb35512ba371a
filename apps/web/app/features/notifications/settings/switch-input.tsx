import type { InputHTMLAttributes } from 'react';

/**
 * A native checkbox shown as a switch (role="switch": on/off is read out as such); keyboard and
 * labels are the browser's own. 44 px to press on a phone, the track 40×24.
 */
export function SwitchInput({ className = '', ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return (
    <span className={`relative inline-flex size-11 shrink-0 items-center justify-center ${className}`}>
      <input
        type="checkbox"
        role="switch"
        // The native state, said as a switch's (biome's rule asks for it; the browser's would do).
        aria-checked={Boolean(input.checked)}
        {...input}
        className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none h-6 w-10 rounded-full bg-[#b0b8c1] transition-colors peer-checked:bg-brand peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:opacity-40"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-[calc(50%-17px)] size-[18px] -translate-y-1/2 rounded-full bg-white shadow transition-transform peer-checked:translate-x-4"
      />
    </span>
  );
}
