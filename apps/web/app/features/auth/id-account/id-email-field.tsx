import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field';

/** The account id, which is an email: the same field on the id sign-in and the id sign-up. */
export function IdEmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField label="아이디 (이메일)" type="email" autoComplete="username" placeholder="example@beesang.kr" maxLength={100} {...props} />
  );
}
