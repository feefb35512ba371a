import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { OfferDialog } from './offer-dialog';
import type { OfferListing } from './offer-form';

/**
 * The 거래 제안 button's gate and dialog for a page: a visitor gets the login dialog, a COMMON member
 * the identity-verification dialog, a verified member the offer (issue 22).
 */
export function useOffer(currentPrice: number | null = null) {
  const session = useSession();
  const [target, setTarget] = useState<{ listing: OfferListing; owner?: string } | null>(null);
  return {
    offer: (listing: OfferListing, owner?: string) => session.requireVerified(() => setTarget({ listing, owner })),
    dialog: (
      <OfferDialog
        listing={target?.listing ?? null}
        ownerNickname={target?.owner}
        currentPrice={currentPrice}
        onClose={() => setTarget(null)}
      />
    ),
  };
}
