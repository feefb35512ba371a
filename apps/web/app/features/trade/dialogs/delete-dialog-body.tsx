import { type Trade, tradeUiMessages as t } from '@beesang/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TradeSummary } from './trade-summary';

/** Confirms deleting an own listing (fetched on demand: delete-dialog.tsx). */
export function DeleteDialogBody(props: { trade: Trade | null; pending: boolean; onClose(): void; onConfirm(): void }) {
  const { trade, pending, onClose, onConfirm } = props;
  if (!trade) return null;
  return (
    <Modal open onClose={onClose} title={t.deleteTitle} width={375}>
      <TradeSummary trade={trade} />
      <p className="mt-4 leading-relaxed text-ink-2">{t.deleteConfirm}</p>
      <div className="mt-6 grid grid-cols-2 gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t.cancel}
        </Button>
        <button
          type="button"
          disabled={pending}
          onClick={onConfirm}
          className="inline-flex h-11 items-center justify-center rounded-control bg-danger px-4 font-semibold text-white hover:brightness-95 disabled:cursor-not-allowed disabled:bg-disabled disabled:text-disabled-ink"
        >
          {pending ? t.submitting : t.remove}
        </button>
      </div>
    </Modal>
  );
}
