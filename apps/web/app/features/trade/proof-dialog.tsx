import { ListingStatus, ProofCheckStatus, type Trade, TradeType, tradeUiMessages as t } from '@beesang/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { ProofUpload } from './proof-upload';
import type { ProofKind } from './trade-draft';
import { TradeSummary } from './trade-summary';

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

/** The proof upload of the trade modal, on its own for a listing that already exists. */
export function ProofDialog(props: {
  trade: Trade | null;
  pending: boolean;
  onClose(): void;
  onConfirm(url: string, kind: ProofKind): void;
}) {
  const { trade, pending, onClose, onConfirm } = props;
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<ProofKind>('BANK');
  // biome-ignore lint/correctness/useExhaustiveDependencies: another listing starts from nothing
  useEffect(() => {
    setUrl('');
    setKind('BANK');
  }, [trade]);
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
