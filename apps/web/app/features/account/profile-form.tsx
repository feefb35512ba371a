import { type ExpertTypeName, messages, myPageUpdateBody, officeProblems, type UserDetail } from '@beesang/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { ProfilePhotoEdit } from './profile-photo-edit';

type Values = {
  profileImageUrl: string;
  userNickname: string;
  userEmail: string;
  expertName: string;
  officeName: string;
  officeDept: string;
  introduction: string;
};

function fieldErrors(values: Values, expertType: ExpertTypeName): Record<string, string> {
  const expert = expertType !== 'NORMAL';
  const parsed = myPageUpdateBody.safeParse(
    expert ? values : { profileImageUrl: values.profileImageUrl, userNickname: values.userNickname, userEmail: values.userEmail },
  );
  const out: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  // An emptied expert name is a missing one, which spec §5 answers as the sign-up does, not as "too short".
  if (expert && values.expertName === '') out.expertName = messages.expertNameLetters;
  // The body does not carry the member's type; the office rules of sign-up apply to theirs (spec §5).
  const office = officeProblems(expertType, { name: values.officeName, dept: values.officeDept });
  if (office.name) out.officeName ??= messages[office.name];
  if (office.dept) out.officeDept ??= messages[office.dept];
  return out;
}

/** Nickname and email for everyone; expert name, office and introduction for PB and CTA members. */
export function ProfileForm({ user, onSaved }: { user: UserDetail; onSaved(user: UserDetail): void }) {
  const expert = user.expertType !== 'NORMAL';
  const [values, setValues] = useState<Values>({
    profileImageUrl: user.profileImageUrl,
    userNickname: user.userNickname,
    userEmail: user.userEmail,
    expertName: user.expertName,
    officeName: user.officeName,
    officeDept: user.officeDept,
    introduction: user.introduction,
  });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { notify } = useNotify();
  const errors = { ...fieldErrors(values, user.expertType), ...serverErrors };
  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (Object.keys(fieldErrors(values, user.expertType)).length) return;
    setSaving(true);
    try {
      const body = expert
        ? values
        : { profileImageUrl: values.profileImageUrl, userNickname: values.userNickname, userEmail: values.userEmail };
      const saved = await apiFetch<UserDetail>('/api/user/myPage', { method: 'PUT', body: JSON.stringify(body) });
      onSaved(saved);
      notify('success', '회원정보 수정', '저장되었습니다.');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      notify('error', '회원정보 수정', error instanceof ApiError ? error.message : messages.genericError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <ProfilePhotoEdit value={values.profileImageUrl} onChange={set('profileImageUrl')} />
      <TextField
        label="닉네임"
        value={values.userNickname}
        onChange={(e) => set('userNickname')(e.target.value)}
        error={errors.userNickname}
      />
      <TextField
        label="이메일"
        type="email"
        value={values.userEmail}
        onChange={(e) => set('userEmail')(e.target.value)}
        error={errors.userEmail}
      />
      {expert && (
        <>
          <TextField
            label="이름 (실명)"
            value={values.expertName}
            onChange={(e) => set('expertName')(e.target.value)}
            error={errors.expertName}
          />
          <TextField
            label={user.expertType === 'PB' ? '증권사명' : '세무사무소명'}
            value={values.officeName}
            onChange={(e) => set('officeName')(e.target.value)}
            error={errors.officeName}
          />
          {user.expertType === 'PB' && (
            <TextField
              label="부서"
              value={values.officeDept}
              onChange={(e) => set('officeDept')(e.target.value)}
              error={errors.officeDept}
            />
          )}
          <div>
            <label htmlFor="introduction" className="mb-1.5 block text-sm font-semibold text-ink-2">
              자기소개 (선택)
            </label>
            <textarea
              id="introduction"
              value={values.introduction}
              onChange={(e) => set('introduction')(e.target.value)}
              rows={4}
              className={`w-full rounded-control border p-3 text-[16px] ${errors.introduction ? 'border-danger' : 'border-line focus:border-brand'}`}
              aria-invalid={errors.introduction ? true : undefined}
              aria-describedby="introduction-count"
            />
            <p id="introduction-count" className={`num mt-1 text-right text-xs ${errors.introduction ? 'text-danger' : 'text-ink-3'}`}>
              {errors.introduction ?? `${values.introduction.length}/500`}
            </p>
          </div>
        </>
      )}
      <Button type="submit" full disabled={saving || Object.keys(errors).length > 0}>
        {saving ? '저장 중…' : '저장'}
      </Button>
    </form>
  );
}
