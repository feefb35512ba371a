import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { type WebPushState as PushState, state as pushState, subscribe, unsubscribe } from '../../../lib/web-push';

const TITLE = '브라우저 알림';

const STATE_TEXT: Record<PushState | 'checking', string> = {
  checking: '이 브라우저의 알림 상태를 확인하는 중이에요.',
  on: '이 브라우저로 알림을 받고 있어요.',
  off: '이 브라우저로는 알림을 받지 않고 있어요.',
  denied: '이 브라우저에서 비상의 알림이 차단되어 있어요. 주소창 왼쪽의 사이트 설정에서 알림을 허용한 뒤 다시 시도해주세요.',
  unsupported: '이 브라우저는 웹 푸시 알림을 지원하지 않아요. 아이폰에서는 Safari의 공유 › 홈 화면에 추가로 설치한 뒤 받을 수 있어요.',
};

/**
 * /notifications' 알림 설정: Web Push for this browser (per browser, by the member's choice), its
 * state in words and the one button that changes it; which kinds go where is on /myPage.
 */
export function PushSettings() {
  const [current, setCurrent] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const { notify } = useNotify();

  useEffect(() => {
    let live = true;
    pushState().then(
      (s) => live && setCurrent(s),
      () => live && setCurrent('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = async (turnOn: boolean) => {
    setBusy(true);
    try {
      const next: PushState = turnOn ? await subscribe() : await unsubscribe().then(() => 'off' as const);
      setCurrent(next);
      if (next === 'on') notify('success', TITLE, '이 브라우저로 알림을 보내드릴게요.');
      else if (next === 'off' && !turnOn) notify('success', TITLE, '이 브라우저로는 알림을 보내지 않아요.');
      else if (next === 'denied') notify('warning', TITLE, '브라우저에서 알림을 허용하지 않았어요.');
    } catch (error) {
      if (!endsSession(error))
        notify('error', TITLE, error instanceof ApiError ? error.message : '브라우저 알림 설정을 바꾸지 못했습니다.');
      setCurrent(await pushState().catch(() => 'unsupported' as const));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="settings" aria-labelledby="push-settings-title" className="mt-8 rounded-card bg-white p-5 ring-1 ring-line">
      <h2 id="push-settings-title" className="text-lg font-bold">
        알림 설정
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">{TITLE}</h3>
          {/* Not a live region: the outcome of a press is said by its notice, and the first check is no news. */}
          <p className="mt-0.5 text-sm text-ink-2" data-push-state={current}>
            {STATE_TEXT[current]}
          </p>
        </div>
        {current === 'off' && (
          <Button size="sm" onClick={() => void change(true)} disabled={busy} aria-busy={busy || undefined}>
            이 브라우저에서 알림 받기
          </Button>
        )}
        {current === 'on' && (
          <Button size="sm" variant="ghost" onClick={() => void change(false)} disabled={busy} aria-busy={busy || undefined}>
            이 브라우저 알림 끄기
          </Button>
        )}
      </div>
      <p className="mt-4 border-t border-line pt-4 text-sm text-ink-2">
        어떤 알림을 사이트·브라우저·앱으로 받을지, 광고성 정보 수신 동의는{' '}
        <Link to="/myPage#notification-settings" className="font-semibold text-brand underline underline-offset-2">
          마이페이지 알림 설정
        </Link>
        에서 바꿀 수 있어요.
      </p>
    </section>
  );
}
