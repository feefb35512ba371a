import { messages, type PhoneSignUpBody, type TokenAnswer, type TokenPair } from '@beesang/contract';
import { apiFetch, apiRequest } from '../../../lib/api-client';

/** The phone sign-in and sign-up calls of spec §7, in the order the login modal makes them. */
export const AUTH_PATHS = {
  smsSend: '/api/sms/send',
  smsMatch: '/api/sms/match',
  userPhone: '/api/user/userPhone/',
  signIn: '/api/auth/sms/sign-in',
  signUp: '/api/auth/sms/sign-up',
  userId: '/api/user/userId/',
  passwordSignIn: '/api/auth/sign-in',
  passwordSignUp: '/api/auth/sign-up',
  findId: '/api/user/find-id',
  passwordReset: '/api/auth/password/reset',
} as const;

/** The web's device fields (spec §3): platform 3, no push token, no device id. */
const WEB_DEVICE = { deviceType: 3, userDeviceId: '', fcmDeviceToken: '' } as const;

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), ignoreUnauthorized: true });

export async function sendSmsCode(phone: string): Promise<void> {
  await apiFetch<boolean>(AUTH_PATHS.smsSend, post({ phone }));
}

export type MatchOutcome = { ok: true } | { ok: false; message: string };

/** A wrong or expired code still answers 200, with the reason beside `result: false`. */
export async function matchSmsCode(phone: string, code: string): Promise<MatchOutcome> {
  const body = await apiRequest<boolean>(AUTH_PATHS.smsMatch, post({ phone, code }));
  if (body.result === true) return { ok: true };
  const fallback = body.code === 'CODE_EXPIRED' ? messages.codeExpired : messages.codeMismatch;
  return { ok: false, message: body.message || fallback };
}

export async function isPhoneRegistered(phone: string): Promise<boolean> {
  return Boolean(await apiFetch<boolean>(`${AUTH_PATHS.userPhone}${encodeURIComponent(phone)}`, { ignoreUnauthorized: true }));
}

/** Signs in; the tokens arrive as HttpOnly cookies, the body only proves the sign-in happened. */
export async function smsSignIn(phone: string): Promise<void> {
  const tokens = await apiFetch<Partial<TokenPair> | undefined>(AUTH_PATHS.signIn, post({ phone, ...WEB_DEVICE }));
  if (!tokens?.accessToken) throw new Error(messages.genericError);
}

/** Spec §7: a truthy answer means the email is taken. */
export async function isEmailTaken(email: string): Promise<boolean> {
  return Boolean(await apiFetch<boolean>(`${AUTH_PATHS.userId}${encodeURIComponent(email)}`, { ignoreUnauthorized: true }));
}

/** Registers; answers whether the response carried an access token (spec §4: no token is an error). */
export async function smsSignUp(body: PhoneSignUpBody): Promise<boolean> {
  const result = await apiFetch<{ result11?: Partial<TokenPair> } | undefined>(AUTH_PATHS.signUp, post(body));
  return Boolean(result?.result11?.accessToken);
}

/**
 * Id (email) + password sign-in, socialType 1 (spec §3); a wrong pair answers 401, the form's error.
 * Answers how many wrong passwords were tried on the account since its last sign-in (0: none).
 */
export async function passwordSignIn(userId: string, userPassword: string): Promise<number> {
  const tokens = await apiFetch<Partial<TokenAnswer> | undefined>(
    AUTH_PATHS.passwordSignIn,
    post({ socialType: 1, userId, userPassword, ...WEB_DEVICE }),
  );
  if (!tokens?.accessToken) throw new Error(messages.genericError);
  return tokens.failedSignIns ?? 0;
}

/** The contract's `passwordSignUpBody` without the device fields, which the web always sends the same. */
export interface PasswordSignUpBody {
  userId: string;
  userPassword: string;
  userName: string;
  phoneNumber: string;
  marketingFlag: boolean;
  nighttimeAlarmFlag: boolean;
}

/** Id (email) + password sign-up on a verified phone (the SMS ticket cookie); answers whether tokens came back. */
export async function passwordSignUp(body: PasswordSignUpBody): Promise<boolean> {
  const tokens = await apiFetch<Partial<TokenPair> | undefined>(AUTH_PATHS.passwordSignUp, post({ ...body, ...WEB_DEVICE }));
  return Boolean(tokens?.accessToken);
}

/** What find-id reveals: masked, so a stranger with the popup learns nothing usable. */
export interface FoundId {
  userId: string;
  phone: string;
  hasPassword: boolean;
}

/** Spec §7 "Find id": userCi is the finished identity request. */
export function findId(requestId: string): Promise<FoundId> {
  return apiFetch<FoundId>(AUTH_PATHS.findId, post({ userCi: requestId }));
}

/**
 * 비밀번호 재설정 on a verified phone (the SMS ticket cookie): 204, and every session of that member
 * ends. 401 without the ticket, 404 for a number with no account, 409 when its account has no password.
 */
export async function resetPassword(phone: string, password: string): Promise<void> {
  await apiFetch<null>(AUTH_PATHS.passwordReset, post({ phone, password }));
}
