import { type ConversationDetail, type Deal, messages, type StockProfile } from '@beesang/contract';
import { useState } from 'react';
import { ApiError, apiFetch, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { ReviewDialog } from '../review/review-dialog';
import { counterDeal, dealStep, declineDeal } from '../shared/deals-api';
import { type ConfirmStep, ConfirmStepDialog } from './confirm-step-dialog';
import { CounterDialog } from './counter-dialog';
import type { DealMove } from './deal-actions';
import { DeclineDialog } from './decline-dialog';

const DONE: Record<'accept' | 'withdraw' | 'confirm' | 'cancel' | 'decline' | 'counter', [string, string]> = {
  accept: ['제안 수락', '거래가 합의됐어요. 주식과 대금을 주고받은 뒤 거래 완료를 확인해주세요.'],
  withdraw: ['제안 철회', '제안을 철회했어요.'],
  confirm: ['거래 완료 확인', '거래 완료를 확인했어요. 상대방도 확인하면 거래가 완료돼요.'],
  cancel: ['거래 취소', '거래를 취소했어요.'],
  decline: ['제안 거절', '제안을 거절했어요.'],
  counter: ['다시 제안', '새 조건으로 다시 제안했어요.'],
};

const CONFIRM: Record<'confirm' | 'cancel', ConfirmStep> = {
  confirm: {
    title: '거래 완료 확인',
    message: '주식과 대금을 모두 주고받았을 때만 확인해주세요. 두 분 모두 확인하면 거래가 완료되고 시세에 반영돼요.',
    confirmLabel: '거래 완료 확인',
  },
  cancel: {
    title: '거래 취소',
    message: '합의한 거래를 취소할까요? 취소하면 되돌릴 수 없고, 매물의 수량이 다시 열려요.',
    confirmLabel: '거래 취소',
    danger: true,
  },
};

/**
 * The deal moves of a conversation and their dialogs: each answer of the server replaces the deal
 * shown and the thread reads the step it wrote. A deal that changed meanwhile is read again.
 */
export function useDealMoves(opts: { detail: ConversationDetail | null; me: number; onDeal(deal: Deal): void; onStale(): void }) {
  const { detail, me, onDeal, onStale } = opts;
  const { notify } = useNotify();
  const [pending, setPending] = useState(false);
  const [declining, setDeclining] = useState<Deal | null>(null);
  const [countering, setCountering] = useState<Deal | null>(null);
  const [confirming, setConfirming] = useState<{ deal: Deal; move: 'confirm' | 'cancel' } | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [currentPrice, setCurrentPrice] = useState<number | null>(null);
  const counterpart = detail?.counterpart.userNickname ?? '';

  const run = async (move: keyof typeof DONE, call: () => Promise<Deal>, after?: () => void) => {
    if (pending) return;
    setPending(true);
    try {
      const deal = await call();
      onDeal(deal);
      after?.();
      notify('success', DONE[move][0], DONE[move][1]);
    } catch (error) {
      if (endsSession(error)) return;
      const refused = error instanceof ApiError && error.status < 500;
      notify(
        error instanceof ApiError && error.status === 429 ? 'warning' : 'error',
        DONE[move][0],
        refused ? error.message : messages.genericError,
      );
      // Someone else moved first (the other side, another tab): show the deal as it is now.
      if (error instanceof ApiError && error.status === 409) {
        after?.();
        onStale();
      }
    } finally {
      setPending(false);
    }
  };

  const onMove = (deal: Deal, move: DealMove) => {
    if (move === 'accept' || move === 'withdraw') void run(move, () => dealStep(deal.dealId, move));
    else if (move === 'confirm' || move === 'cancel') setConfirming({ deal, move });
    else if (move === 'decline') setDeclining(deal);
    else if (move === 'review') setReviewing(deal.dealId);
    else {
      setCountering(deal);
      // The ±15 % hint needs the company's price now; without it the counter goes without the hint.
      apiFetch<StockProfile>(`/api/v2/stock/profile/${deal.companyIdx}`).then(
        (p) => setCurrentPrice(p.companyStockCurrentPrice > 0 ? p.companyStockCurrentPrice : null),
        () => setCurrentPrice(null),
      );
    }
  };

  const dialogs = detail && (
    <>
      <DeclineDialog
        open={declining !== null}
        pending={pending}
        onClose={() => setDeclining(null)}
        onDecline={(reason) =>
          declining &&
          void run(
            'decline',
            () => declineDeal(declining.dealId, reason),
            () => setDeclining(null),
          )
        }
      />
      <CounterDialog
        deal={countering}
        me={me}
        listing={detail.listing}
        currentPrice={currentPrice}
        pending={pending}
        onClose={() => setCountering(null)}
        onCounter={(body) =>
          countering &&
          void run(
            'counter',
            () => counterDeal(countering.dealId, body),
            () => setCountering(null),
          )
        }
      />
      <ConfirmStepDialog
        step={confirming ? CONFIRM[confirming.move] : null}
        pending={pending}
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          void run(
            confirming.move,
            () => dealStep(confirming.deal.dealId, confirming.move),
            () => setConfirming(null),
          )
        }
      />
      <ReviewDialog
        dealId={reviewing}
        counterpart={counterpart}
        onClose={() => setReviewing(null)}
        onReviewed={(dealId) => {
          const deal = detail.deals.find((d) => d.dealId === dealId);
          if (deal) onDeal({ ...deal, reviewable: false });
        }}
      />
    </>
  );

  return { onMove, pending, dialogs };
}
