import { formatNumber, TradeType } from '@beesang/contract';
import { StockLogo } from '../../../components/ui/stock-logo';
import type { OfferListing } from '../offer/offer-form';
import { sideText } from './deal-text';

/** The listing an offer is about, in one line: logo, company, side, price and what is left of it. */
export function ListingSummary({ listing: l, owner }: { listing: OfferListing; owner?: string }) {
  const sell = l.tradeType !== TradeType.BUY;
  return (
    <div className="flex items-center gap-3 rounded-control bg-page px-3 py-2.5">
      <StockLogo src={l.companyLogoUrl} name={l.companyName} size={36} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">
          {l.companyName}
          <span className={`ml-1.5 text-[13px] font-semibold ${sell ? 'text-fall' : 'text-rise'}`}>{sideText(l.tradeType)} 매물</span>
        </p>
        <p className="num truncate text-[13px] text-ink-2">
          {formatNumber(l.stockPerPrice)}원 · 남은 {formatNumber(l.openStockCount)}주{owner ? ` · ${owner}` : ''}
        </p>
      </div>
    </div>
  );
}
