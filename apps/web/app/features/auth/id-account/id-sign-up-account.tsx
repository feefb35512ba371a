import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { TextField } from '../../../components/ui/text-field';
import { SignUpRootError } from '../shared/sign-up-root-error';
import { TermsChecklist } from '../shared/terms-checklist';
import { VerifiedPhone } from '../shared/verified-phone';
import { NicknameField } from '../sign-up/account-fields';
import { IdEmailField } from './id-email-field';
import { ID_SIGN_UP_TEXT, passwordLengthState, type RuleState } from './id-sign-up-form';
import { PASSWORD_MAX } from './use-id-login';
import type { IdSignUpForm } from './use-id-sign-up';

const RULE_LOOK: Record<RuleState, { className: string; status: string; mark: 'check' | 'cross' }> = {
  empty: { className: 'text-ink-3', status: '미충족', mark: 'check' },
  short: { className: 'text-ink-3', status: '미충족', mark: 'check' },
  ok: { className: 'text-brand', status: '충족', mark: 'check' },
  long: { className: 'text-danger', status: '초과', mark: 'cross' },
};

function Mark({ kind }: { kind: 'check' | 'cross' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
      {kind === 'check' ? (
        <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M4 4l8 8M12 4l-8 8" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * The password's rule, checked as the visitor types (grey until met, blue once met, red when too
 * long), with the length so far. While the field shows its error, which states the rule, only the count stays.
 */
export function PasswordRule({ password, invalid }: { password: string; invalid: boolean }) {
  const look = RULE_LOOK[passwordLengthState(password)];
  return (
    <span className="flex items-center justify-between gap-2">
      {invalid ? (
        <span />
      ) : (
        <span className={`inline-flex items-center gap-1 font-medium ${look.className}`}>
          <Mark kind={look.mark} />
          {ID_SIGN_UP_TEXT.passwordRule}
          <span className="sr-only"> ({look.status})</span>
        </span>
      )}
      <span className={`num ${password.length > PASSWORD_MAX ? 'text-danger' : ''}`}>
        {password.length}/{PASSWORD_MAX}
      </span>
    </span>
  );
}

export function PasswordMatch() {
  return (
    <span className="inline-flex items-center gap-1 font-medium text-brand">
      <Mark kind="check" />
      {ID_SIGN_UP_TEXT.passwordMatch}
    </span>
  );
}

/** The second step of the id sign-up: id (email), password twice, nickname, terms. */
export function IdSignUpAccount({ form, phone, onChangePhone }: { form: IdSignUpForm; phone: string; onChangePhone(): void }) {
  const { values, errors } = form;
  const confirmed = values.passwordConfirm !== '' && values.passwordConfirm === values.password && !errors.passwordConfirm;
  return (
    <Form className="space-y-4" onSubmit={form.submit}>
      <VerifiedPhone phone={phone} onChange={onChangePhone} />
      <IdEmailField {...form.bind('email')} hint={errors.email ? undefined : '로그인할 때 아이디로 써요.'} />
      <TextField
        label="비밀번호"
        type="password"
        autoComplete="new-password"
        {...form.bind('password')}
        hint={<PasswordRule password={values.password} invalid={Boolean(errors.password)} />}
      />
      <TextField
        label="비밀번호 확인"
        type="password"
        autoComplete="new-password"
        {...form.bind('passwordConfirm')}
        hint={confirmed ? <PasswordMatch /> : undefined}
      />
      <NicknameField {...form.bind('nickname')} />
      <TermsChecklist value={values.terms} onChange={(t) => form.set('terms', t)} error={errors.terms} />
      <SignUpRootError message={form.rootError} />
      <Button type="submit" full disabled={form.disabled}>
        {form.checkingEmail ? '아이디 확인 중…' : form.submitting ? '가입하는 중…' : '가입하기'}
      </Button>
    </Form>
  );
}
