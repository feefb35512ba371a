import { messages, passwordSchema } from '@beesang/contract';
import { type ChangeEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { ID_SIGN_UP_TEXT } from '../id-account/id-sign-up-form';
import { resetPassword } from '../shared/auth-api';
import { usePhoneVerification } from '../shared/use-phone-verification';

type PasswordField = 'password' | 'passwordConfirm';
type Values = Record<PasswordField, string>;

/** The same rules as the id sign-up's password pair: the contract's length, then the confirmation. */
function validate({ password, passwordConfirm }: Values): Partial<Values> {
  const errors: Partial<Values> = {};
  if (password === '') errors.password = ID_SIGN_UP_TEXT.passwordRequired;
  else {
    const issue = passwordSchema.safeParse(password).error?.issues[0];
    if (issue) errors.password = issue.message;
  }
  if (passwordConfirm === '') errors.passwordConfirm = ID_SIGN_UP_TEXT.passwordConfirmRequired;
  else if (passwordConfirm !== password) errors.passwordConfirm = ID_SIGN_UP_TEXT.passwordMismatch;
  return errors;
}

const messageOf = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : messages.genericError);

/**
 * 비밀번호 재설정 (issue 13 §3): the phone login's SMS steps, then a new password twice. The code is
 * matched on submit, which leaves the server's ticket (a cookie) for the reset call. Every answer
 * lands beside what it is about: the phone's account on the phone line, the password under its
 * field, anything else on the form's line. A failure keeps everything typed, except a code the
 * server has already spent.
 */
export function usePasswordReset({ onDone }: { onDone(): void }) {
  const verification = usePhoneVerification();
  const [values, setValues] = useState<Values>({ password: '', passwordConfirm: '' });
  const [left, setLeft] = useState<Partial<Record<PasswordField, boolean>>>({});
  const [serverPasswordError, setServerPasswordError] = useState('');
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const validation = validate(values);
  // Like the id sign-up: the password is judged once left, the confirmation once it is as long as the password.
  const errors: Partial<Values> = {
    password: (left.password && validation.password) || serverPasswordError || undefined,
    passwordConfirm: (left.passwordConfirm && validation.passwordConfirm) || undefined,
  };

  function leave(field: PasswordField) {
    setLeft((l) => (l[field] ? l : { ...l, [field]: true }));
  }
  function set(field: PasswordField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (field === 'password') setServerPasswordError('');
    setFormError('');
    if (field === 'passwordConfirm' && value !== '' && value.length >= values.password.length) leave(field);
  }
  /** What a password field needs to edit `field`, show its error and say when it was left. */
  function bind(field: PasswordField) {
    return {
      value: values[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
      onBlur: () => leave(field),
      error: errors[field],
    };
  }

  // The phone and code fields clear the form's line too: it was about the old values.
  const phoneFields = {
    ...verification,
    setPhone: (value: string) => {
      verification.setPhone(value);
      setFormError('');
    },
    setCode: (value: string) => {
      verification.setCode(value);
      setFormError('');
    },
  };

  // As on the phone login: with no code requested the button waits (nothing could be checked).
  const canSubmit = verification.complete && verification.requested && !validation.password && !validation.passwordConfirm && !submitting;

  function failed(e: unknown) {
    if (!(e instanceof ApiError)) return setFormError(messages.genericError);
    // The ticket expired or was used: the code that earned it is spent, so a new one is needed.
    if (e.code === 'VERIFICATION_REQUIRED') return verification.reset(e.message || messages.verificationRequired);
    if (e.code === 'NOT_MEMBER' || e.code === 'NO_PASSWORD_ACCOUNT') return verification.showError(e.message);
    if (e.fields?.password) return setServerPasswordError(e.fields.password);
    if (e.fields?.phone) return verification.showError(e.fields.phone);
    setFormError(messageOf(e));
  }

  async function submit() {
    if (!canSubmit) return;
    setSubmitting(true);
    setFormError('');
    try {
      let verified = false;
      try {
        verified = await verification.verify();
      } catch (e) {
        // Trouble matching the code (e.g. too many tries) belongs to the code's line.
        verification.showError(messageOf(e));
      }
      if (!verified) return;
      await resetPassword(verification.phone, values.password);
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setSubmitting(false);
    }
  }

  return { verification: phoneFields, values, bind, errors, formError, submitting, canSubmit, submit };
}
