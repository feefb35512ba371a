import { messages } from '@beesang/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';
import { smsSignUp } from '../shared/auth-api';
import { useSignUpSubmit } from '../shared/use-sign-up-submit';
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
 * The phone sign-up forms (normal, PB, CTA). Validates on every change (errors show for fields
 * the visitor has touched); submits through the shared sign-up steps.
 */
export function useSignUp({ type, phone, onSignedUp }: { type: MemberType; phone: string; onSignedUp(user: SessionUser): void }) {
  const [values, setValues] = useState<SignUpValues>(EMPTY_SIGN_UP);
  const [touched, setTouched] = useState<Partial<Record<SignUpField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<SignUpErrors>({});
  const sending = useSignUpSubmit(onSignedUp);

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

  const disabled = hasErrors(validation) || sending.busy;

  async function submit() {
    if (disabled) return;
    setServerErrors({});
    await sending.run({
      email: values.email,
      onEmailRefused: (message) => setServerErrors({ email: message }),
      register: () => smsSignUp(toSignUpBody(values, type, phone)),
      onFailed: (e) => {
        if (e instanceof ApiError && e.fields?.userId) setServerErrors({ email: e.fields.userId });
        else sending.setRootError(e instanceof ApiError && e.status < 500 ? e.message : messages.signUpFailed);
      },
    });
  }

  const { rootError, checkingEmail, submitting } = sending;
  return { values, set, errors, rootError, checkingEmail, submitting, disabled, submit };
}
