import { LISTING_STATUS_TEXT, myTradeMessages as m } from '@beesang/contract';
import { Link } from 'react-router';
import { MY_TRADE_FILTERS, type MyTradeFilter } from './my-trades-api';

/** 전체 / 거래중 / 거래완료 / 기간만료 as links (each view has its address); a new filter starts at page 1. */
export function MyTradeFilters({ current }: { current: MyTradeFilter }) {
  return (
    <nav aria-label={m.filterLabel}>
      <ul className="flex gap-1.5 overflow-x-auto">
        {MY_TRADE_FILTERS.map(({ slug, status }) => {
          const selected = slug === current;
          return (
            <li key={slug} className="shrink-0">
              <Link
                to={{ search: slug === 'all' ? '' : `?status=${slug}` }}
                preventScrollReset
                aria-current={selected ? 'true' : undefined}
                className={`inline-flex h-8 items-center rounded-full px-3.5 text-sm font-semibold transition-colors ${selected ? 'bg-ink text-white' : 'bg-white text-ink-2 ring-1 ring-line hover:bg-page'}`}
              >
                {status === undefined ? m.filterAll : LISTING_STATUS_TEXT[status]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
