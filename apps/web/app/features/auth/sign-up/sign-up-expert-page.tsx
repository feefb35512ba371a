import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { TextField } from '../../../components/ui/text-field';
import type { SessionUser } from '../../../lib/session';
import { SignUpRootError } from '../shared/sign-up-root-error';
import { TermsChecklist } from '../shared/terms-checklist';
import { VerifiedPhone } from '../shared/verified-phone';
import { AccountFields } from './account-fields';
import { IntroductionField } from './introduction-field';
import { ProfilePhoto } from './profile-photo';
import { useSignUp } from './use-sign-up';

/** SIGNUP_BROKER and SIGNUP_CTA (spec §2): the same form; PB adds a department to the office. */
export function SignUpExpertPage({ type, phone, onSignedUp }: { type: 'PB' | 'CTA'; phone: string; onSignedUp(user: SessionUser): void }) {
  const form = useSignUp({ type, phone, onSignedUp });
  const pb = type === 'PB';
  return (
    <Form className="space-y-4" onSubmit={form.submit}>
      <VerifiedPhone phone={phone} />
      <TextField
        label="이름 (실명)"
        autoComplete="name"
        placeholder="한글 또는 영문 2~10자"
        value={form.values.expertName}
        onChange={(e) => form.set('expertName', e.target.value)}
        error={form.errors.expertName}
      />
      <AccountFields form={form} />
      <ProfilePhoto
        value={form.values.profileUrl}
        onChange={(url) => form.set('profileUrl', url)}
        error={form.errors.profileUrl}
        locked={form.submitting}
      />
      <TextField
        label={pb ? '증권사명' : '세무사무소명'}
        autoComplete="organization"
        placeholder={pb ? '예: 비상증권' : '예: 비상세무회계'}
        value={form.values.officeName}
        onChange={(e) => form.set('officeName', e.target.value)}
        error={form.errors.officeName}
      />
      {pb && (
        <TextField
          label="부서명"
          placeholder="예: 강남WM센터"
          value={form.values.officeDept}
          onChange={(e) => form.set('officeDept', e.target.value)}
          error={form.errors.officeDept}
        />
      )}
      <ImageUploadField
        label="전문가 증빙 (명함 또는 자격증)"
        value={form.values.expertProofUrl}
        onChange={(url) => form.set('expertProofUrl', url)}
        error={form.errors.expertProofUrl}
        hint="운영자가 확인하면 전문가 배지가 표시됩니다. 지금 올리지 않아도 마이페이지에서 올릴 수 있어요."
      />
      <IntroductionField value={form.values.introduction} onChange={(v) => form.set('introduction', v)} error={form.errors.introduction} />
      <TermsChecklist value={form.values.terms} onChange={(t) => form.set('terms', t)} error={form.errors.terms} />
      <SignUpRootError message={form.rootError} />
      <Button type="submit" full disabled={form.disabled}>
        {form.checkingEmail ? '이메일 확인 중…' : '가입 완료'}
      </Button>
    </Form>
  );
}
