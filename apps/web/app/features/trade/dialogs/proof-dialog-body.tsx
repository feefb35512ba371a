import { ProofCheckStatus, type Trade, tradeUiMessages as t } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { ProofUpload } from '../modal/proof-upload';
import type { ProofKind } from '../shared/trade-draft';
import { proofActionText } from './proof-dialog';
import { TradeSummary } from './trade-summary';

/** The proof upload of the trade modal, on its own for a listing that already exists. Loaded by proof-dialog.tsx when needed. */
export function ProofDialogBody(props: {
  trade: Trade | null;
  pending: boolean;
  onClose(): void;
  onConfirm(url: string, kind: ProofKind): void;
}) {
  const { trade, pending, onClose, onConfirm } = props;
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<ProofKind>('BANK');
  // Another listing starts from nothing (state adjusted while rendering, as React advises, not in an effect).
  const [shownFor, setShownFor] = useState(trade);
  if (trade !== shownFor) {
    setShownFor(trade);
    setUrl('');
    setKind('BANK');
  }
  if (!trade) return null;
  const ready = url !== '' && !pending;
  return (
    <Modal open onClose={onClose} title={proofActionText(trade)} width={375}>
      <Form className="space-y-5" onSubmit={() => ready && onConfirm(url, kind)}>
        <TradeSummary trade={trade} />
        {trade.proofCheckStatus === ProofCheckStatus.REATTACHMENT && (
          <p className="text-sm leading-relaxed text-danger">{t.proofReattachHelp}</p>
        )}
        <ProofUpload
          title={t.proofDialogTitle}
          url={url}
          kind={kind}
          onChange={(nextUrl, nextKind) => {
            setUrl(nextUrl);
            setKind(nextKind);
          }}
        />
        <div className="grid grid-cols-2 gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={!ready}>
            {pending ? t.submitting : t.proofSubmit}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
