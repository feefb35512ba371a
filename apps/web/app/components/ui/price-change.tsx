import { arrowOf, directionOf, formatNumber, formatRate } from '@beesang/contract';

const COLOUR = { up: 'text-rise', down: 'text-fall', flat: 'text-flat' } as const;

/** "▲ 1,200 (+10.81%)" in red, "▼ 300 (-2.38%)" in blue, no arrow when unchanged. */
export function PriceChange({
  gap,
  rate,
  compact,
  className = '',
}: {
  gap: string | number;
  rate: string | number;
  compact?: boolean;
  className?: string;
}) {
  const dir = directionOf(rate === '0.00' ? 0 : gap);
  const arrow = arrowOf(dir);
  const label = dir === 'up' ? '상승' : dir === 'down' ? '하락' : '보합';
  return (
    <span className={`num ${COLOUR[dir]} ${className}`}>
      <span className="sr-only">{label} </span>
      {compact ? (
        <>
          {arrow && <span aria-hidden="true">{arrow} </span>}
          {formatRate(rate)}
        </>
      ) : (
        <>
          {arrow && <span aria-hidden="true">{arrow} </span>}
          {formatNumber(Math.abs(Number(gap)))} ({formatRate(rate)})
        </>
      )}
    </span>
  );
}
