import { messages } from '@beesang/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { fetchMyDetail, type SessionUser } from '../../../lib/session';
import { passwordSignIn } from '../shared/auth-api';

export const PASSWORD_MAX = 64;

/** The server's reason when it gave one; the spec's wording when a throttled answer came bare. */
function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.genericError;
  if (error.status === 429 && error.message === messages.serverError) return messages.loginThrottled;
  if (error.status === 401 && error.message === messages.sessionExpired) return messages.loginFailed;
  return error.message;
}

/** ID_LOGIN page state: email (kept by the dialog across its pages) + password, one error line, sign-in then the member fetch. */
export function useIdLogin({ onSignedIn, initialEmail = '' }: { onSignedIn(user: SessionUser): void; initialEmail?: string }) {
  const [email, setEmailValue] = useState(initialEmail);
  const [password, setPasswordValue] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { notify } = useNotify();

  // Typing again dismisses the previous answer: it was about the old values.
  const setEmail = (value: string) => {
    setEmailValue(value);
    setError('');
  };
  const setPassword = (value: string) => {
    setPasswordValue(value.slice(0, PASSWORD_MAX));
    setError('');
  };

  const canSubmit = email.trim() !== '' && password !== '' && !submitting;

  async function submit() {
    if (!canSubmit) return;
    setSubmitting(true);
    setError('');
    try {
      const failed = await passwordSignIn(email.trim(), password);
      onSignedIn(await fetchMyDetail());
      // Someone else may have been guessing: the owner hears of it once, on this sign-in.
      if (failed > 0) notify('warning', '로그인 실패 기록', messages.failedSignInsNotice.replace('{count}', String(failed)));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSubmitting(false);
    }
  }

  return { email, setEmail, password, setPassword, error, submitting, canSubmit, submit };
}
