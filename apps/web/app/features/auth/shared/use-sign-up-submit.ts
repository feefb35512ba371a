import { messages } from '@beesang/contract';
import { useState } from 'react';
import { fetchMyDetail, type SessionUser } from '../../../lib/session';
import { isEmailTaken } from './auth-api';

/**
 * Spec §4 "Sign-up submit", shared by the phone and the id sign-up: check the email, register,
 * then load the member like a sign-in does. A failed email check counts as "taken" (spec §7),
 * so nobody registers on an unchecked email. What a failed registration means is the form's call.
 */
export function useSignUpSubmit(onSignedUp: (user: SessionUser) => void) {
  const [rootError, setRootError] = useState('');
  const [checkingEmail, setCheckingEmail] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function run(steps: {
    email: string;
    /** Tells the form the email cannot be used, and why. */
    onEmailRefused(message: string): void;
    /** Registers; false when the answer carried no token. */
    register(): Promise<boolean>;
    onFailed(error: unknown): void;
  }) {
    setRootError('');
    setCheckingEmail(true);
    let refused = '';
    try {
      if (await isEmailTaken(steps.email)) refused = messages.emailInUse;
    } catch {
      refused = messages.emailCheckFailed;
    } finally {
      setCheckingEmail(false);
    }
    if (refused) return steps.onEmailRefused(refused);
    setSubmitting(true);
    try {
      if (!(await steps.register())) return setRootError(messages.signUpNoToken);
      const user = await fetchMyDetail().catch(() => null);
      if (!user) return setRootError(messages.signUpNoToken);
      onSignedUp(user);
    } catch (e) {
      steps.onFailed(e);
    } finally {
      setSubmitting(false);
    }
  }

  return { run, rootError, setRootError, checkingEmail, submitting, busy: checkingEmail || submitting };
}
