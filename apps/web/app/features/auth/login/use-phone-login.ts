import { messages } from '@beesang/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { fetchMyDetail, type SessionUser } from '../../../lib/session';
import { isPhoneRegistered, smsSignIn } from '../shared/auth-api';
import { usePhoneVerification } from '../shared/use-phone-verification';

/** Spec §4 "Phone login flow": the LOGIN page's state and steps, apart from how it looks. */
export function usePhoneLogin({ onSignedIn, onNewMember }: { onSignedIn(user: SessionUser): void; onNewMember(phone: string): void }) {
  const verification = usePhoneVerification();
  const [submitting, setSubmitting] = useState(false);
  const { phone, showError } = verification;

  // Without a requested code there is nothing to check: the button waits rather than pretend the time ran out.
  const canSubmit = verification.complete && verification.requested && !submitting;

  async function submit() {
    if (!canSubmit) {
      if (!submitting) verification.showFieldErrors();
      return;
    }
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
