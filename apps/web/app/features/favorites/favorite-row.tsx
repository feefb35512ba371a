import { formatNumber, MARKET_LABEL_TEXT, type StockSummary } from '@beesang/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { PriceChange } from '../../components/ui/price-change';
import { StockLogo } from '../../components/ui/stock-logo';

export const ICON = 'inline-flex h-9 w-9 items-center justify-center rounded-control text-ink-3 hover:bg-page hover:text-ink max-sm:w-7';

/**
 * One favourite, a dnd-kit sortable item: drag handle (the activator), logo, name and code, price
 * and change, ↑/↓, what the page adds (the new-listing alert), and the star that removes it. While moved it is lifted: a shadow and a brand ring.
 */
export function FavoriteRow(props: {
  item: StockSummary;
  position: number;
  count: number;
  onUp(e: MouseEvent<HTMLButtonElement>): void;
  onDown(e: MouseEvent<HTMLButtonElement>): void;
  onRemove(): void;
  /** A control of another feature beside the star (the page's route puts the new-listing alert there). */
  extra?: ReactNode;
}) {
  const { item: s, position, count } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: s.companyIdx,
    attributes: { roleDescription: '순서 변경 손잡이' },
  });
  return (
    <li
      ref={setNodeRef}
      data-testid="favorite-row"
      data-company={s.companyIdx}
      data-lifted={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative flex items-center gap-1 bg-white py-3 sm:gap-3 sm:px-2 ${
        isDragging ? 'z-10 rounded-control shadow-lg ring-2 ring-brand max-sm:px-1' : ''
      }`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`${s.companyName} 순서 이동, ${count}개 중 ${position}번째`}
        aria-pressed={isDragging}
        className={`${ICON} shrink-0 cursor-grab touch-manipulation select-none ${isDragging ? 'cursor-grabbing bg-page text-brand' : ''}`}
      >
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor">
          <circle cx="6" cy="4" r="1.5" />
          <circle cx="12" cy="4" r="1.5" />
          <circle cx="6" cy="9" r="1.5" />
          <circle cx="12" cy="9" r="1.5" />
          <circle cx="6" cy="14" r="1.5" />
          <circle cx="12" cy="14" r="1.5" />
        </svg>
      </button>
      <Link to={`/stock/${s.companyIdx}`} className="flex min-w-0 flex-1 items-center gap-2.5 rounded-control hover:bg-page sm:gap-3">
        <StockLogo src={s.companyLogoUrl} name={s.companyName} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{s.companyName}</span>
          <span className="num flex gap-1.5 text-xs text-ink-3">
            {s.beesangCode}
            {s.stockLabelType.length > 0 && (
              <span className="truncate max-sm:hidden">· {s.stockLabelType.map((l) => MARKET_LABEL_TEXT[l]).join(', ')}</span>
            )}
          </span>
        </span>
        <span className="shrink-0 text-right">
          <span className="num block font-semibold max-sm:text-[15px]">{formatNumber(s.companyStockCurrentPrice)}원</span>
          <PriceChange gap={s.stockPriceGap} rate={s.stockPriceRateGap} compact className="text-sm" />
        </span>
      </Link>
      <span className="flex shrink-0 max-sm:flex-col">
        <MoveButton label={`${s.companyName} 위로 이동`} disabled={position === 1} onClick={props.onUp} path="M4 10l4-4 4 4" />
        <MoveButton label={`${s.companyName} 아래로 이동`} disabled={position === count} onClick={props.onDown} path="M4 6l4 4 4-4" />
      </span>
      {props.extra}
      <button
        type="button"
        aria-label={`${s.companyName} 관심 종목에서 삭제`}
        onClick={props.onRemove}
        className={`${ICON} shrink-0 text-warning hover:text-warning`}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M12 2.5l2.9 6.1 6.6.8-4.9 4.5 1.3 6.6L12 17.3l-5.9 3.2 1.3-6.6L2.5 9.4l6.6-.8z" />
        </svg>
      </button>
    </li>
  );
}

/** ↑ or ↓; at either end of the list it is aria-disabled, which keeps it focusable, rather than disabled. */
function MoveButton(props: { label: string; disabled: boolean; onClick(e: MouseEvent<HTMLButtonElement>): void; path: string }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-disabled={props.disabled}
      onClick={props.onClick}
      className={`${ICON} max-sm:h-6 aria-disabled:cursor-default aria-disabled:opacity-30 aria-disabled:hover:bg-transparent`}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d={props.path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
