import { useEffect, useRef } from 'react';
import { type ApiInit, apiFetch } from './api-client';

export const IDENTITY_REQUESTS_PATH = '/api/identity/requests';
export const POPUP_BLOCKED_MESSAGE = '팝업이 차단되었어요. 팝업을 허용한 뒤 다시 시도해주세요.';

interface AuthCiMessage {
  kind?: string;
  requestId?: string;
}

/**
 * 본인확인 popup (spec §2 "Identity verification"): `open()` starts a request on our server and
 * opens the provider page in a new window; `onDone(requestId)` runs when that window posts its
 * `authCI` message. Only a message from our own origin naming the request we opened counts, so
 * another window cannot finish someone's verification.
 */
export function useIdentityPopup(onDone: (requestId: string) => void) {
  const requestRef = useRef<string | null>(null);
  // A ref, so a new callback each render does not re-subscribe the listener.
  const doneRef = useRef(onDone);
  doneRef.current = onDone;

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const data = event.data as AuthCiMessage | null;
      if (event.origin !== window.location.origin || data?.kind !== 'authCI' || !data.requestId) return;
      if (data.requestId !== requestRef.current) return;
      requestRef.current = null;
      doneRef.current(data.requestId);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  /** Resolves false when the browser blocked the popup; API failures reject with an ApiError. */
  const open = async (init: ApiInit = {}): Promise<boolean> => {
    const { requestId, url } = await apiFetch<{ requestId: string; url: string }>(IDENTITY_REQUESTS_PATH, {
      method: 'POST',
      body: '{}',
      ...init,
    });
    requestRef.current = requestId;
    return window.open(url, 'beesang-identity', 'width=480,height=720') !== null;
  };

  return { open };
}
