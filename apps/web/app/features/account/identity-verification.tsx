import { messages, type UserDetail, UserLevel } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError, apiFetch } from '../../lib/api-client';
import { POPUP_BLOCKED_MESSAGE, useIdentityPopup } from '../../lib/identity-popup';
import { useNotify } from '../../lib/notify';

/**
 * 본인확인: opens the provider page in a new window and waits for its `authCI` window message,
 * then asks our server to apply the result (the server trusts only what the provider told it).
 */
export function IdentityVerification({ user, onVerified }: { user: UserDetail; onVerified(user: UserDetail): void }) {
  const [pending, setPending] = useState(false);
  const { notify } = useNotify();

  const popup = useIdentityPopup((requestId) => {
    void (async () => {
      try {
        const updated = await apiFetch<UserDetail>('/api/identity/verify', { method: 'POST', body: JSON.stringify({ requestId }) });
        onVerified(updated);
        notify('success', '본인인증', '본인인증이 완료되었어요. 이제 매물을 등록할 수 있어요.');
      } catch (error) {
        notify('error', '본인인증', error instanceof ApiError ? error.message : messages.genericError);
      } finally {
        setPending(false);
      }
    })();
  });

  if (user.userLevel >= UserLevel.REGULAR) {
    return (
      <p className="rounded-control bg-page px-4 py-3 text-[15px] font-semibold text-success-ink">본인인증을 마쳤어요 ({user.userName})</p>
    );
  }

  const start = async () => {
    setPending(true);
    try {
      if (!(await popup.open())) {
        setPending(false);
        notify('warning', '본인인증', POPUP_BLOCKED_MESSAGE);
      }
    } catch (error) {
      setPending(false);
      notify('error', '본인인증', error instanceof ApiError ? error.message : messages.genericError);
    }
  };

  return (
    <div>
      <p className="mb-3 text-[15px] leading-relaxed text-ink-2">
        본인인증을 마치면 매물을 등록할 수 있어요. 인증 정보는 암호화되어 보관됩니다.
      </p>
      <Button full onClick={() => void start()} disabled={pending}>
        {pending ? '본인인증 진행 중…' : '본인인증하기'}
      </Button>
    </div>
  );
}
