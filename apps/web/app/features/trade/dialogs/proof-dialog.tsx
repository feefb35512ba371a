import { ListingStatus, ProofCheckStatus, type Trade, TradeType, tradeUiMessages as t } from '@beesang/contract';
import { onDemand } from '../../../lib/on-demand';

/**
 * Whether the owner may (re)attach a proof (decision 0003): an open own sale whose proof is missing
 * or was sent back. Only on an UNISSUED company, which the listing itself does not say.
 */
export function proofAttachable(trade: Trade): boolean {
  return (
    trade.isMine &&
    trade.tradeType === TradeType.SELL &&
    trade.tradeStatus === ListingStatus.IN_PROGRESS &&
    (trade.proofCheckStatus === ProofCheckStatus.NONE || trade.proofCheckStatus === ProofCheckStatus.REATTACHMENT)
  );
}

/** '증빙 첨부', or '증빙 다시 올리기' when the operators sent the proof back. */
export const proofActionText = (trade: Trade) =>
  trade.proofCheckStatus === ProofCheckStatus.REATTACHMENT ? t.proofReattach : t.proofAttach;

/**
 * The proof upload of the trade modal, on its own for a listing that already exists
 * (proof-dialog-body.tsx). Its code (the upload) is fetched when a proof is first attached.
 */
export const { Component: ProofDialog, preload: preloadProofDialog } = onDemand(
  () => import('./proof-dialog-body').then((m) => m.ProofDialogBody),
  { shown: (p) => p.trade !== null },
);
