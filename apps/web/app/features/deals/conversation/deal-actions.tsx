import { type Deal, formatDateTime } from '@beesang/contract';
import { Button } from '../../../components/ui/button';
import { dealChoices, termsText } from '../shared/deal-text';

export type DealMove = 'accept' | 'decline' | 'counter' | 'withdraw' | 'confirm' | 'cancel' | 'review';

export const LAPSE_NOTE = '7일 안에 두 분 모두 확인하지 않으면 자동 취소돼요';

/**
 * What the reader may do with a deal now, on its newest card (issue 22): the terms awaiting me are
 * accepted, declined with a reason or countered; terms I sent are withdrawn until accepted; an
 * agreement is confirmed (거래 완료) or cancelled, showing who confirmed and when it lapses; a
 * confirmed deal is reviewed once. Each button names its subject for screen readers.
 */
export function DealActions(props: {
  deal: Deal;
  me: number;
  counterpart: string;
  /** Blocked either way: no new terms; an agreement can still be settled. */
  blocked: boolean;
  pending: boolean;
  onMove(move: DealMove): void;
}) {
  const { deal, me, counterpart, blocked, pending, onMove } = props;
  const c = dealChoices(deal, me);
  const subject = <span className="sr-only"> {termsText(deal.stockCount, deal.stockPerPrice)}</span>;
  const row = 'mt-3 flex flex-wrap gap-2';
  if (c.answer) {
    return (
      <div className={row}>
        {!blocked && (
          <Button size="sm" onClick={() => onMove('accept')} disabled={pending}>
            수락{subject}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => onMove('decline')} disabled={pending}>
          거절{subject}
        </Button>
        {!blocked && (
          <Button size="sm" variant="ghost" onClick={() => onMove('counter')} disabled={pending}>
            다시 제안{subject}
          </Button>
        )}
      </div>
    );
  }
  if (c.withdraw) {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-[13px] text-ink-3">{counterpart} 님의 답을 기다리고 있어요.</p>
        <Button size="sm" variant="ghost" onClick={() => onMove('withdraw')} disabled={pending}>
          제안 철회{subject}
        </Button>
      </div>
    );
  }
  if (deal.status === 'AGREED') {
    const state = (at: string | null) => (at ? `확인함 · ${formatDateTime(at)}` : '확인 전');
    return (
      <div className="mt-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-control bg-page px-3 py-2 text-[13px]" data-testid="confirmations">
          <dt className="text-ink-3">나</dt>
          <dd className={c.myConfirmedAt ? 'font-semibold text-success-ink' : 'text-ink-2'}>{state(c.myConfirmedAt)}</dd>
          <dt className="text-ink-3">{counterpart}</dt>
          <dd className={c.theirConfirmedAt ? 'font-semibold text-success-ink' : 'text-ink-2'}>{state(c.theirConfirmedAt)}</dd>
        </dl>
        <p className="mt-2 text-xs text-ink-3">
          {deal.lapsesAt && <span className="num">{formatDateTime(deal.lapsesAt)}까지 · </span>}
          {LAPSE_NOTE}
        </p>
        <div className={row}>
          {c.confirm && (
            <Button size="sm" onClick={() => onMove('confirm')} disabled={pending}>
              거래 완료 확인{subject}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => onMove('cancel')} disabled={pending}>
            거래 취소{subject}
          </Button>
        </div>
      </div>
    );
  }
  if (c.review) {
    return (
      <div className={row}>
        <Button size="sm" onClick={() => onMove('review')}>
          후기 남기기<span className="sr-only"> {counterpart} 님과의 거래</span>
        </Button>
      </div>
    );
  }
  return null;
}
