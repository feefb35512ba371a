import { codeSchema, messages, phoneSchema, SMS_CODE_TTL_MS, SMS_RESEND_COOLDOWN_MS } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { digitsOnly } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { matchSmsCode, sendSmsCode } from './auth-api';
import { useCountdown } from './use-countdown';

export const PHONE_MAX = 11;
export const CODE_MAX = 6;

const isValid = (schema: typeof phoneSchema, value: string) => schema.safeParse(value).success;
/** The spec §5 message for a value ('' when it is valid): required first, then the format. */
const issueOf = (schema: typeof phoneSchema, value: string) => schema.safeParse(value).error?.issues[0]?.message ?? '';

/**
 * Spec §4 SMS steps shared by the phone login and the id sign-up: phone, code, the 3-minute clock,
 * the resend cooldown and one error line. `verify()` leaves the server's ticket (a cookie) behind.
 */
export function usePhoneVerification() {
  const [phone, setPhoneValue] = useState('');
  const [code, setCodeValue] = useState('');
  const [requested, setRequested] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [error, setError] = useState('');
  /** Fields the member has left once: from then on their spec §5 message follows what they type. */
  const [touched, setTouched] = useState({ phone: false, code: false });
  const [sending, setSending] = useState(false);
  const lastSentAt = useRef<number | null>(null);
  /** The phone and code the server already accepted, so a retry after a later failure skips re-matching. */
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

  const blurPhone = () => setTouched((t) => (t.phone ? t : { ...t, phone: true }));
  // Before a code was asked for there is nothing to type: the code's messages wait for the request.
  const blurCode = () => setTouched((t) => (t.code || !requested ? t : { ...t, code: true }));
  /** A submit that cannot go yet (Enter in a field) says what is missing, as leaving the fields would. */
  const showFieldErrors = () => setTouched({ phone: true, code: requested });

  async function requestCode() {
    setTouched((t) => ({ ...t, phone: true }));
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

  const complete = isValid(phoneSchema, phone) && isValid(codeSchema, code);
  /**
   * Spec §5 messages of a field the member has left (or, for the phone, sent): '휴대폰 번호를
   * 입력해주세요', '인증번호는 6자리 숫자로 입력해주세요.' and the others, live while they type on.
   */
  const phoneError = touched.phone ? issueOf(phoneSchema, phone) : '';
  const codeError = touched.code && requested ? issueOf(codeSchema, code) : '';
  /** The one line shows what the last step answered, else what is wrong with a field. */
  const shownError = error || phoneError || codeError;

  /**
   * Matches the code (once per phone and code). False when it did not: the reason is on the error
   * line. Answers from the server other than a wrong or expired code are thrown to the caller.
   */
  async function verify(): Promise<boolean> {
    if (!complete) return false;
    if (deadline === null || Date.now() >= deadline) {
      showError(messages.codeExpired);
      return false;
    }
    showError('');
    if (verified.current === `${phone}:${code}`) return true;
    const match = await matchSmsCode(phone, code);
    if (!match.ok) {
      showError(match.message);
      return false;
    }
    verified.current = `${phone}:${code}`;
    return true;
  }

  /** Forgets an accepted code, e.g. when the server has since used up or expired its ticket. */
  function reset(message = '') {
    verified.current = '';
    setCodeValue('');
    setDeadline(null);
    setRequested(false);
    setTouched((t) => ({ ...t, code: false }));
    showError(message);
  }

  return {
    phone,
    setPhone,
    blurPhone,
    phoneInvalid: Boolean(phoneError),
    code,
    setCode,
    blurCode,
    showFieldErrors,
    codeInvalid: Boolean(codeError),
    requested,
    remainingMs,
    error: shownError,
    showError,
    sending,
    complete,
    requestCode,
    verify,
    reset,
  };
}
export type PhoneVerification = ReturnType<typeof usePhoneVerification>;
