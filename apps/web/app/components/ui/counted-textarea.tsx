import { type TextareaHTMLAttributes, useId } from 'react';

/**
 * A labelled textarea with its character count ('12 / 1,000'). Text past `max` is kept, not cut, so
 * that nothing pasted is lost: the count turns red and `error` (the contract's message) says why it
 * cannot be sent. Count, hint and error are tied to the field for screen readers.
 */
export function CountedTextarea({
  label,
  value,
  onValue,
  max,
  error,
  hint,
  className = '',
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'maxLength'> & {
  label: string;
  value: string;
  onValue(text: string): void;
  max: number;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const over = value.length > max;
  const describedBy = [`${id}-count`, hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-ink-2">
          {label}
        </label>
        <span id={`${id}-count`} className={`num text-xs ${over ? 'font-semibold text-danger' : 'text-ink-3'}`}>
          {value.length.toLocaleString('ko-KR')} / {max.toLocaleString('ko-KR')}
          <span className="sr-only">자</span>
        </span>
      </div>
      <textarea
        id={id}
        value={value}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValue(e.target.value)}
        {...rest}
        className={`w-full resize-none rounded-control border px-3 py-2.5 text-[16px] leading-relaxed placeholder:text-ink-3 ${
          error ? 'border-danger' : 'border-line focus:border-brand'
        }`}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-3">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
