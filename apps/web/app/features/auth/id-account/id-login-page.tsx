import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { TextField } from '../../../components/ui/text-field';
import type { SessionUser } from '../../../lib/session';
import { useErrorLine } from '../shared/error-line';
import { FindId } from './find-id';
import { IdEmailField } from './id-email-field';
import { PASSWORD_MAX, useIdLogin } from './use-id-login';

/** ID_LOGIN page: email + password sign-in for accounts that have a password, 아이디 찾기, 비밀번호 재설정, and the way to ID_SIGNUP. */
export function IdLoginPage(props: {
  onSignedIn(user: SessionUser): void;
  onPhoneLogin(): void;
  onIdSignUp(): void;
  /** Goes to 비밀번호 재설정 with the email typed so far, to have it back on return. */
  onPasswordReset(email: string): void;
  email?: string;
}) {
  const login = useIdLogin({ onSignedIn: props.onSignedIn, initialEmail: props.email });
  const error = useErrorLine(login.error);
  // A refused sign-in is about the pair, so both fields point to the one line.
  const verdict = { 'aria-describedby': error.describedBy, 'aria-invalid': login.error ? true : undefined };
  return (
    <div>
      <Form onSubmit={login.submit}>
        <div className="space-y-4">
          <IdEmailField value={login.email} onChange={(e) => login.setEmail(e.target.value)} {...verdict} />
          <TextField
            label="비밀번호"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            value={login.password}
            onChange={(e) => login.setPassword(e.target.value)}
            {...verdict}
          />
        </div>
        {error.line}
        <Button type="submit" full className="mt-4" disabled={!login.canSubmit}>
          로그인
        </Button>
      </Form>
      <div className="mt-6 flex items-start justify-between gap-4">
        <div className="flex flex-col items-start gap-1">
          <FindId />
          <button
            type="button"
            className="text-sm font-semibold text-ink-2 underline underline-offset-2"
            onClick={() => props.onPasswordReset(login.email)}
          >
            비밀번호 재설정
          </button>
        </div>
        <button type="button" className="shrink-0 text-sm font-semibold text-brand" onClick={props.onPhoneLogin}>
          휴대폰 번호로 로그인
        </button>
      </div>
      <p className="mt-8 border-t border-line pt-6 text-center text-sm text-ink-3">
        아직 아이디가 없으신가요?{' '}
        <button type="button" className="font-semibold text-brand underline-offset-2 hover:underline" onClick={props.onIdSignUp}>
          아이디로 회원가입
        </button>
      </p>
    </div>
  );
}
