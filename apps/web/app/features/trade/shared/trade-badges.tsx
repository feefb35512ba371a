import {
  formatDate,
  formatNumber,
  LISTING_STATUS_TEXT,
  ListingStatus,
  PROOF_STATUS_TEXT,
  ProofCheckStatus,
  type Trade,
  TradeType,
  tradeUiMessages as t,
} from '@beesang/contract';
import { Link } from 'react-router';

/** The small label shape every listing badge shares. */
export const chip = 'inline-flex h-5 items-center rounded-[5px] px-1.5 text-[11px] font-semibold leading-none';

const STATUS_TONE: Record<number, string> = {
  [ListingStatus.IN_PROGRESS]: 'bg-success/10 text-[#027a4a]',
  [ListingStatus.TRADE_FINISHED]: 'bg-ink/[0.06] text-ink-2',
};

const PROOF_TONE: Record<number, string> = {
  [ProofCheckStatus.VERIFIED]: 'bg-success/10 text-[#027a4a]',
  [ProofCheckStatus.PENDING]: 'bg-page text-ink-2 ring-1 ring-line',
};

/** 거래중 in green, 거래완료 in ink, the ended ones (기간만료, deleted) in grey. */
export function StatusBadge({ trade }: { trade: Trade }) {
  return (
    <span className={`${chip} ${STATUS_TONE[trade.tradeStatus] ?? 'bg-page text-ink-3 ring-1 ring-line'}`}>
      {LISTING_STATUS_TEXT[trade.tradeStatus] ?? ''}
    </span>
  );
}

/** The proof check of an unissued-stock sale; nothing for buys and sales without a proof. */
export function ProofBadge({ trade }: { trade: Trade }) {
  const text = trade.tradeType === TradeType.SELL ? PROOF_STATUS_TEXT[trade.proofCheckStatus] : undefined;
  if (!text) return null;
  return <span className={`${chip} ${PROOF_TONE[trade.proofCheckStatus] ?? 'bg-danger/10 text-rise-ink'}`}>{text}</span>;
}

/** 가격협의 / 수량협의: the listing's price or count is open to negotiation. */
export function NegotiableMarks({ trade }: { trade: Trade }) {
  const mark = `${chip} bg-page text-ink-2 ring-1 ring-line`;
  return (
    <>
      {trade.stockPriceNegotiationFlag && <span className={mark}>{t.priceNegotiableMark}</span>}
      {trade.stockCountNegotiationFlag && <span className={mark}>{t.countNegotiableMark}</span>}
    </>
  );
}

/** 수정 · 거래완료 · 삭제 of an own listing; `context` names the listing for screen readers. */
export function OwnListingButtons(props: {
  trade: Trade;
  context: string;
  className: string;
  editDisabled?: boolean;
  onEdit(trade: Trade): void;
  onFinish(trade: Trade): void;
  onDelete(trade: Trade): void;
}) {
  const { trade, context, className } = props;
  return (
    <>
      <button type="button" className={className} disabled={props.editDisabled} onClick={() => props.onEdit(trade)}>
        {t.edit}
        <span className="sr-only"> {context}</span>
      </button>
      <button type="button" className={className} onClick={() => props.onFinish(trade)}>
        {t.finish}
        <span className="sr-only"> {context}</span>
      </button>
      <button type="button" className={`${className} text-danger`} onClick={() => props.onDelete(trade)}>
        {t.remove}
        <span className="sr-only"> {context}</span>
      </button>
    </>
  );
}

/**
 * The owner's trust summary under a listing (issue 10 §6, issue 22), from real data: '본인인증 ·
 * 확인된 거래 3건 · 좋아요 5 · 2026.03 가입', with 아쉬워요, the finishes that once moved a price and
 * the reports operators upheld when there are any. It links to the writer's public page.
 */
export function WriterTrustLine({ trust, userIdx }: { trust: Trade['writerTrust']; userIdx: number }) {
  const since = formatDate(trust.memberSince).slice(0, 7);
  const reviews = `좋아요 ${formatNumber(trust.goodReviews)}${trust.badReviews > 0 ? ` · 아쉬워요 ${formatNumber(trust.badReviews)}` : ''}`;
  const counted = trust.countedTrades > 0 ? ` · 시세 반영 거래 ${formatNumber(trust.countedTrades)}건` : '';
  return (
    <Link to={`/member/${userIdx}`} className="block text-xs text-ink-3 hover:underline" data-testid="writer-trust">
      <span className={trust.identityVerified ? 'text-success-ink' : ''}>{trust.identityVerified ? '본인인증' : '본인인증 전'}</span>
      {` · 확인된 거래 ${formatNumber(trust.confirmedTrades)}건 · ${reviews}${counted} · ${since} 가입`}
      {trust.upheldReports > 0 && <span className="text-danger">{` · 신고 처리 ${formatNumber(trust.upheldReports)}건`}</span>}
    </Link>
  );
}
