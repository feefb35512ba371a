import { type ConversationDetail, type Deal, formatDateTime, type Message } from '@beesang/contract';
import { Fragment, type ReactNode } from 'react';
import { DealCard } from './deal-card';
import { MessageBubble } from './message-bubble';

/** The day a message was sent, Asia/Seoul: '2026년 11월 23일'. */
const dayOf = (iso: string) => formatDateTime(iso).split(' ').slice(0, 3).join(' ');

/**
 * The conversation in order: texts as bubbles and deal steps as cards, a line at each new day. It
 * is a `log` region, so that screen readers announce what arrives. The newest step of each deal
 * carries that deal's status and the reader's actions (`actions`).
 */
export function Thread(props: { detail: ConversationDetail; messages: Message[]; me: number; actions(deal: Deal): ReactNode }) {
  const { detail, messages, me, actions } = props;
  const deals = new Map(detail.deals.map((d) => [d.dealId, d]));
  const newestStep = new Map<number, number>();
  for (const m of messages) if (m.dealId !== null && m.kind !== 'TEXT') newestStep.set(m.dealId, m.messageId);
  let day = '';
  return (
    <div role="log" aria-live="polite" aria-relevant="additions" aria-label="대화 내용" className="space-y-3">
      {messages.map((m) => {
        const mine = m.sender?.userIdx === me;
        const today = dayOf(m.createdAt);
        const divider = today !== day;
        day = today;
        const deal = m.dealId === null ? null : (deals.get(m.dealId) ?? null);
        const current = deal !== null && newestStep.get(deal.dealId) === m.messageId;
        return (
          <Fragment key={m.messageId}>
            {divider && (
              <p className="py-1 text-center text-xs text-ink-3">
                <span className="rounded-full bg-white px-3 py-1 ring-1 ring-line">{today}</span>
              </p>
            )}
            {m.kind === 'TEXT' ? (
              <MessageBubble message={m} mine={mine} read={mine && m.messageId <= detail.counterpartReadMessageId} />
            ) : (
              <DealCard message={m} mine={mine} deal={deal}>
                {current && deal ? actions(deal) : undefined}
              </DealCard>
            )}
          </Fragment>
        );
      })}
    </div>
  );
}
