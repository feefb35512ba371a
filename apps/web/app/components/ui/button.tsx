import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'buy' | 'sell' | 'ghost';
const VARIANT: Record<Variant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-hover',
  buy: 'bg-rise text-white hover:brightness-95',
  sell: 'bg-fall text-white hover:bg-brand-hover',
  ghost: 'bg-white text-ink ring-1 ring-line hover:bg-page',
};

type Size = 'md' | 'control' | 'sm';
/**
 * Heights as a prop, not a class: Tailwind orders same-property utilities by value, so an `h-9`
 * passed in className loses to the base `h-11` whatever its position in the string.
 */
const SIZE: Record<Size, string> = {
  md: 'h-11 px-4',
  /** Beside the console's 40 px inputs. */
  control: 'h-10 px-4',
  sm: 'h-9 px-3 text-sm',
};

/** Spec's full-width button: blue when enabled, grey when disabled. */
export function Button({
  variant = 'primary',
  size = 'md',
  full,
  className = '',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size; full?: boolean }) {
  return (
    <button
      type="button"
      {...rest}
      className={`inline-flex items-center justify-center rounded-control font-semibold transition-colors disabled:cursor-not-allowed disabled:bg-disabled disabled:text-disabled-ink disabled:ring-0 ${SIZE[size]} ${VARIANT[variant]} ${full ? 'w-full' : ''} ${className}`}
    />
  );
}
