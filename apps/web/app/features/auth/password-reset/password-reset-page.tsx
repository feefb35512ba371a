import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { TextField } from '../../../components/ui/text-field';
import { PasswordMatch, PasswordRule } from '../id-account/id-sign-up-account';
import { useErrorLine } from '../shared/error-line';
import { PhoneCodeFields } from '../shared/phone-code-fields';
import { usePasswordReset } from './use-password-reset';

/**
 * PASSWORD_RESET page of the login modal, reached from ID_LOGIN: the phone and its SMS code (the
 * phone login's fields, clock and line), then the new password twice with the id sign-up's live rule.
 */
export function PasswordResetPage(props: { onDone(): void; onIdLogin(): void }) {
  const reset = usePasswordReset(props);
  const formError = useErrorLine(reset.formError);
  const { values, errors } = reset;
  const confirmed = values.passwordConfirm !== '' && values.passwordConfirm === values.password && !errors.passwordConfirm;
  return (
    <Form onSubmit={reset.submit}>
      <p className="text-2xl leading-snug font-bold">
        휴대폰 인증 후
        <br />
        <span className="text-brand">새 비밀번호</span>를 정해요
      </p>
      <PhoneCodeFields verification={reset.verification} />
      <div className="mt-3 space-y-4">
        <TextField
          label="새 비밀번호"
          type="password"
          autoComplete="new-password"
          {...reset.bind('password')}
          hint={<PasswordRule password={values.password} invalid={Boolean(errors.password)} />}
        />
        <TextField
          label="새 비밀번호 확인"
          type="password"
          autoComplete="new-password"
          {...reset.bind('passwordConfirm')}
          hint={confirmed ? <PasswordMatch /> : undefined}
        />
      </div>
      {formError.line}
      <Button type="submit" full className="mt-2" disabled={!reset.canSubmit}>
        {reset.submitting ? '바꾸는 중…' : '비밀번호 재설정'}
      </Button>
      <p className="mt-4 text-sm leading-relaxed text-ink-3">
        아이디·비밀번호로 가입한 계정만 재설정할 수 있어요. 바꾸면 로그인된 모든 기기에서 로그아웃돼요.
      </p>
      <p className="mt-6 text-center text-sm text-ink-3">
        비밀번호가 생각나셨나요?{' '}
        <button type="button" className="font-semibold text-brand underline-offset-2 hover:underline" onClick={props.onIdLogin}>
          아이디로 로그인
        </button>
      </p>
    </Form>
  );
}
