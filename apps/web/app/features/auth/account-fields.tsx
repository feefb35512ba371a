import { TextField } from '../../components/ui/text-field';
import type { useSignUp } from './use-sign-up';

/** Nickname and email: the part every sign-up form shares. */
export function AccountFields({ form }: { form: ReturnType<typeof useSignUp> }) {
  return (
    <>
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
    </>
  );
}
