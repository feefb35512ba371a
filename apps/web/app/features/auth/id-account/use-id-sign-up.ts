import { messages } from '@beesang/contract';
import { type ChangeEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';
import { passwordSignUp } from '../shared/auth-api';
import { useSignUpSubmit } from '../shared/use-sign-up-submit';
import {
  EMPTY_ID_SIGN_UP,
  FIELD_OF,
  hasErrors,
  type IdSignUpErrors,
  type IdSignUpField,
  type IdSignUpValues,
  toPasswordSignUpBody,
  validateIdSignUp,
} from './id-sign-up-form';

/** Server errors per form field, from a 400's or 409's `fields`. */
function fieldErrors(fields: Record<string, string> | undefined): IdSignUpErrors {
  const errors: IdSignUpErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const field = FIELD_OF[key];
    if (field) errors[field] ??= message;
  }
  return errors;
}

/**
 * The id sign-up form's state: rules checked on every change, an error shown once its field was
 * touched (the password once left, the confirmation once it is as long as the password or left).
 * Submit runs the shared sign-up steps on the verified phone. A failed submit keeps every value;
 * a lost SMS ticket hands back to the phone step.
 */
export function useIdSignUp({
  phone,
  onSignedUp,
  onVerificationLost,
}: {
  phone: string;
  onSignedUp(user: SessionUser): void;
  onVerificationLost(message: string): void;
}) {
  const [values, setValues] = useState<IdSignUpValues>(EMPTY_ID_SIGN_UP);
  const [changed, setChanged] = useState<Partial<Record<IdSignUpField, boolean>>>({});
  const [left, setLeft] = useState<Partial<Record<IdSignUpField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<IdSignUpErrors>({});
  const sending = useSignUpSubmit(onSignedUp);

  const validation = validateIdSignUp(values, phone);
  const shown: Record<IdSignUpField, boolean> = {
    email: Boolean(changed.email),
    nickname: Boolean(changed.nickname),
    terms: Boolean(changed.terms),
    password: Boolean(left.password),
    passwordConfirm: Boolean(left.passwordConfirm),
  };
  const errors: IdSignUpErrors = {};
  for (const field of Object.keys(validation) as IdSignUpField[]) if (shown[field]) errors[field] = validation[field];
  for (const field of Object.keys(serverErrors) as IdSignUpField[]) errors[field] ??= serverErrors[field];

  function set<K extends IdSignUpField>(field: K, value: IdSignUpValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setChanged((c) => ({ ...c, [field]: true }));
    // A server verdict about the old value no longer applies to the new one.
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    sending.setRootError('');
    // A confirmation as long as the password is finished being typed: from then on it is judged.
    if (field === 'passwordConfirm' && value !== '' && String(value).length >= values.password.length) leave(field);
  }
  function leave(field: IdSignUpField) {
    setLeft((l) => (l[field] ? l : { ...l, [field]: true }));
  }

  /** What a text field needs to edit `field`, show its error and say when it was left. */
  function bind(field: Exclude<IdSignUpField, 'terms'>) {
    return {
      value: values[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
      onBlur: () => leave(field),
      error: errors[field],
    };
  }

  const disabled = hasErrors(validation) || sending.busy;

  async function submit() {
    if (disabled) return;
    setServerErrors({});
    await sending.run({
      email: values.email.trim(),
      onEmailRefused: (message) => setServerErrors({ email: message }),
      register: () => passwordSignUp(toPasswordSignUpBody(values, phone)),
      onFailed: (e) => {
        if (!(e instanceof ApiError)) return sending.setRootError(messages.signUpFailed);
        if (e.code === 'VERIFICATION_REQUIRED') return onVerificationLost(e.message || messages.verificationRequired);
        const byField = fieldErrors(e.fields);
        if (hasErrors(byField)) setServerErrors(byField);
        else sending.setRootError(e.status < 500 ? e.message : messages.signUpFailed);
      },
    });
  }

  const { rootError, checkingEmail, submitting } = sending;
  return { values, set, bind, errors, rootError, checkingEmail, submitting, disabled, submit };
}
export type IdSignUpForm = ReturnType<typeof useIdSignUp>;
