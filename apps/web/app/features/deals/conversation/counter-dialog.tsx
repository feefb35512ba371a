import { type Deal, dealMessages as m } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { hasErrors, initialTerms, type OfferListing, type TermsDraft, termsErrors } from '../offer/offer-form';
import { TermsFields } from '../offer/terms-fields';
import { ListingSummary } from '../shared/listing-summary';

/** 다시 제안: new terms for the deal on the table, within the listing's rules; a message is optional. */
export function CounterDialog(props: {
  deal: Deal | null;
  me: number;
  listing: OfferListing;
  currentPrice: number | null;
  pending: boolean;
  onClose(): void;
  onCounter(body: { stockCount: number; stockPerPrice: number; message?: string }): void;
}) {
  const { deal, me, listing, currentPrice, pending, onClose, onCounter } = props;
  const [draft, setDraft] = useState<TermsDraft>(() => initialTerms(listing, deal ?? undefined));
  const [submitted, setSubmitted] = useState(false);
  // The terms start over when the dialog opens for a deal, not whenever the page reads the
  // conversation again (a live event, the channel opening) while the member is typing: state
  // adjusted as the deal changes, during the render (React's way for state that follows a prop).
  const openFor = deal?.dealId ?? null;
  const [shownFor, setShownFor] = useState(openFor);
  if (shownFor !== openFor) {
    setShownFor(openFor);
    if (deal) {
      setDraft(initialTerms(listing, deal));
      setSubmitted(false);
    }
  }
  const errors = termsErrors(draft, listing, { messageRequired: false, submitted });
  // Colours follow the side of the member countering: red when they buy, blue when they sell.
  const buys = deal?.buyerIdx === me;
  return (
    <Modal open={deal !== null} onClose={onClose} title={m.counterTitle} width={420}>
      <Form
        onSubmit={() => {
          setSubmitted(true);
          if (pending || hasErrors(termsErrors(draft, listing, { messageRequired: false, submitted: true }))) return;
          const message = draft.message.trim();
          onCounter({ stockCount: Number(draft.count), stockPerPrice: Number(draft.price), ...(message ? { message } : {}) });
        }}
        className="space-y-5"
      >
        <ListingSummary listing={listing} />
        <TermsFields
          listing={listing}
          buys={buys}
          draft={draft}
          errors={errors}
          currentPrice={currentPrice}
          messageLabel="메시지 (선택)"
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        />
        <Button type="submit" variant={buys ? 'buy' : 'sell'} full disabled={pending} aria-busy={pending || undefined}>
          다시 제안하기
        </Button>
      </Form>
    </Modal>
  );
}
