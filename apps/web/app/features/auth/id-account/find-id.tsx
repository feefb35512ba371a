import { messages } from '@beesang/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { POPUP_BLOCKED_MESSAGE, useIdentityPopup } from '../../../lib/identity-popup';
import { type FoundId, findId } from '../shared/auth-api';

type FindState = { kind: 'idle' } | { kind: 'waiting' } | { kind: 'found'; found: FoundId } | { kind: 'failed'; message: string };

const failed = (error: unknown): FindState => ({
  kind: 'failed',
  message: error instanceof ApiError ? error.message : messages.genericError,
});

/**
 * 아이디 찾기: the identity popup proves who the visitor is, then the server names the account
 * of that identity, masked. The answer is announced in a live region under the link.
 */
export function FindId() {
  const [state, setState] = useState<FindState>({ kind: 'idle' });
  const popup = useIdentityPopup((requestId) => {
    void findId(requestId).then(
      (found) => setState({ kind: 'found', found }),
      (error: unknown) => setState(failed(error)),
    );
  });

  const start = async () => {
    setState({ kind: 'waiting' });
    try {
      // A visitor has no session to lose: a 401 here is just this form's error.
      if (!(await popup.open({ ignoreUnauthorized: true }))) setState({ kind: 'failed', message: POPUP_BLOCKED_MESSAGE });
    } catch (error) {
      setState(failed(error));
    }
  };

  return (
    <div>
      <button type="button" className="text-sm font-semibold text-ink-2 underline underline-offset-2" onClick={() => void start()}>
        아이디 찾기
      </button>
      <div role="status" aria-live="polite" className="mt-2 text-sm leading-relaxed">
        {state.kind === 'waiting' && <p className="text-ink-3">본인인증 창에서 인증을 마쳐주세요.</p>}
        {state.kind === 'failed' && <p className="text-danger">{state.message}</p>}
        {state.kind === 'found' && (
          <div className="rounded-control bg-page p-3 text-ink-2">
            <p>
              가입하신 아이디는 <strong className="text-ink">{state.found.userId}</strong> 입니다.
            </p>
            {!state.found.hasPassword && (
              <p className="mt-1">휴대폰 번호({state.found.phone})로 가입한 계정이에요. 휴대폰 번호로 로그인해주세요.</p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
