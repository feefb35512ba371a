import { onDemand } from '../../../lib/on-demand';

/**
 * 삭제: confirms deleting an own listing (delete-dialog-body.tsx). Its code is fetched when a listing
 * is first deleted (or a pointer nears an own listing), not with the page.
 */
export const { Component: DeleteDialog, preload: preloadDeleteDialog } = onDemand(
  () => import('./delete-dialog-body').then((m) => m.DeleteDialogBody),
  { shown: (p) => p.trade !== null },
);
