import { emailSchema, messages, type PhoneSignUpBody, phoneSignUpBody } from '@beesang/contract';
import type { TermsState } from '../shared/terms-checklist';
import type { MemberType } from './user-type-page';

export interface SignUpValues {
  nickname: string;
  email: string;
  expertName: string;
  officeName: string;
  officeDept: string;
  introduction: string;
  /** `result.fileUrl` of the uploaded expert photo; empty until one is uploaded. */
  profileUrl: string;
  /** An expert's business card or certificate for the operators (decision 0016); optional, /myPage takes it later. */
  expertProofUrl: string;
  terms: TermsState;
}
export type SignUpField = Exclude<keyof SignUpValues, 'terms'> | 'terms';
export type SignUpErrors = Partial<Record<SignUpField, string>>;

export const EMPTY_SIGN_UP: SignUpValues = {
  nickname: '',
  email: '',
  expertName: '',
  officeName: '',
  officeDept: '',
  introduction: '',
  profileUrl: '',
  expertProofUrl: '',
  terms: { service: false, privacy: false },
};

/** Spec §3 sign-up payload: email as userId, nickname as userName, expert fields only for experts. */
export function toSignUpBody(values: SignUpValues, type: MemberType, phone: string): PhoneSignUpBody {
  const base: PhoneSignUpBody = {
    userId: values.email,
    userName: values.nickname,
    phoneNumber: phone,
    // Only experts pick a photo (spec §5); normal members start with the default image.
    profileUrl: type === 'NORMAL' ? '' : values.profileUrl,
    deviceType: 3,
    fcmDeviceToken: '',
    userDeviceId: '',
    marketingFlag: false,
    nighttimeAlarmFlag: false,
    expertType: type,
  };
  if (type === 'NORMAL') return base;
  return {
    ...base,
    // Empty is sent as missing so the contract reports the spec's "required" wording, not "too short".
    expertName: values.expertName || undefined,
    officeInfo: type === 'PB' ? { name: values.officeName, dept: values.officeDept } : { name: values.officeName },
    introduction: values.introduction,
    ...(values.expertProofUrl && { expertProofUrl: values.expertProofUrl }),
  };
}

/** Payload paths of the contract's issues, mapped onto the form's fields. */
const FIELD_OF: Record<string, SignUpField> = {
  userId: 'email',
  userName: 'nickname',
  expertName: 'expertName',
  'officeInfo.name': 'officeName',
  'officeInfo.dept': 'officeDept',
  introduction: 'introduction',
  profileUrl: 'profileUrl',
  expertProofUrl: 'expertProofUrl',
};

/**
 * Every rule comes from the contract's `phoneSignUpBody`, the one the API applies; only the
 * wording differs for experts (spec §5), whose photo is required like on the server.
 */
export function validateSignUp(values: SignUpValues, type: MemberType, phone: string): SignUpErrors {
  const errors: SignUpErrors = {};
  const parsed = phoneSignUpBody.safeParse(toSignUpBody(values, type, phone));
  for (const issue of parsed.error?.issues ?? []) {
    const field = FIELD_OF[issue.path.join('.')];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (type !== 'NORMAL') {
    const email = emailSchema(messages.emailInvalidExpert).safeParse(values.email);
    errors.email = email.success ? undefined : email.error.issues[0]?.message;
  }
  if (!(values.terms.service && values.terms.privacy)) errors.terms = type === 'NORMAL' ? messages.termsNormal : messages.termsExpert;
  return errors;
}

export const hasErrors = (errors: SignUpErrors) => Object.values(errors).some(Boolean);
