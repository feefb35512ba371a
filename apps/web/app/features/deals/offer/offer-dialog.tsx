import { preloadModal } from '../../../components/ui/modal';
import { onDemand } from '../../../lib/on-demand';
import type { OfferDialogProps } from './offer-dialog-body';

/**
 * 거래 제안 (offer-dialog-body.tsx): its code (the terms' rules, the contract's messages) is fetched
 * when a listing is first offered on, or on pointer or focus of a 거래 제안 button.
 */
const offer = onDemand<OfferDialogProps>(
  () => Promise.all([import('./offer-dialog-body'), preloadModal()]).then(([m]) => m.OfferDialogBody),
  {
    shown: (p) => p.listing !== null,
  },
);

export const OfferDialog = offer.Component;
export const preloadOfferDialog = offer.preload;
