import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export interface ConfirmStep {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
}

/** Asks before a step that binds (거래 완료 확인) or ends (거래 취소, 차단); the first button cancels. */
export function ConfirmStepDialog(props: { step: ConfirmStep | null; pending: boolean; onClose(): void; onConfirm(): void }) {
  const { step, pending, onClose, onConfirm } = props;
  return (
    <Modal open={step !== null} onClose={onClose} title={step?.title ?? ''} width={400}>
      <p className="text-[15px] leading-relaxed text-ink-2">{step?.message}</p>
      <div className="mt-6 grid grid-cols-2 gap-2">
        <Button variant="ghost" onClick={onClose}>
          닫기
        </Button>
        <Button variant={step?.danger ? 'buy' : 'primary'} onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {step?.confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
