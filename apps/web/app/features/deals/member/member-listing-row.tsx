import { formatNumber, type Trade, TradeType, tradeUiMessages as t } from '@beesang/contract';
import { Link } from 'react-router';
import { StockLogo } from '../../../components/ui/stock-logo';
import { sideText } from '../shared/deal-text';

const mark = 'inline-flex h-5 items-center rounded-[5px] bg-page px-1.5 text-[11px] leading-none font-semibold text-ink-2 ring-1 ring-line';

/**
 * One open listing on a member's page: unlike the stock page's book, its rows span companies, so
 * each names its company (a link to the stock); 거래 제안 when the reader may offer.
 */
export function MemberListingRow({ trade, onOffer }: { trade: Trade; onOffer?(trade: Trade): void }) {
  const sell = trade.tradeType !== TradeType.BUY;
  const context = `${trade.companyName} ${formatNumber(trade.stockPerPrice)}원 ${sideText(trade.tradeType)} 매물`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="member-listing">
      <Link to={`/stock/${trade.companyIdx}`} className="flex min-w-0 flex-1 items-center gap-3 hover:underline">
        <StockLogo src={trade.companyLogoUrl} name={trade.companyName} size={32} />
        <span className="min-w-0">
          <span className="block truncate font-semibold">{trade.companyName}</span>
          <span className="flex flex-wrap gap-1">
            <span className={`text-[13px] font-semibold ${sell ? 'text-fall' : 'text-rise'}`}>{sideText(trade.tradeType)}</span>
            {trade.stockPriceNegotiationFlag && <span className={mark}>{t.priceNegotiableMark}</span>}
            {trade.stockCountNegotiationFlag && <span className={mark}>{t.countNegotiableMark}</span>}
          </span>
        </span>
      </Link>
      <span className="num text-right">
        <span className={`block text-[16px] font-bold ${sell ? 'text-fall' : 'text-rise'}`}>{formatNumber(trade.stockPerPrice)}원</span>
        <span className="block text-[13px] text-ink-2">
          {formatNumber(trade.stockCount)}주
          {trade.openStockCount !== trade.stockCount && (
            <span className="text-ink-3"> · 남은 수량 {formatNumber(trade.openStockCount)}주</span>
          )}
        </span>
      </span>
      {onOffer && (
        <button
          type="button"
          onClick={() => onOffer(trade)}
          className={`h-9 shrink-0 rounded-control px-3 text-[13px] font-semibold text-white hover:brightness-95 ${sell ? 'bg-rise' : 'bg-fall'}`}
        >
          거래 제안<span className="sr-only"> {context}</span>
        </button>
      )}
    </li>
  );
}
