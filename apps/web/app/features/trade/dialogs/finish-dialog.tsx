import { onDemand } from '../../../lib/on-demand';

/**
 * 거래완료: asks for the agreed price per share (finish-dialog-body.tsx). Its code (the amount field,
 * the contract's price limit) is fetched when a listing is first finished, not with the page.
 */
export const { Component: FinishDialog, preload: preloadFinishDialog } = onDemand(
  () => import('./finish-dialog-body').then((m) => m.FinishDialogBody),
  { shown: (p) => p.trade !== null },
);
