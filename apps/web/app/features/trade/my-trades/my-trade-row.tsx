import {
  formatDate,
  formatDateTime,
  formatKoreanAmount,
  formatNumber,
  ListingStatus,
  myTradeMessages as m,
  type Trade,
  TradeType,
  tradeUiMessages as t,
} from '@beesang/contract';
import { Link } from 'react-router';
import { StockLogo } from '../../../components/ui/stock-logo';
import { chip, NegotiableMarks, OwnListingButtons, ProofBadge, StatusBadge } from '../shared/trade-badges';
import { daysLeft, dDayText } from './d-day';

export interface MyRowActions {
  onEdit(trade: Trade): void;
  onFinish(trade: Trade): void;
  onDelete(trade: Trade): void;
}

const button = 'h-8 rounded-control px-2.5 text-[13px] font-semibold ring-1 ring-line hover:bg-page disabled:text-ink-3';

/**
 * One of the member's listings: company, side, price × count and total, status and proof, and the
 * listing's time — days left while open, the agreed price once finished, the day it ended once
 * expired. Open ones are edited, finished or deleted here.
 */
export function MyTradeRow({ trade, actions, busy }: { trade: Trade; actions: MyRowActions; busy: boolean }) {
  const sell = trade.tradeType === TradeType.SELL;
  const open = trade.tradeStatus === ListingStatus.IN_PROGRESS;
  const side = sell ? t.sell : t.buy;
  const price = `${formatNumber(trade.stockPerPrice)}원`;
  const context = `${trade.companyName} ${price} ${side} 매물`;
  const stock = `/stock/${trade.companyIdx}`;
  return (
    <li data-testid="my-trade" className="flex gap-3 py-4 sm:px-2">
      <Link to={stock} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <StockLogo src={trade.companyLogoUrl} name={trade.companyName} size={40} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="flex min-w-0 items-center gap-1.5">
            <span className={`${chip} shrink-0 text-white ${sell ? 'bg-fall' : 'bg-rise'}`}>{side}</span>
            <Link to={stock} className="truncate font-semibold hover:underline">
              {trade.companyName}
            </Link>
          </p>
          <p className="flex shrink-0 flex-wrap justify-end gap-1">
            <ProofBadge trade={trade} />
            <StatusBadge trade={trade} />
          </p>
        </div>
        <p className="num mt-1 flex flex-wrap items-baseline gap-x-1.5 text-[15px]">
          <span className={`font-bold ${!open ? 'text-ink-2' : sell ? 'text-fall' : 'text-rise'}`}>{price}</span>
          <span className="text-ink-3">×</span>
          <span>{formatNumber(trade.stockCount)}주</span>
          <span className="text-sm text-ink-2" title={`${formatNumber(trade.totalPrice)}원`}>
            <span className="text-ink-3" aria-hidden="true">
              ·{' '}
            </span>
            {m.total} {formatKoreanAmount(trade.totalPrice)}
          </span>
          <span className="ml-0.5 inline-flex gap-1 self-center">
            <NegotiableMarks trade={trade} />
          </span>
        </p>
        <div className="mt-1.5 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <Timeline trade={trade} />
          {open && (
            <p className="ml-auto flex gap-1.5">
              <OwnListingButtons trade={trade} context={context} className={button} editDisabled={busy} {...actions} />
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

/** Open: registered day and D-n; finished: the agreed price and day; expired: the day it ended. */
function Timeline({ trade }: { trade: Trade }) {
  const line = 'num flex flex-wrap items-center gap-x-1.5 text-[13px] text-ink-3';
  const dot = (
    <span aria-hidden="true" className="text-line">
      |
    </span>
  );
  if (trade.tradeStatus === ListingStatus.TRADE_FINISHED) {
    return (
      <p className={line}>
        {trade.finishedPrice !== null && (
          <>
            <span className="text-ink-2">
              {m.finishedPrice} <strong className="font-semibold text-ink">{formatNumber(trade.finishedPrice)}원</strong>
            </span>
            {dot}
          </>
        )}
        {trade.finishedAt && <Day iso={trade.finishedAt} what={m.finished} />}
      </p>
    );
  }
  if (trade.tradeStatus !== ListingStatus.IN_PROGRESS) {
    return (
      <p className={line}>
        <Day iso={trade.createdAt} what={m.registered} />
        {trade.tradeStatus === ListingStatus.TRADE_EXPIRED && (
          <>
            {dot}
            <Day iso={trade.expiresAt} what={m.expired} />
          </>
        )}
      </p>
    );
  }
  const days = daysLeft(trade.expiresAt);
  return (
    <p className={line}>
      <Day iso={trade.createdAt} what={m.registered} />
      {dot}
      <span
        className={`${chip} ${days <= 3 ? 'bg-danger/10 text-rise-ink' : 'bg-page text-ink-2 ring-1 ring-line'}`}
        title={`${formatDateTime(trade.expiresAt)} ${m.expiresOn}`}
        suppressHydrationWarning
      >
        <span aria-hidden="true" suppressHydrationWarning>
          {dDayText(days)}
        </span>
        <span className="sr-only" suppressHydrationWarning>
          {days === 0 ? m.lastDay : `${m.daysLeft} ${days}일`}
        </span>
      </span>
    </p>
  );
}

function Day({ iso, what }: { iso: string; what: string }) {
  return (
    <span>
      <time dateTime={iso} title={formatDateTime(iso)}>
        {formatDate(iso)}
      </time>{' '}
      {what}
    </span>
  );
}
