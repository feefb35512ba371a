import { messages, type UserDetail, UserLevel } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';

/**
 * 본인확인: opens the provider page in a new window and waits for its `authCI` window message,
 * then asks our server to apply the result (the server trusts only what the provider told it).
 */
export function IdentityVerification({ user, onVerified }: { user: UserDetail; onVerified(user: UserDetail): void }) {
  const [pending, setPending] = useState(false);
  const requestRef = useRef<string | null>(null);
  const { notify } = useNotify();

  useEffect(() => {
    const onMessage = async (event: MessageEvent) => {
      const data = event.data as { kind?: string; requestId?: string } | null;
      if (event.origin !== window.location.origin || data?.kind !== 'authCI' || data.requestId !== requestRef.current) return;
      requestRef.current = null;
      try {
        const updated = await apiFetch<UserDetail>('/api/identity/verify', {
          method: 'POST',
          body: JSON.stringify({ requestId: data.requestId }),
        });
        onVerified(updated);
        notify('success', '본인인증', '본인인증이 완료되었어요. 이제 매물을 등록할 수 있어요.');
      } catch (error) {
        notify('error', '본인인증', error instanceof ApiError ? error.message : messages.genericError);
      } finally {
        setPending(false);
      }
    };
    const listener = (e: MessageEvent) => void onMessage(e);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [notify, onVerified]);

  if (user.userLevel >= UserLevel.REGULAR) {
    return (
      <p className="rounded-control bg-page px-4 py-3 text-[15px] font-semibold text-success">본인인증을 마쳤어요 ({user.userName})</p>
    );
  }

  const start = async () => {
    setPending(true);
    try {
      const { requestId, url } = await apiFetch<{ requestId: string; url: string }>('/api/identity/requests', {
        method: 'POST',
        body: '{}',
      });
      requestRef.current = requestId;
      const popup = window.open(url, 'beesang-identity', 'width=480,height=720');
      if (!popup) {
        setPending(false);
        notify('warning', '본인인증', '팝업이 차단되었어요. 팝업을 허용한 뒤 다시 시도해주세요.');
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
