import { DEAL_DECLINE_REASON_MAX, dealMessages as m } from '@beesang/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { Form } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';

/** 거절: the reason is required (at most 200 characters) and shown to the other side. */
export function DeclineDialog(props: { open: boolean; pending: boolean; onClose(): void; onDecline(reason: string): void }) {
  const { open, pending, onClose, onDecline } = props;
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setReason('');
    setTried(false);
  }, [open]);
  const error =
    reason.length > DEAL_DECLINE_REASON_MAX ? m.declineReasonTooLong : tried && reason.trim() === '' ? m.declineReasonRequired : undefined;
  return (
    <Modal open={open} onClose={onClose} title="제안 거절" width={400}>
      <Form
        onSubmit={() => {
          setTried(true);
          if (reason.trim() === '' || reason.length > DEAL_DECLINE_REASON_MAX || pending) return;
          onDecline(reason.trim());
        }}
        className="space-y-5"
      >
        <CountedTextarea
          label="거절 사유"
          value={reason}
          onValue={setReason}
          max={DEAL_DECLINE_REASON_MAX}
          error={error}
          rows={3}
          hint="상대방에게 보여요. 예: 가격이 맞지 않아요, 수량을 줄이고 싶어요"
        />
        <div className="grid grid-cols-2 gap-2">
          <Button variant="ghost" onClick={onClose}>
            취소
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
            거절하기
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
