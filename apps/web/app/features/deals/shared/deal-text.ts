import { type Deal, formatNumber, MESSAGE_KIND_TEXT, type Message, type MessageKind, TradeType, tradeUiMessages } from '@beesang/contract';

/** How a deal step reads as words: in the inbox's preview and on the thread's cards (the console reads them too). */
export const STEP_TEXT = MESSAGE_KIND_TEXT;

/** '12주 × 231,000원' */
export const termsText = (count: number, price: number) => `${formatNumber(count)}주 × ${formatNumber(price)}원`;

/** '매도' / '매수': the listing's side, from its owner's point of view. */
export const sideText = (tradeType: number) => (tradeType === TradeType.BUY ? tradeUiMessages.buy : tradeUiMessages.sell);

/** The last entry of a conversation as one line; a deal step with its terms when the entry carries them. */
export function previewText(last: { kind: MessageKind; text: string; stockCount?: number | null; stockPerPrice?: number | null }): string {
  if (last.kind === 'TEXT') return last.text;
  const step = STEP_TEXT[last.kind];
  if (last.stockCount && last.stockPerPrice) return `${step} · ${termsText(last.stockCount, last.stockPerPrice)}`;
  if (last.kind === 'DECLINE' && last.text) return `${step} · ${last.text}`;
  return step;
}

/** Which side of a deal the reader is on. */
export const isSeller = (deal: Pick<Deal, 'sellerIdx'>, me: number) => deal.sellerIdx === me;

/** What the reader may do with a deal now (issue 22): answer or withdraw an offer, confirm or cancel an agreement, review after. */
export function dealChoices(deal: Deal, me: number) {
  const mine = isSeller(deal, me) ? deal.sellerConfirmedAt : deal.buyerConfirmedAt;
  const theirs = isSeller(deal, me) ? deal.buyerConfirmedAt : deal.sellerConfirmedAt;
  const offered = deal.status === 'OFFERED';
  const agreed = deal.status === 'AGREED';
  return {
    /** The latest terms await my answer: 수락 / 거절 / 다시 제안. */
    answer: offered && deal.awaiting === me,
    /** I sent the terms on the table: 철회 until they are accepted. */
    withdraw: offered && deal.proposedBy === me,
    confirm: agreed && mine === null,
    cancel: agreed,
    review: deal.status === 'CONFIRMED' && deal.reviewable,
    myConfirmedAt: mine,
    theirConfirmedAt: theirs,
  };
}

/** A message's deal step with its terms (OFFER and COUNTER carry them). */
export const hasTerms = (m: Message) => m.stockCount !== null && m.stockPerPrice !== null;
