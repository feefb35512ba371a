import { messages } from '@beesang/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { fetchMyDetail, type SessionUser } from '../../lib/session';
import { isEmailTaken, smsSignUp } from './auth-api';
import {
  EMPTY_SIGN_UP,
  hasErrors,
  type SignUpErrors,
  type SignUpField,
  type SignUpValues,
  toSignUpBody,
  validateSignUp,
} from './sign-up-form';
import type { MemberType } from './user-type-page';

/**
 * Spec §4 "Sign-up submit". Validates on every change (errors show for fields the visitor has
 * touched), checks the email, registers, then loads the member like a sign-in does.
 */
export function useSignUp({ type, phone, onSignedUp }: { type: MemberType; phone: string; onSignedUp(user: SessionUser): void }) {
  const [values, setValues] = useState<SignUpValues>(EMPTY_SIGN_UP);
  const [touched, setTouched] = useState<Partial<Record<SignUpField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<SignUpErrors>({});
  const [rootError, setRootError] = useState('');
  const [checkingEmail, setCheckingEmail] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const validation = validateSignUp(values, type, phone);
  const errors: SignUpErrors = {};
  for (const field of Object.keys(validation) as SignUpField[]) if (touched[field]) errors[field] = validation[field];
  for (const field of Object.keys(serverErrors) as SignUpField[]) errors[field] ??= serverErrors[field];

  function set<K extends keyof SignUpValues>(field: K, value: SignUpValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    // A server verdict about the old value no longer applies to the new one.
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  }

  const disabled = hasErrors(validation) || checkingEmail || submitting;

  async function submit() {
    if (disabled) return;
    setServerErrors({});
    setRootError('');
    setCheckingEmail(true);
    let taken: boolean;
    try {
      taken = await isEmailTaken(values.email);
    } catch {
      // Spec §7: a failed check counts as "taken", so nobody registers on an unchecked email.
      taken = true;
      setServerErrors({ email: messages.emailCheckFailed });
    } finally {
      setCheckingEmail(false);
    }
    if (taken) {
      setServerErrors((e) => ({ email: e.email ?? messages.emailInUse }));
      return;
    }
    setSubmitting(true);
    try {
      if (!(await smsSignUp(toSignUpBody(values, type, phone)))) return setRootError(messages.signUpNoToken);
      const user = await fetchMyDetail().catch(() => null);
      if (!user) return setRootError(messages.signUpNoToken);
      onSignedUp(user);
    } catch (e) {
      if (e instanceof ApiError && e.fields?.userId) setServerErrors({ email: e.fields.userId });
      else setRootError(e instanceof ApiError && e.status < 500 ? e.message : messages.signUpFailed);
    } finally {
      setSubmitting(false);
    }
  }

  return { values, set, errors, rootError, checkingEmail, submitting, disabled, submit };
}
