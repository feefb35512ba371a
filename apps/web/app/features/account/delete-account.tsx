import { messages } from '@beesang/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';

/** Account deletion behind a confirmation; the session ends and the visitor goes home. */
export function DeleteAccount({ userIdx, onDeleted }: { userIdx: number; onDeleted(): void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { notify } = useNotify();

  const remove = async () => {
    setBusy(true);
    try {
      await apiFetch(`/api/user/${userIdx}`, { method: 'DELETE' });
      setOpen(false);
      onDeleted();
      notify('success', '회원 탈퇴', messages.accountDeleted);
      navigate('/');
    } catch (error) {
      notify('error', '회원 탈퇴', error instanceof ApiError ? error.message : messages.genericError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="text-sm font-medium text-ink-3 underline hover:text-danger">
        회원 탈퇴
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="회원 탈퇴" width={375}>
        <p className="leading-relaxed text-ink-2">탈퇴하면 관심 종목과 회원정보가 삭제되고 되돌릴 수 없어요. 정말 탈퇴하시겠어요?</p>
        <div className="mt-6 grid grid-cols-2 gap-2">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            취소
          </Button>
          <Button variant="buy" onClick={() => void remove()} disabled={busy}>
            탈퇴하기
          </Button>
        </div>
      </Modal>
    </>
  );
}
