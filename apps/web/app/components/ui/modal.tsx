import type { ReactNode } from 'react';
import { onDemand } from '../../lib/on-demand';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  width?: number;
  /** Fixed panel height (the login modal is 375×812); phones always get a full-screen sheet. */
  height?: number;
  /** Changing it moves focus back to the top, for modals that swap their content in place. */
  contentKey?: string;
  children: ReactNode;
  hideTitle?: boolean;
  /**
   * Where focus goes on closing when the control that opened the dialog is no longer on the page
   * (signing in replaces 로그인); otherwise focus returns to that control.
   */
  returnFocus?(): HTMLElement | null;
}

const dialog = onDemand<ModalProps>(() => import('./modal-dialog').then((m) => m.ModalDialog), { shown: (p) => p.open });

/**
 * The site's modal dialog (modal-dialog.tsx, on Radix's Dialog). Its code is fetched when a dialog
 * first opens, or earlier through `preloadModal` (pointer or focus on what opens one), so that it
 * stays out of the JavaScript every page loads up front.
 */
export const Modal = dialog.Component;
export const preloadModal = dialog.preload;
