import { codeSchema, messages, phoneSchema, SMS_CODE_TTL_MS, SMS_RESEND_COOLDOWN_MS } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { digitsOnly } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { fetchMyDetail, type SessionUser } from '../../lib/session';
import { isPhoneRegistered, matchSmsCode, sendSmsCode, smsSignIn } from './auth-api';
import { useCountdown } from './use-countdown';

export const PHONE_MAX = 11;
export const CODE_MAX = 6;

const isValid = (schema: typeof phoneSchema, value: string) => schema.safeParse(value).success;

/** Spec §4 "Phone login flow": the LOGIN page's state and steps, apart from how it looks. */
export function usePhoneLogin({ onSignedIn, onNewMember }: { onSignedIn(user: SessionUser): void; onNewMember(phone: string): void }) {
  const [phone, setPhoneValue] = useState('');
  const [code, setCodeValue] = useState('');
  const [requested, setRequested] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const lastSentAt = useRef<number | null>(null);
  /** The phone and code the server already accepted, so a retry after a failed sign-in skips re-matching. */
  const verified = useRef('');
  const errorTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const remainingMs = useCountdown(deadline);

  useEffect(() => () => clearTimeout(errorTimer.current), []);

  /** One shared error line; `clearAfterMs` makes cooldown messages vanish once they stop being true. */
  const showError = (message: string, clearAfterMs?: number) => {
    clearTimeout(errorTimer.current);
    errorTimer.current = clearAfterMs ? setTimeout(() => setError(''), clearAfterMs) : undefined;
    setError(message);
  };
  // Typing again dismisses a stale error, but a cooldown message stays until its time is up.
  const dismissError = () => {
    if (!errorTimer.current) setError('');
  };

  const setPhone = (value: string) => {
    setPhoneValue(digitsOnly(value, PHONE_MAX));
    dismissError();
  };
  const setCode = (value: string) => {
    setCodeValue(digitsOnly(value, CODE_MAX));
    dismissError();
  };

  async function requestCode() {
    const phoneCheck = phoneSchema.safeParse(phone);
    if (!phoneCheck.success) return showError(phoneCheck.error.issues[0]?.message ?? messages.phoneInvalid);
    const now = Date.now();
    const since = lastSentAt.current === null ? Number.POSITIVE_INFINITY : now - lastSentAt.current;
    if (since < SMS_RESEND_COOLDOWN_MS) return showError(messages.resendTooSoon, SMS_RESEND_COOLDOWN_MS - since);
    lastSentAt.current = now;
    setSending(true);
    showError('');
    try {
      await sendSmsCode(phone);
      setRequested(true);
      verified.current = '';
      setDeadline(Date.now() + SMS_CODE_TTL_MS);
    } catch (e) {
      // Spec §8: a failed send does not count towards the cooldown.
      lastSentAt.current = null;
      if (e instanceof ApiError && e.code === 'RESEND_TOO_SOON') showError(e.message, (e.retryAfterSeconds ?? 5) * 1000);
      else if (e instanceof ApiError && e.status >= 400 && e.status < 500) showError(e.message);
      else showError(messages.smsSendFailed);
    } finally {
      setSending(false);
    }
  }

  const canSubmit = isValid(phoneSchema, phone) && isValid(codeSchema, code) && !submitting;

  async function submit() {
    if (!canSubmit) return;
    if (deadline === null || Date.now() >= deadline) return showError(messages.codeExpired);
    setSubmitting(true);
    showError('');
    try {
      if (verified.current !== `${phone}:${code}`) {
        const match = await matchSmsCode(phone, code);
        if (!match.ok) return showError(match.message);
        verified.current = `${phone}:${code}`;
      }
      if (!(await isPhoneRegistered(phone))) return onNewMember(phone);
      await smsSignIn(phone);
      onSignedIn(await fetchMyDetail());
    } catch (e) {
      showError(e instanceof ApiError ? e.message : messages.genericError);
    } finally {
      setSubmitting(false);
    }
  }

  return { phone, setPhone, code, setCode, requested, remainingMs, error, sending, submitting, canSubmit, requestCode, submit };
}
