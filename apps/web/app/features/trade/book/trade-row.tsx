import {
  EXPERT_BADGE_TEXT,
  formatDateTime,
  formatKoreanAmount,
  formatNumber,
  ListingStatus,
  ListPin,
  type Trade,
  TradeType,
  tradeUiMessages as t,
} from '@beesang/contract';
import { Link } from 'react-router';
import { relativeTime } from '../../../lib/relative-time';
import { proofActionText, proofAttachable } from '../dialogs/proof-dialog';
import { chip, NegotiableMarks, OwnListingButtons, ProofBadge, StatusBadge, WriterTrustLine } from '../shared/trade-badges';

export interface RowActions {
  onEdit(trade: Trade): void;
  onFinish(trade: Trade): void;
  onDelete(trade: Trade): void;
  onReport(trade: Trade): void;
  /** (Re)attach a proof: only on an UNISSUED company's book. */
  onProof?(trade: Trade): void;
  /** 거래 제안 on someone else's open listing (issue 22); the page gates and hosts the offer. */
  onOffer?(trade: Trade): void;
  /** Pointer or focus on 거래 제안: the offer's code may be fetched before the press. */
  onOfferIntent?(): void;
}

/** Open for offers: in progress with shares not yet agreed in deals. */
export const takesOffers = (trade: Trade) => trade.tradeStatus === ListingStatus.IN_PROGRESS && trade.openStockCount > 0;

/**
 * One listing of the order book: price with the negotiable marks, count, total, writer and age,
 * the status and proof badges, and the actions (own: 수정 · 거래완료 · 삭제; others: 신고).
 */
export function TradeRow({ trade, actions }: { trade: Trade; actions: RowActions }) {
  const sell = trade.tradeType === TradeType.SELL;
  const side = sell ? t.sell : t.buy;
  const priceText = `${formatNumber(trade.stockPerPrice)}원`;
  const context = `${priceText} ${side} 매물`;
  const expert = EXPERT_BADGE_TEXT[trade.writer.expertType];
  const button =
    'h-8 rounded-control px-2.5 text-[13px] font-semibold ring-1 ring-line hover:bg-page disabled:text-ink-3 disabled:hover:bg-white';
  const status = <StatusBadge trade={trade} />;
  const proofBadge = <ProofBadge trade={trade} />;
  // Phones: price and marks | count, total; writer | actions, or for an own row (three or four
  // buttons) writer, then its actions on a line of their own. Wider: one line per listing.
  return (
    <li
      data-testid="trade-row"
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-2 py-3 md:col-span-5 md:grid-cols-subgrid md:items-center md:gap-x-5 ${trade.isMine ? 'bg-brand/[0.03]' : ''}`}
    >
      <div className="row-span-2 min-w-0 md:row-span-1">
        <p className={`num text-[17px] font-bold ${sell ? 'text-fall' : 'text-rise'}`}>
          {formatNumber(trade.stockPerPrice)}
          <span className="ml-0.5 text-sm font-semibold">원</span>
        </p>
        <p className="mt-1 flex flex-wrap gap-1 empty:hidden">
          {trade.listPin === ListPin.TOPFIX && <span className={`${chip} bg-ink text-white`}>{t.pinned}</span>}
          {trade.isMine && <span className={`${chip} bg-brand/10 text-brand-hover`}>{t.mine}</span>}
          <NegotiableMarks trade={trade} />
          <span className="contents md:hidden">
            {status}
            {proofBadge}
          </span>
        </p>
      </div>
      <p className="num text-right text-[15px] font-semibold">
        <span className="sr-only">{t.columnCount} </span>
        {formatNumber(trade.stockCount)}
        <span className="ml-0.5 text-[13px] font-normal text-ink-2">주</span>
        {trade.openStockCount !== trade.stockCount && (
          <span className="block text-xs font-normal text-ink-3" data-testid="open-count">
            남은 수량 {formatNumber(trade.openStockCount)}주
          </span>
        )}
      </p>
      <p className="num text-right text-sm text-ink-2" title={`${formatNumber(trade.totalPrice)}원`}>
        <span className="sr-only">{t.columnTotal} </span>
        <span className="md:hidden">총 </span>
        {formatKoreanAmount(trade.totalPrice)}
      </p>
      <div className="mt-1 min-w-0 self-center text-sm md:mt-0">
        <p className="flex min-w-0 items-center gap-1">
          <Link to={`/member/${trade.writer.userIdx}`} className="truncate font-medium hover:underline">
            {trade.writer.userNickname}
            <span className="sr-only"> 거래 프로필</span>
          </Link>
          {expert && <span className={`${chip} shrink-0 bg-[#fff4d6] text-[#8a5a00]`}>{expert}</span>}
        </p>
        <p className="text-xs text-ink-3">
          <time dateTime={trade.createdAt} title={formatDateTime(trade.createdAt)} suppressHydrationWarning>
            {relativeTime(trade.createdAt)}
          </time>
        </p>
        <WriterTrustLine trust={trade.writerTrust} userIdx={trade.writer.userIdx} />
      </div>
      <div
        className={`mt-1 flex items-center justify-end gap-1.5 self-center md:mt-0 ${trade.isMine ? 'max-md:col-span-2 max-md:mt-2' : ''}`}
      >
        <span className="contents max-md:hidden">
          {status}
          {proofBadge}
        </span>
        {trade.isMine ? (
          <>
            {actions.onProof && proofAttachable(trade) && (
              <button type="button" className={`${button} text-brand`} onClick={() => actions.onProof?.(trade)}>
                {proofActionText(trade)}
                <span className="sr-only"> {context}</span>
              </button>
            )}
            <OwnListingButtons
              trade={trade}
              context={context}
              className={button}
              onEdit={actions.onEdit}
              onFinish={actions.onFinish}
              onDelete={actions.onDelete}
            />
          </>
        ) : (
          <>
            {actions.onOffer && takesOffers(trade) && (
              <button
                type="button"
                className={`h-8 rounded-control px-2.5 text-[13px] font-semibold text-white hover:brightness-95 ${sell ? 'bg-rise' : 'bg-fall'}`}
                onClick={() => actions.onOffer?.(trade)}
                onPointerEnter={actions.onOfferIntent}
                onFocus={actions.onOfferIntent}
              >
                {t.offer}
                <span className="sr-only"> {context}</span>
              </button>
            )}
            <button type="button" className={`${button} text-ink-2`} disabled={trade.isReported} onClick={() => actions.onReport(trade)}>
              {trade.isReported ? t.reported : t.report}
              <span className="sr-only"> {context}</span>
            </button>
          </>
        )}
      </div>
    </li>
  );
}
