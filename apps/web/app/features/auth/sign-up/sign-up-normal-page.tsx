import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import type { SessionUser } from '../../../lib/session';
import { SignUpRootError } from '../shared/sign-up-root-error';
import { TermsChecklist } from '../shared/terms-checklist';
import { VerifiedPhone } from '../shared/verified-phone';
import { AccountFields } from './account-fields';
import { useSignUp } from './use-sign-up';

/** SIGNUP_NORMAL page (spec §2): nickname, email, terms, confirm. */
export function SignUpNormalPage({ phone, onSignedUp }: { phone: string; onSignedUp(user: SessionUser): void }) {
  const form = useSignUp({ type: 'NORMAL', phone, onSignedUp });
  return (
    <Form className="space-y-4" onSubmit={form.submit}>
      <VerifiedPhone phone={phone} />
      <AccountFields form={form} />
      <TermsChecklist value={form.values.terms} onChange={(t) => form.set('terms', t)} error={form.errors.terms} />
      <SignUpRootError message={form.rootError} />
      <Button type="submit" full disabled={form.disabled}>
        {form.checkingEmail ? '이메일 확인 중…' : '확인'}
      </Button>
    </Form>
  );
}
