import { messages } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';
import { isPhoneRegistered } from '../shared/auth-api';
import { PhoneCodeFields } from '../shared/phone-code-fields';
import { usePhoneVerification } from '../shared/use-phone-verification';
import { IdSignUpAccount } from './id-sign-up-account';
import { useIdSignUp } from './use-id-sign-up';

/**
 * ID_SIGNUP page: an account with an id (the email) and a password. Like the phone sign-up it
 * starts with an SMS-verified number (the API wants the ticket), then the account form. Both
 * steps keep their state here, so going back to the phone step loses nothing typed.
 */
export function IdSignUpPage(props: { onSignedUp(user: SessionUser): void; onIdLogin(): void }) {
  const verification = usePhoneVerification();
  const [step, setStep] = useState<'phone' | 'account'>('phone');
  const [phone, setPhone] = useState('');
  const [checking, setChecking] = useState(false);
  const form = useIdSignUp({
    phone,
    onSignedUp: props.onSignedUp,
    onVerificationLost: (message) => {
      verification.reset(message);
      setStep('phone');
    },
  });
  // Without a requested code there is nothing to check: 다음 waits rather than answer that the time ran out.
  const canContinue = verification.complete && verification.requested && !checking;

  // The focused control left with its step: focus moves to the first field of the new one.
  const root = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    root.current?.querySelector<HTMLElement>('input')?.focus();
  }, [step]);

  async function next() {
    if (!canContinue) return;
    setChecking(true);
    try {
      if (!(await verification.verify())) return;
      // One account per number: a number that already has one signs in instead.
      if (await isPhoneRegistered(verification.phone)) return verification.showError(messages.alreadyMember);
      setPhone(verification.phone);
      setStep('account');
    } catch (e) {
      verification.showError(e instanceof ApiError ? e.message : messages.genericError);
    } finally {
      setChecking(false);
    }
  }

  return (
    <div ref={root}>
      {step === 'account' ? (
        <IdSignUpAccount form={form} phone={phone} onChangePhone={() => setStep('phone')} />
      ) : (
        <Form onSubmit={next}>
          <p className="text-2xl leading-snug font-bold">
            휴대폰 인증 후
            <br />
            <span className="text-brand">아이디</span>를 만들어요
          </p>
          <PhoneCodeFields verification={verification} />
          <Button type="submit" full className="mt-4" disabled={!canContinue}>
            다음
          </Button>
          <p className="mt-4 rounded-control bg-page p-4 text-sm leading-relaxed text-ink-2">
            휴대폰 번호 하나에 계정 하나를 만들 수 있어요. 가입한 뒤에는 아이디와 휴대폰 번호 어느 쪽으로도 로그인할 수 있어요.
          </p>
          <p className="mt-6 text-center text-sm text-ink-3">
            이미 아이디가 있으신가요?{' '}
            <button type="button" className="font-semibold text-brand underline-offset-2 hover:underline" onClick={props.onIdLogin}>
              아이디로 로그인
            </button>
          </p>
        </Form>
      )}
    </div>
  );
}
