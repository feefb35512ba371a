import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field';
import type { useSignUp } from './use-sign-up';

/** The nickname, as every sign-up form asks for it. */
export function NicknameField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return <TextField label="닉네임" autoComplete="nickname" placeholder="한글 또는 영문 2~10자" {...props} />;
}

/** Nickname and email: the part every phone sign-up form shares. */
export function AccountFields({ form }: { form: ReturnType<typeof useSignUp> }) {
  return (
    <>
      <NicknameField value={form.values.nickname} onChange={(e) => form.set('nickname', e.target.value)} error={form.errors.nickname} />
      <TextField
        label="이메일"
        type="email"
        autoComplete="email"
        placeholder="example@beesang.kr"
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        error={form.errors.email}
      />
    </>
  );
}
