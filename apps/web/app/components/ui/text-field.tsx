import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/**
 * Spec's labelled text input: label, input, and the error under it in danger red. The error is
 * tied to the input with aria-describedby so screen readers read it with the field. A caller that
 * says the error elsewhere (the login's one shared line) passes aria-invalid: the border turns red too.
 */
export function TextField({
  label,
  error,
  hint,
  trailing,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode; trailing?: ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink-2">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
          className={`h-12 min-w-0 flex-1 rounded-control border bg-white px-3 text-[16px] placeholder:text-ink-3 ${
            error ? 'border-danger' : 'border-line focus:border-brand aria-invalid:border-danger'
          }`}
        />
        {trailing}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-ink-3">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Keeps only digits, cut to `max`: the phone and code inputs reject everything else silently. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
