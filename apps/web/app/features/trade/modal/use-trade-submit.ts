import { TradeType, tradeMessages } from '@beesang/contract';
import { useRef, useState } from 'react';
import { ApiError, endsSession } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useNotify } from '../../../lib/notify';
import { createTrade, updateTrade } from '../shared/trade-api';
import { canSubmit, createBody, isEdit, type TradeDraft, updateBody } from '../shared/trade-draft';
import { amountProblem } from './draft-limits';

/** The modal's title: '매물 등록', or '매수 수정' / '매도 수정' on edit (spec §2). */
export function modalTitle(d: TradeDraft): string {
  if (!isEdit(d)) return tradeMessages.registerTitle;
  return d.tradeType === TradeType.BUY ? tradeMessages.editBuyTitle : tradeMessages.editSellTitle;
}

/** The server's reason for a refusal (a sanction, an ended listing) says more than the generic text. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
}

/**
 * Submit of spec §4/§5/§8: the two titled limit warnings abort it (for buy and sell alike, since
 * the server refuses those amounts too); otherwise create or edit and say how it went. A retried
 * create of the same draft reuses its Idempotency-Key, so a lost answer never makes two listings.
 */
export function useTradeSubmit(onDone: (created: boolean) => void) {
  const { notify } = useNotify();
  const [pending, setPending] = useState(false);
  const lastCreate = useRef<{ body: string; key: string } | null>(null);

  async function submit(d: TradeDraft) {
    if (pending || !canSubmit(d)) return;
    const problem = amountProblem(d);
    if (problem) {
      notify('warning', tradeMessages.registerTitle, tradeMessages[problem]);
      return;
    }
    const title = modalTitle(d);
    setPending(true);
    try {
      if (isEdit(d)) {
        await updateTrade(d.tradeIdx, updateBody(d));
        notify('success', title, tradeMessages.editDone);
      } else {
        const body = createBody(d);
        const json = JSON.stringify(body);
        if (lastCreate.current?.body !== json) lastCreate.current = { body: json, key: newIdempotencyKey() };
        await createTrade(body, lastCreate.current.key);
        lastCreate.current = null;
        notify('success', title, tradeMessages.registerDone);
      }
      onDone(!isEdit(d));
    } catch (error) {
      // A lost session has already been announced (and the visitor sent home) by the API client.
      if (endsSession(error)) return;
      // A limit reached (429) is a pause, not a failure: its message says when to come back; the draft stays.
      const tone = error instanceof ApiError && error.status === 429 ? 'warning' : 'error';
      notify(tone, title, failureText(error, isEdit(d) ? tradeMessages.editFailed : tradeMessages.registerFailed));
    } finally {
      setPending(false);
    }
  }

  return { submit, pending };
}
