import { formatKoreanAmount, formatNumber, MARKET_LABEL_TEXT, type StockSummary } from '@beesang/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListEmpty } from '../../components/ui/list-state';
import { PriceChange } from '../../components/ui/price-change';
import { StockLogo } from '../../components/ui/stock-logo';

/** Rows of stocks: logo, name, code, price right-aligned, change rate coloured (UI.md); `empty` when there are none. */
export function StockRows(props: { items: StockSummary[]; rankFrom?: number; showMarketCap?: boolean; empty?: ReactNode }) {
  const { items, rankFrom, showMarketCap } = props;
  if (items.length === 0) return props.empty ?? <ListEmpty>해당하는 종목이 없습니다.</ListEmpty>;
  return (
    <ol className="divide-y divide-line">
      {items.map((s, i) => (
        <li key={s.companyIdx}>
          <Link to={`/stock/${s.companyIdx}`} className="flex items-center gap-3 py-3 hover:bg-page sm:px-2">
            {rankFrom !== undefined && <span className="num w-6 shrink-0 text-center font-bold text-brand">{rankFrom + i}</span>}
            <StockLogo src={s.companyLogoUrl} name={s.companyName} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{s.companyName}</span>
              <span className="num flex gap-1.5 text-xs text-ink-3">
                {s.beesangCode}
                <span aria-hidden="true">·</span>
                {s.stockLabelType.map((l) => MARKET_LABEL_TEXT[l]).join(', ')}
              </span>
            </span>
            {showMarketCap && (
              <span className="num hidden w-32 text-right text-sm text-ink-2 md:block">{formatKoreanAmount(s.marketCapitalization)}</span>
            )}
            <span className="w-28 shrink-0 text-right">
              <span className="num block font-semibold">{formatNumber(s.companyStockCurrentPrice)}원</span>
              <PriceChange gap={s.stockPriceGap} rate={s.stockPriceRateGap} compact className="text-sm" />
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
