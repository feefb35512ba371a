import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import type { SessionUser } from '../../lib/session';
import { SocialButtons } from './social-buttons';
import { formatMmSs } from './use-countdown';
import { CODE_MAX, PHONE_MAX, usePhoneLogin } from './use-phone-login';

/** LOGIN page of the modal (spec §2): phone, SMS code with its 3-minute clock, one error line. */
export function LoginPage(props: { onSignedIn(user: SessionUser): void; onNewMember(phone: string): void; onIdLogin(): void }) {
  const login = usePhoneLogin(props);
  const errorId = useId();
  const describedBy = login.error ? errorId : undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void login.submit();
      }}
    >
      <p className="text-2xl leading-snug font-bold">
        8초면 충분해요
        <br />
        <span className="text-brand">휴대폰 번호</span>로 시작하기
      </p>
      <div className="mt-8 space-y-4">
        <TextField
          label="휴대폰 번호"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="01012345678"
          maxLength={PHONE_MAX}
          value={login.phone}
          onChange={(e) => login.setPhone(e.target.value)}
          aria-describedby={describedBy}
          trailing={
            <Button variant="ghost" className="h-12 shrink-0" disabled={login.sending} onClick={() => void login.requestCode()}>
              {login.requested ? '재전송' : '인증요청'}
            </Button>
          }
        />
        <TextField
          label="인증번호"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6자리 숫자"
          maxLength={CODE_MAX}
          value={login.code}
          onChange={(e) => login.setCode(e.target.value)}
          aria-describedby={describedBy}
          trailing={
            login.remainingMs > 0 ? (
              <span
                role="timer"
                aria-label="인증번호 남은 시간"
                className="num flex w-14 shrink-0 items-center justify-end text-sm font-semibold text-danger"
              >
                {formatMmSs(login.remainingMs)}
              </span>
            ) : null
          }
        />
      </div>
      <p id={errorId} aria-live="polite" className="mt-3 min-h-5 text-sm text-danger">
        {login.error}
      </p>
      <Button type="submit" full className="mt-4" disabled={!login.canSubmit}>
        로그인 (회원가입)
      </Button>
      <p className="mt-4 rounded-control bg-page p-4 text-sm leading-relaxed text-ink-2">
        처음 오신 분은 휴대폰 인증 후 회원가입으로 이어집니다.
      </p>
      <SocialButtons />
      <p className="mt-6 text-center">
        <button type="button" className="text-sm text-ink-3 underline underline-offset-2" onClick={props.onIdLogin}>
          아이디로 로그인
        </button>
      </p>
    </form>
  );
}
