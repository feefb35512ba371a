import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** Asks before an irreversible step; the danger button is the second, so Enter on the first cancels. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.title} width={420}>
      <div className="text-[15px] text-ink-2">{props.children}</div>
      <div className="mt-6 flex gap-2">
        <Button variant="ghost" onClick={props.onClose} className="flex-1">
          취소
        </Button>
        <Button variant="buy" onClick={props.onConfirm} disabled={props.busy} className="flex-1">
          {props.confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
