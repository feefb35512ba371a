import { formatNumber, parseAmountInput } from '@beesang/contract';
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';

/** 15 digits keep every value a safe integer; anything that long is far past the limits anyway. */
const MAX_DIGITS = 15;

const useIsoLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect;

/**
 * Count or price input (spec §5): digits only once separators are removed, other characters
 * refused silently, shown with thousands separators. The caret stays after the same digit while
 * the separators move around it.
 */
export function AmountField(props: {
  label: string;
  suffix: string;
  value: string;
  onChange(digits: string): void;
  hint?: ReactNode;
  /** A red line under the field that does not block (the price band). */
  warning?: string;
  disabled?: boolean;
  /** Shown and focusable but fixed (a listing's non-negotiable price): the hint says why. */
  readOnly?: boolean;
  /** The warning is an error that blocks (the offer form's limits), not only a hint. */
  invalid?: boolean;
  accent: string;
}) {
  const { label, suffix, value, onChange, hint, warning, disabled, readOnly, invalid, accent } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Digits left of the caret after the last keystroke, to put the caret back after formatting.
  const caretDigits = useRef<number | null>(null);
  const shown = value === '' ? '' : formatNumber(value);

  useIsoLayoutEffect(() => {
    const el = input.current;
    const digits = caretDigits.current;
    if (!el || digits === null || document.activeElement !== el) return;
    caretDigits.current = null;
    let pos = 0;
    for (let seen = 0; pos < shown.length && seen < digits; pos++) if (/\d/.test(shown[pos] as string)) seen++;
    el.setSelectionRange(pos, pos);
  });

  const describedBy = [hint ? `${id}-hint` : '', warning ? `${id}-warning` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink-2">
        {label}
      </label>
      <div
        className={`flex h-12 items-center rounded-control border px-3 ${warning ? 'border-danger' : 'border-line'} focus-within:border-current focus-within:ring-1 focus-within:ring-current ${accent} ${disabled || readOnly ? 'bg-page' : 'bg-white'}`}
      >
        <input
          ref={input}
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={shown}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          // The box around it draws the focus ring; the global outline would draw a second one inside.
          style={{ outline: 'none' }}
          onChange={(e) => {
            const el = e.target;
            const next = parseAmountInput(el.value);
            if (next === null || next.length > MAX_DIGITS) {
              // React puts the previous text back, which would throw the caret to the end: keep it in place.
              const back = Math.max(0, (el.selectionStart ?? 0) - (el.value.length - shown.length));
              queueMicrotask(() => document.activeElement === el && el.setSelectionRange(back, back));
              return;
            }
            const caret = el.selectionStart ?? el.value.length;
            caretDigits.current = el.value
              .slice(0, caret)
              .replace(/\D/g, '')
              .replace(/^0+(?=\d)/, '').length;
            onChange(next);
          }}
          className="num h-full min-w-0 flex-1 bg-transparent text-right text-[17px] font-semibold text-ink outline-none placeholder:font-normal placeholder:text-ink-3 disabled:text-ink-2"
          placeholder="0"
        />
        <span className="ml-1.5 shrink-0 text-[15px] text-ink-2" aria-hidden="true">
          {suffix}
        </span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-3">
          {hint}
        </p>
      )}
      {warning && (
        <p id={`${id}-warning`} className="mt-1 text-sm text-danger">
          {warning}
        </p>
      )}
    </div>
  );
}
