import { formatNumber, type Trade, TradeType, tradeUiMessages as t } from '@beesang/contract';

/** The listing a dialog acts on, in one line: company, side, count and price. */
export function TradeSummary({ trade }: { trade: Trade }) {
  return (
    <p className="rounded-control bg-page px-3 py-2.5 text-sm text-ink-2">
      <span className="font-semibold text-ink">{trade.companyName}</span> {trade.tradeType === TradeType.BUY ? t.buy : t.sell} ·{' '}
      {formatNumber(trade.stockCount)}주 · <span className="num">{formatNumber(trade.stockPerPrice)}원</span>
    </p>
  );
}
