import { messages } from '@beesang/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, describedError, dialog, field, settle, type } from '../../../test/dom';
import { json } from '../../../test/fake-api';
import { authApi, PHONE, renderLogin } from '../shared/test-kit';

beforeEach(() => {
  vi.useFakeTimers();
});
const RESET = 'POST /api/auth/password/reset';
const NEW_PASSWORD = 'new beesang 9';
const EMAIL = 'ant@beesang.kr';
const done = () => new Response(null, { status: 204 });
const failed = (message: string, code: string, status: number, fields?: Record<string, string>) =>
  json({ message, code, ...(fields && { fields }) }, status);
const blur = (element: HTMLElement) =>
  act(() => {
    fireEvent.blur(element);
  });

/** LOGIN → ID_LOGIN (an email typed) → 비밀번호 재설정. */
function openReset(email = EMAIL) {
  renderLogin();
  click(button('아이디로 로그인'));
  type(field('아이디 (이메일)'), email);
  click(button('비밀번호 재설정'));
  expect(screen.getByRole('dialog', { name: '비밀번호 재설정' })).toBeTruthy();
}

/** Phone, a sent code, the code and the new password twice: everything the form asks for. */
async function fillReset() {
  type(field('휴대폰 번호'), PHONE);
  click(button('인증요청'));
  await settle();
  type(field('인증번호'), '123456');
  type(field('새 비밀번호'), NEW_PASSWORD);
  type(field('새 비밀번호 확인'), NEW_PASSWORD);
}

function expectKept() {
  expect(field('휴대폰 번호').value).toBe(PHONE);
  expect(field('새 비밀번호').value).toBe(NEW_PASSWORD);
  expect(field('새 비밀번호 확인').value).toBe(NEW_PASSWORD);
  expect(screen.getByRole('dialog', { name: '비밀번호 재설정' })).toBeTruthy();
}

describe('비밀번호 재설정', () => {
  it('waits for a phone, a code and a valid new password twice, with the id sign-up’s live rule and the 3-minute clock', async () => {
    const api = authApi();
    openReset();
    const submit = button('비밀번호 재설정');
    expect(submit.disabled).toBe(true);
    type(field('휴대폰 번호'), '010-1234-5678');
    expect(field('휴대폰 번호').value).toBe(PHONE);
    // Everything typed but no code requested: the button waits.
    type(field('인증번호'), '123456');
    type(field('새 비밀번호'), NEW_PASSWORD);
    type(field('새 비밀번호 확인'), NEW_PASSWORD);
    expect(submit.disabled).toBe(true);
    type(field('인증번호'), '');
    type(field('새 비밀번호'), '');
    type(field('새 비밀번호 확인'), '');
    click(button('인증요청'));
    await settle();
    expect(api.last('POST /api/sms/send')?.body).toEqual({ phone: PHONE });
    expect(screen.getByRole('timer', { name: '인증번호 남은 시간' }).textContent).toBe('03:00');
    await settle(60_000);
    expect(screen.getByRole('timer').textContent).toBe('02:00');
    type(field('인증번호'), '123456');
    expect(submit.disabled).toBe(true);

    const password = field('새 비밀번호');
    const confirm = field('새 비밀번호 확인');
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('new-password');
    expect(describedError(password)).toBe('8자 이상 64자 이하 (미충족)0/64');
    type(password, 'short');
    blur(password);
    expect(describedError(password)).toBe(`${messages.passwordLength} 5/64`);
    type(password, 'x'.repeat(65));
    expect(describedError(password)).toBe(`${messages.passwordLength} 65/64`);
    type(password, NEW_PASSWORD);
    expect(describedError(password)).toBe('8자 이상 64자 이하 (충족)13/64');
    type(confirm, 'new beesang 8');
    expect(describedError(confirm)).toBe('비밀번호가 일치하지 않습니다.');
    expect(submit.disabled).toBe(true);
    type(confirm, NEW_PASSWORD);
    expect(describedError(confirm)).toBe('비밀번호가 일치합니다.');
    expect(submit.disabled).toBe(false);
    expect(api.keys()).toEqual(['POST /api/sms/send']);
  });

  it('matches the code, resets, and returns to ID_LOGIN with the success message and the email kept', async () => {
    const api = authApi({ [RESET]: done });
    openReset();
    await fillReset();
    click(button('비밀번호 재설정'));
    await settle();
    expect(api.keys()).toEqual(['POST /api/sms/send', 'POST /api/sms/match', RESET]);
    expect(api.last('POST /api/sms/match')?.body).toEqual({ phone: PHONE, code: '123456' });
    expect(api.last(RESET)?.body).toEqual({ phone: PHONE, password: NEW_PASSWORD });
    expect(screen.getByRole('dialog', { name: '아이디로 로그인' })).toBeTruthy();
    // Said in a status region, so a screen reader announces it.
    expect(screen.getByText('비밀번호를 바꿨어요. 새 비밀번호로 로그인해주세요.').closest('[role="status"]')).not.toBeNull();
    expect(field('아이디 (이메일)').value).toBe(EMAIL);
    expect(field('비밀번호').value).toBe('');
    // The message is about that reset: it goes once the visitor moves on.
    click(button('휴대폰 번호로 로그인'));
    click(button('아이디로 로그인'));
    expect(screen.queryByText('비밀번호를 바꿨어요. 새 비밀번호로 로그인해주세요.')).toBeNull();
  });

  it('409: an account without a password is told so beside the phone, and everything typed stays', async () => {
    const api = authApi({ [RESET]: () => failed(messages.noPasswordAccount, 'NO_PASSWORD_ACCOUNT', 409) });
    openReset();
    await fillReset();
    click(button('비밀번호 재설정'));
    await settle();
    expect(api.keys()).toContain(RESET);
    expect(describedError(field('휴대폰 번호'))).toBe(messages.noPasswordAccount);
    expect(describedError(field('인증번호'))).toBe(messages.noPasswordAccount);
    expectKept();
    expect(field('인증번호').value).toBe('123456');
    // Typing again dismisses the answer about the old number.
    type(field('휴대폰 번호'), '01098765432');
    expect(describedError(field('휴대폰 번호'))).toBe('');
  });

  it('404: a number without an account is told so beside the phone, and everything typed stays', async () => {
    const api = authApi({ [RESET]: () => failed(messages.notMember, 'NOT_MEMBER', 404) });
    openReset();
    await fillReset();
    click(button('비밀번호 재설정'));
    await settle();
    expect(describedError(field('휴대폰 번호'))).toBe(messages.notMember);
    expectKept();
    expect(field('인증번호').value).toBe('123456');
    // Trying again with the same verified number does not match the spent code a second time.
    click(button('비밀번호 재설정'));
    await settle();
    expect(api.keys().filter((k) => k === 'POST /api/sms/match')).toHaveLength(1);
    expect(api.keys().filter((k) => k === RESET)).toHaveLength(2);
  });

  it('401: a lost verification asks for a new code; the phone and the passwords stay, the spent code goes', async () => {
    const api = authApi({ [RESET]: () => failed(messages.verificationRequired, 'VERIFICATION_REQUIRED', 401) });
    openReset();
    await fillReset();
    click(button('비밀번호 재설정'));
    await settle();
    expect(describedError(field('휴대폰 번호'))).toBe(messages.verificationRequired);
    expectKept();
    expect(field('인증번호').value).toBe('');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(button('인증요청')).toBeTruthy();
    expect(button('비밀번호 재설정').disabled).toBe(true);
    // A 401 here is this form's answer, not a session ending: no warning, the modal stays.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(dialog()).not.toBeNull();

    // A new code, matched again, and the reset goes through.
    api.mock.mockClear();
    await settle(5_000);
    authApi({ [RESET]: done });
    click(button('인증요청'));
    await settle();
    type(field('인증번호'), '654321');
    click(button('비밀번호 재설정'));
    await settle();
    expect(screen.getByRole('dialog', { name: '아이디로 로그인' })).toBeTruthy();
  });

  it('a refused password goes under its field; a code that does not match goes on the code line; other failures on the form line', async () => {
    let answer = () => failed(messages.passwordLength, 'BAD_REQUEST', 400, { password: messages.passwordLength });
    authApi({
      [RESET]: () => answer(),
      'POST /api/sms/match': () => json({ result: false, message: '인증번호가 일치하지 않아요. 다시 확인해 주세요.' }),
    });
    openReset();
    await fillReset();
    click(button('비밀번호 재설정'));
    await settle();
    expect(describedError(field('인증번호'))).toBe('인증번호가 일치하지 않아요. 다시 확인해 주세요.');
    expectKept();

    authApi({ [RESET]: () => answer() });
    click(button('비밀번호 재설정'));
    await settle();
    expect(describedError(field('새 비밀번호'))).toContain(messages.passwordLength);
    expect(field('새 비밀번호').getAttribute('aria-invalid')).toBe('true');
    expectKept();

    answer = () => failed(messages.serverError, 'INTERNAL', 500);
    type(field('새 비밀번호'), `${NEW_PASSWORD}!`);
    type(field('새 비밀번호 확인'), `${NEW_PASSWORD}!`);
    click(button('비밀번호 재설정'));
    await settle();
    const formLine = [...document.querySelectorAll('form p[aria-live]')].at(-1);
    expect(formLine?.textContent).toBe(messages.genericError);
    expect(field('새 비밀번호').value).toBe(`${NEW_PASSWORD}!`);
  });

  it('goes back to ID_LOGIN with its link, the email still there', () => {
    authApi();
    openReset();
    click(button('아이디로 로그인'));
    expect(screen.getByRole('dialog', { name: '아이디로 로그인' })).toBeTruthy();
    expect(field('아이디 (이메일)').value).toBe(EMAIL);
  });
});
