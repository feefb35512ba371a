import { communityMessages as t } from '@beesang/contract';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';

/** Asks before an irreversible step; the danger button is the second, so Enter on the first cancels. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.title}>
      <p className="text-[15px] text-ink-2">{props.message}</p>
      <div className="mt-6 flex gap-2">
        <Button variant="ghost" onClick={props.onClose} className="flex-1">
          {t.cancel}
        </Button>
        {/* The red of "buy" is the danger red (UI.md). */}
        <Button variant="buy" onClick={props.onConfirm} disabled={props.busy} className="flex-1">
          {props.confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
