import { type ReactNode, useId } from 'react';

/** The console's controls: denser than the public forms (40 px), same tokens, red border when wrong. */
export const CONTROL =
  'h-10 w-full min-w-0 rounded-control border border-line bg-white px-3 text-[15px] placeholder:text-ink-3 focus:border-brand aria-[invalid=true]:border-danger';
export const TEXTAREA =
  'w-full min-w-0 rounded-control border border-line bg-white px-3 py-2 text-[15px] leading-relaxed placeholder:text-ink-3 focus:border-brand aria-[invalid=true]:border-danger';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, any control (given its id and ARIA ties), a hint and the error under it in danger red. */
export function Field(props: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children(control: ControlProps): ReactNode;
}) {
  const id = useId();
  const { label, error, hint, className = '' } = props;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink-2">
        {label}
      </label>
      {props.children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
