import { messages } from '@beesang/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { fetchMyDetail, type SessionUser } from '../../lib/session';
import { isPhoneRegistered, smsSignIn } from './auth-api';
import { usePhoneVerification } from './use-phone-verification';

/** Spec §4 "Phone login flow": the LOGIN page's state and steps, apart from how it looks. */
export function usePhoneLogin({ onSignedIn, onNewMember }: { onSignedIn(user: SessionUser): void; onNewMember(phone: string): void }) {
  const verification = usePhoneVerification();
  const [submitting, setSubmitting] = useState(false);
  const { phone, showError } = verification;

  const canSubmit = verification.complete && !submitting;

  async function submit() {
    if (!canSubmit) return;
    setSubmitting(true);
    try {
      if (!(await verification.verify())) return;
      if (!(await isPhoneRegistered(phone))) return onNewMember(phone);
      await smsSignIn(phone);
      onSignedIn(await fetchMyDetail());
    } catch (e) {
      showError(e instanceof ApiError ? e.message : messages.genericError);
    } finally {
      setSubmitting(false);
    }
  }

  return { ...verification, submitting, canSubmit, submit };
}
