import { DEAL_STATUS_TEXT, type Deal, type Message } from '@beesang/contract';
import type { ReactNode } from 'react';
import { STEP_TEXT, termsText } from '../shared/deal-text';
import { CautionLine } from './message-bubble';

const STATUS_TONE: Partial<Record<Deal['status'], string>> = {
  OFFERED: 'bg-brand/10 text-brand-hover',
  AGREED: 'bg-warning/15 text-[#7a5700]',
  CONFIRMED: 'bg-success/10 text-success-ink',
};

/** What a step says happened, from the reader's side: '내가 거래를 제안했어요' / '김매도 님이 …'. */
function stepLine(message: Message, mine: boolean): string {
  const who = mine ? '내가' : `${message.sender?.userNickname ?? ''} 님이`;
  switch (message.kind) {
    case 'OFFER':
      return `${who} 거래를 제안했어요`;
    case 'COUNTER':
      return `${who} 다시 제안했어요`;
    case 'ACCEPT':
      return `${who} 제안을 수락했어요 · 거래 합의`;
    case 'DECLINE':
      return `${who} 제안을 거절했어요`;
    case 'WITHDRAW':
      return `${who} 제안을 철회했어요`;
    case 'CONFIRM':
      return `${who} 거래 완료를 확인했어요`;
    case 'CANCEL':
      return `${who} 거래를 취소했어요`;
    case 'LAPSE':
      return '7일 안에 두 분 모두 확인하지 않아 거래가 자동 취소됐어요';
    case 'COMPLETE':
      return '두 분 모두 확인해 거래가 완료됐어요';
    default:
      return STEP_TEXT[message.kind];
  }
}

/**
 * A deal step in the thread: what happened, with the terms it carried. The newest step of a deal
 * also shows the deal's status and, through `children`, what the reader may do now.
 */
export function DealCard({ message, mine, deal, children }: { message: Message; mine: boolean; deal: Deal | null; children?: ReactNode }) {
  const terms = message.stockCount !== null && message.stockPerPrice !== null ? message : deal;
  const carriesTerms = message.kind === 'OFFER' || message.kind === 'COUNTER' || (deal !== null && children !== undefined);
  return (
    <article
      aria-label={STEP_TEXT[message.kind]}
      data-testid="deal-step"
      data-message-id={message.messageId}
      className="mx-auto w-full max-w-[420px] rounded-card bg-white p-4 ring-1 ring-line"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-semibold text-ink-2">{stepLine(message, mine)}</p>
        {deal && children !== undefined && (
          <span
            className={`shrink-0 rounded-[5px] px-1.5 py-0.5 text-[11px] font-semibold ${STATUS_TONE[deal.status] ?? 'bg-page text-ink-3'}`}
          >
            {DEAL_STATUS_TEXT[deal.status]}
          </span>
        )}
      </div>
      {carriesTerms && terms && terms.stockCount !== null && terms.stockPerPrice !== null && (
        <p className="num mt-1.5 text-[17px] font-bold">
          {termsText(terms.stockCount, terms.stockPerPrice)}
          <span className="ml-2 text-sm font-semibold text-ink-2">
            = {(terms.stockCount * terms.stockPerPrice).toLocaleString('ko-KR')}원
          </span>
        </p>
      )}
      {message.text && (
        <p className="mt-2 rounded-control bg-page px-3 py-2 text-[14px] leading-relaxed break-words whitespace-pre-wrap text-ink">
          {message.kind === 'DECLINE' && <span className="font-semibold text-ink-2">사유 · </span>}
          {message.text}
        </p>
      )}
      {!mine && message.sender && message.cautions.length > 0 && <CautionLine />}
      {children}
    </article>
  );
}
