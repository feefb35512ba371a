import { dealMessages as m, messages } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { ApiError, endsSession } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useNotify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { startDeal } from '../shared/deals-api';
import { ListingSummary } from '../shared/listing-summary';
import {
  FIELD_OF,
  hasErrors,
  initialTerms,
  type OfferListing,
  offerBuys,
  type TermsDraft,
  type TermsErrors,
  termsErrors,
} from './offer-form';
import { TermsFields } from './terms-fields';

export interface OfferDialogProps {
  /** The listing offered on; null: closed. */
  listing: OfferListing | null;
  /** The company's current price, for the ±15 % hint; null when not known. */
  currentPrice: number | null;
  /** The listing's owner, named in the summary. */
  ownerNickname?: string;
  onClose(): void;
}

/**
 * 거래 제안 (issue 22): count, price and a first message on someone else's open listing. Sent, it
 * opens the conversation with the listing's owner. The server's refusals say why: a field's under
 * it, identity verification with the dialog the trade modal uses, the rest as a notice.
 */
export function OfferDialogBody({ listing, currentPrice, ownerNickname, onClose }: OfferDialogProps) {
  const session = useSession();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const [draft, setDraft] = useState<TermsDraft>(() => (listing ? initialTerms(listing) : { count: '', price: '', message: '' }));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TermsErrors>({});
  const [pending, setPending] = useState(false);
  const lastSend = useRef<{ body: string; key: string } | null>(null);

  // Each listing opened starts from its own terms.
  useEffect(() => {
    if (!listing) return;
    setDraft(initialTerms(listing));
    setSubmitted(false);
    setServerErrors({});
    lastSend.current = null;
  }, [listing]);

  if (!listing) return null;
  const errors = { ...serverErrors, ...termsErrors(draft, listing, { messageRequired: true, submitted }) };

  const change = (patch: Partial<TermsDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as Array<keyof TermsDraft>) delete next[k];
      return next;
    });
  };

  const submit = async () => {
    setSubmitted(true);
    if (pending || hasErrors(termsErrors(draft, listing, { messageRequired: true, submitted: true }))) return;
    const body = {
      tradeIdx: listing.tradeIdx,
      stockCount: Number(draft.count),
      stockPerPrice: Number(draft.price),
      message: draft.message.trim(),
    };
    const json = JSON.stringify(body);
    // A retry of the same offer (a lost answer, a double press) reuses its key: one offer, not two.
    if (lastSend.current?.body !== json) lastSend.current = { body: json, key: newIdempotencyKey() };
    setPending(true);
    try {
      const started = await startDeal(body, lastSend.current.key);
      onClose();
      navigate(`/messages/${started.conversationId}`);
    } catch (error) {
      if (endsSession(error)) return;
      if (error instanceof ApiError && error.code === 'IDENTITY_REQUIRED') {
        onClose();
        session.openIdentityDialog();
        return;
      }
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields && Object.keys(fields).some((f) => FIELD_OF[f])) {
        const next: TermsErrors = {};
        for (const [f, text] of Object.entries(fields)) if (FIELD_OF[f]) next[FIELD_OF[f]] = text;
        setServerErrors(next);
        return;
      }
      const tone = error instanceof ApiError && error.status === 429 ? 'warning' : 'error';
      notify(tone, m.offerTitle, error instanceof ApiError && error.status < 500 ? error.message : messages.genericError);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={m.offerTitle} width={420}>
      <Form onSubmit={submit} className="space-y-5">
        <ListingSummary listing={listing} owner={ownerNickname} />
        <TermsFields
          listing={listing}
          draft={draft}
          errors={errors}
          currentPrice={currentPrice}
          messageLabel="첫 메시지"
          messagePlaceholder="거래 방법, 가능한 시간 등을 적어주세요. 연락처나 계좌번호는 적지 마세요."
          onChange={change}
        />
        <p className="rounded-control bg-page px-3.5 py-3 text-xs leading-relaxed text-ink-3">
          제안을 보내면 {ownerNickname ? `${ownerNickname} 님과의` : '매물 등록자와의'} 대화가 열려요. 상대가 수락하면 거래가 합의되고, 두
          분 모두 거래 완료를 확인하면 시세에 반영돼요. {m.caution}.
        </p>
        <Button type="submit" variant={offerBuys(listing) ? 'buy' : 'sell'} full disabled={pending} aria-busy={pending || undefined}>
          {pending ? '보내는 중…' : '제안 보내기'}
        </Button>
      </Form>
    </Modal>
  );
}
