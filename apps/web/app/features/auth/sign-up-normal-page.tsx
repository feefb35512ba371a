import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import type { SessionUser } from '../../lib/session';
import { SignUpRootError } from './sign-up-root-error';
import { TermsChecklist } from './terms-checklist';
import { useSignUp } from './use-sign-up';
import { VerifiedPhone } from './verified-phone';

/** SIGNUP_NORMAL page (spec §2): nickname, email, terms, confirm. */
export function SignUpNormalPage({ phone, onSignedUp }: { phone: string; onSignedUp(user: SessionUser): void }) {
  const form = useSignUp({ type: 'NORMAL', phone, onSignedUp });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <VerifiedPhone phone={phone} />
      <TextField
        label="닉네임"
        autoComplete="nickname"
        placeholder="한글 또는 영문 2~10자"
        value={form.values.nickname}
        onChange={(e) => form.set('nickname', e.target.value)}
        error={form.errors.nickname}
      />
      <TextField
        label="이메일"
        type="email"
        autoComplete="email"
        placeholder="example@beesang.kr"
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        error={form.errors.email}
      />
      <TermsChecklist value={form.values.terms} onChange={(t) => form.set('terms', t)} error={form.errors.terms} />
      <SignUpRootError message={form.rootError} />
      <Button type="submit" full disabled={form.disabled}>
        {form.checkingEmail ? '이메일 확인 중…' : '확인'}
      </Button>
    </form>
  );
}
