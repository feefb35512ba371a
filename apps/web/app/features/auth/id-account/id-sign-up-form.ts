import { messages, passwordSignUpBody } from '@beesang/contract';
import type { PasswordSignUpBody } from '../shared/auth-api';
import type { TermsState } from '../shared/terms-checklist';
import { PASSWORD_MAX } from './use-id-login';

/** Id (email) + password sign-up: what the visitor types once the phone is verified. */
export interface IdSignUpValues {
  email: string;
  password: string;
  passwordConfirm: string;
  nickname: string;
  terms: TermsState;
}
export type IdSignUpField = keyof IdSignUpValues;
export type IdSignUpErrors = Partial<Record<IdSignUpField, string>>;

export const EMPTY_ID_SIGN_UP: IdSignUpValues = {
  email: '',
  password: '',
  passwordConfirm: '',
  nickname: '',
  terms: { service: false, privacy: false },
};

/** The contract's lower limit; any characters, spaces included, up to PASSWORD_MAX. */
export const PASSWORD_MIN = 8;

/** Wording only the form needs: the server never sees the confirmation. */
export const ID_SIGN_UP_TEXT = {
  passwordRequired: '비밀번호를 입력해주세요.',
  passwordConfirmRequired: '비밀번호를 한 번 더 입력해주세요.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  passwordMatch: '비밀번호가 일치합니다.',
  passwordRule: `${PASSWORD_MIN}자 이상 ${PASSWORD_MAX}자 이하`,
} as const;

/** Where the password stands against its length rule, for the live hint under the field. */
export type RuleState = 'empty' | 'short' | 'ok' | 'long';
export function passwordLengthState(password: string): RuleState {
  if (password === '') return 'empty';
  if (password.length < PASSWORD_MIN) return 'short';
  return password.length > PASSWORD_MAX ? 'long' : 'ok';
}

export function toPasswordSignUpBody(values: IdSignUpValues, phone: string): PasswordSignUpBody {
  return {
    userId: values.email.trim(),
    userPassword: values.password,
    userName: values.nickname,
    phoneNumber: phone,
    marketingFlag: false,
    nighttimeAlarmFlag: false,
  };
}

/** Payload fields of the contract (and of the server's 400 `fields`), mapped onto the form's. */
export const FIELD_OF: Record<string, IdSignUpField> = {
  userId: 'email',
  userPassword: 'password',
  userName: 'nickname',
};

/** The rules are the contract's `passwordSignUpBody`, the one the API applies, plus the confirmation and the terms. */
export function validateIdSignUp(values: IdSignUpValues, phone: string): IdSignUpErrors {
  const errors: IdSignUpErrors = {};
  const parsed = passwordSignUpBody.safeParse(toPasswordSignUpBody(values, phone));
  for (const issue of parsed.error?.issues ?? []) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (values.password === '') errors.password = ID_SIGN_UP_TEXT.passwordRequired;
  if (values.passwordConfirm === '') errors.passwordConfirm = ID_SIGN_UP_TEXT.passwordConfirmRequired;
  else if (values.passwordConfirm !== values.password) errors.passwordConfirm = ID_SIGN_UP_TEXT.passwordMismatch;
  if (!(values.terms.service && values.terms.privacy)) errors.terms = messages.termsNormal;
  return errors;
}

export const hasErrors = (errors: IdSignUpErrors) => Object.values(errors).some(Boolean);
