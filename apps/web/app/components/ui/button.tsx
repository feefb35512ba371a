import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'buy' | 'sell' | 'ghost';
const VARIANT: Record<Variant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-hover',
  buy: 'bg-rise text-white hover:brightness-95',
  sell: 'bg-fall text-white hover:bg-brand-hover',
  ghost: 'bg-white text-ink ring-1 ring-line hover:bg-page',
};

/** Spec's full-width button: blue when enabled, grey when disabled. */
export function Button({
  variant = 'primary',
  full,
  className = '',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; full?: boolean }) {
  return (
    <button
      type="button"
      {...rest}
      className={`inline-flex h-11 items-center justify-center rounded-control px-4 font-semibold transition-colors disabled:cursor-not-allowed disabled:bg-disabled disabled:text-disabled-ink disabled:ring-0 ${VARIANT[variant]} ${full ? 'w-full' : ''} ${className}`}
    />
  );
}
