import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, checkbox, click, describedError, dialog, field, settle, type } from '../../../test/dom';
import { json, ok } from '../../../test/fake-api';
import { member, openLoginDialog } from '../../../test/render';
import { authApi, errorLine, PHONE, renderLogin, USER, verifyPhone } from '../shared/test-kit';

beforeEach(() => {
  vi.useFakeTimers();
});
const SIGN_UP = 'POST /api/auth/sign-up';
const PASSWORD = 'beesang pass 1';
const tokens = () => ok({ accessToken: 'a', refreshToken: 'r' });
const blur = (element: HTMLElement) =>
  act(() => {
    fireEvent.blur(element);
  });

/** LOGIN → ID_LOGIN → ID_SIGNUP, the phone step. */
function openIdSignUp() {
  const router = renderLogin();
  click(button('아이디로 로그인'));
  click(button('아이디로 회원가입'));
  expect(screen.getByRole('dialog', { name: '아이디로 회원가입' })).toBeTruthy();
  return router;
}

async function reachAccount() {
  const router = openIdSignUp();
  await verifyPhone('다음');
  expect(screen.getByText(/인증된 휴대폰 번호/).textContent).toContain('010-1234-5678');
  return router;
}

function fillAccount(email = 'id@beesang.kr') {
  type(field('아이디 (이메일)'), email);
  type(field('비밀번호'), PASSWORD);
  type(field('비밀번호 확인'), PASSWORD);
  type(field('닉네임'), '아이디개미');
  click(checkbox('전체 동의'));
}

/** What the visitor typed is all still there. */
function expectFilled(email = 'id@beesang.kr') {
  expect(field('아이디 (이메일)').value).toBe(email);
  expect(field('비밀번호').value).toBe(PASSWORD);
  expect(field('비밀번호 확인').value).toBe(PASSWORD);
  expect(field('닉네임').value).toBe('아이디개미');
  expect(checkbox('전체 동의').checked).toBe(true);
}

describe('ID_SIGNUP phone step', () => {
  it('is reached from the id login; 다음 waits for a requested code, a phone and a 6-digit code; the link goes back', () => {
    const api = authApi();
    openIdSignUp();
    expect(screen.getByText(/를 만들어요/)).toBeTruthy();
    const next = button('다음');
    expect(next.disabled).toBe(true);
    type(field('휴대폰 번호'), '010-1234-5678');
    expect(field('휴대폰 번호').value).toBe(PHONE);
    type(field('인증번호'), '12345');
    expect(next.disabled).toBe(true);
    type(field('인증번호'), '123456');
    // No code was requested: there is nothing to check yet (not 'the time ran out').
    expect(next.disabled).toBe(true);
    click(button('아이디로 로그인'));
    expect(screen.getByRole('dialog', { name: '아이디로 로그인' })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('a wrong code stays on the phone step with the server reason', async () => {
    authApi({
      'POST /api/sms/match': () =>
        json({ result: false, code: 'CODE_MISMATCH', message: '인증번호가 일치하지 않아요. 다시 확인해 주세요.' }),
    });
    openIdSignUp();
    await verifyPhone('다음');
    expect(errorLine()).toBe('인증번호가 일치하지 않아요. 다시 확인해 주세요.');
    expect(describedError(field('인증번호'))).toBe('인증번호가 일치하지 않아요. 다시 확인해 주세요.');
    expect(screen.queryByLabelText('비밀번호')).toBeNull();
  });

  it('a number that already has an account is told to sign in', async () => {
    const api = authApi({ [`GET /api/user/userPhone/${PHONE}`]: () => json({ result: true }) });
    openIdSignUp();
    await verifyPhone('다음');
    expect(api.keys()).toEqual(['POST /api/sms/send', 'POST /api/sms/match', `GET /api/user/userPhone/${PHONE}`]);
    expect(errorLine()).toBe('이미 가입된 휴대폰 번호입니다. 로그인해주세요.');
    expect(screen.queryByLabelText('비밀번호')).toBeNull();
  });

  it('a verified new number moves on to the account form, focused on the id', async () => {
    authApi();
    await reachAccount();
    expect(document.activeElement).toBe(field('아이디 (이메일)'));
    expect(field('비밀번호').type).toBe('password');
    expect(field('비밀번호 확인').type).toBe('password');
    expect(field('비밀번호').autocomplete).toBe('new-password');
    expect(button('가입하기').disabled).toBe(true);
  });
});

describe('ID_SIGNUP account form', () => {
  it('shows the password rule as the visitor types, and errors in Korean once a field is used', async () => {
    authApi();
    await reachAccount();
    const password = field('비밀번호');
    const confirm = field('비밀번호 확인');
    expect(describedError(password)).toBe('8자 이상 64자 이하 (미충족)0/64');

    type(password, 'x'.repeat(65));
    expect(password.value).toHaveLength(65); // a long paste is not cut short behind the visitor's back
    expect(describedError(password)).toBe('8자 이상 64자 이하 (초과)65/64');
    type(password, 'short');
    expect(describedError(password)).toBe('8자 이상 64자 이하 (미충족)5/64');
    // The error waits until the visitor leaves the field; then it states the rule, and the count stays.
    expect(password.getAttribute('aria-invalid')).toBeNull();
    blur(password);
    expect(describedError(password)).toBe('비밀번호는 8자 이상 64자 이하로 입력해주세요. 5/64');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    type(password, PASSWORD);
    expect(describedError(password)).toBe('8자 이상 64자 이하 (충족)14/64');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    type(password, '');
    expect(describedError(password)).toContain('비밀번호를 입력해주세요.');
    type(password, PASSWORD);

    // The confirmation is judged once it is as long as the password (or left).
    type(confirm, 'beesang');
    expect(describedError(confirm)).toBe('');
    type(confirm, 'beesang pass 2');
    expect(describedError(confirm)).toBe('비밀번호가 일치하지 않습니다.');
    type(confirm, PASSWORD);
    expect(describedError(confirm)).toBe('비밀번호가 일치합니다.');
    type(confirm, '');
    expect(describedError(confirm)).toBe('비밀번호를 한 번 더 입력해주세요.');
    type(confirm, PASSWORD);
    // Changing the password again re-judges the confirmation.
    type(password, `${PASSWORD}!`);
    expect(describedError(confirm)).toBe('비밀번호가 일치하지 않습니다.');
    type(password, PASSWORD);

    type(field('아이디 (이메일)'), 'id@');
    expect(describedError(field('아이디 (이메일)'))).toBe('이메일 형식이 올바르지 않습니다.');
    type(field('아이디 (이메일)'), '');
    expect(describedError(field('아이디 (이메일)'))).toBe('이메일을 입력해주세요.');
    type(field('닉네임'), '개');
    expect(describedError(field('닉네임'))).toBe('두 글자 이상 입력해주세요.');
    type(field('닉네임'), 'ant_12');
    expect(describedError(field('닉네임'))).toBe('닉네임은 한글 또는 영문으로만 입력해주세요.');

    fillAccount();
    expect(button('가입하기').disabled).toBe(false);
    click(checkbox(/개인정보 처리방침/));
    expect(button('가입하기').disabled).toBe(true);
    expect(screen.getByText('필수 약관에 동의해주세요.')).toBeTruthy();
  });

  it('registers with the contract payload, loads the member, closes the modal and reopens at LOGIN', async () => {
    const api = authApi({ [SIGN_UP]: tokens });
    await reachAccount();
    fillAccount(' id@beesang.kr ');
    click(button('가입하기'));
    await settle();
    expect(api.keys()).toEqual([
      'POST /api/sms/send',
      'POST /api/sms/match',
      `GET /api/user/userPhone/${PHONE}`,
      'GET /api/user/userId/id%40beesang.kr',
      SIGN_UP,
      'GET /api/user/myPage/detail',
    ]);
    expect(api.last(SIGN_UP)?.body).toEqual({
      userId: 'id@beesang.kr',
      userPassword: PASSWORD,
      userName: '아이디개미',
      phoneNumber: PHONE,
      marketingFlag: false,
      nighttimeAlarmFlag: false,
      deviceType: 3,
      userDeviceId: '',
      fcmDeviceToken: '',
    });
    expect(dialog()).toBeNull();
    expect(member()).toBe(USER.userNickname);
    openLoginDialog();
    expect(screen.getByRole('dialog', { name: '간편 로그인' })).toBeTruthy();
  });

  it('a taken id is marked on the id field; nothing is registered and nothing typed is lost', async () => {
    const api = authApi({ 'GET /api/user/userId/taken%40beesang.kr': () => json({ result: true }) });
    await reachAccount();
    fillAccount('taken@beesang.kr');
    click(button('가입하기'));
    await settle();
    expect(describedError(field('아이디 (이메일)'))).toBe('이미 사용 중인 이메일입니다.');
    expect(api.keys()).not.toContain(SIGN_UP);
    expectFilled('taken@beesang.kr');
    type(field('아이디 (이메일)'), 'free@beesang.kr');
    expect(describedError(field('아이디 (이메일)'))).toBe('로그인할 때 아이디로 써요.');
    expect(button('가입하기').disabled).toBe(false);
  });

  it("the server's field verdicts land on their fields; a server failure is a Korean alert; values stay", async () => {
    let answer = json(
      { message: '이미 사용 중인 이메일입니다.', code: 'EMAIL_IN_USE', fields: { userId: '이미 사용 중인 이메일입니다.' } },
      409,
    );
    authApi({ [SIGN_UP]: () => answer });
    await reachAccount();
    fillAccount();
    click(button('가입하기'));
    await settle();
    expect(describedError(field('아이디 (이메일)'))).toBe('이미 사용 중인 이메일입니다.');
    expectFilled();

    answer = json({ message: '처리 중 오류가 발생했습니다.' }, 500);
    type(field('아이디 (이메일)'), 'other@beesang.kr');
    click(button('가입하기'));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('회원가입 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.');
    expectFilled('other@beesang.kr');
    expect(member()).toBe('guest');

    answer = json(
      {
        message: '비밀번호는 8자 이상 64자 이하로 입력해주세요.',
        code: 'BAD_REQUEST',
        fields: { userPassword: '비밀번호는 8자 이상 64자 이하로 입력해주세요.' },
      },
      400,
    );
    click(button('가입하기'));
    await settle();
    expect(describedError(field('비밀번호'))).toContain('비밀번호는 8자 이상 64자 이하로 입력해주세요.');
  });

  it('an expired phone ticket goes back to the phone step with the reason, then on to the same values', async () => {
    let signUp = () => json({ message: '휴대폰 인증을 먼저 완료해주세요.', code: 'VERIFICATION_REQUIRED' }, 401);
    const api = authApi({ [SIGN_UP]: () => signUp() });
    await reachAccount();
    fillAccount();
    click(button('가입하기'));
    await settle();
    expect(screen.getByRole('dialog', { name: '아이디로 회원가입' })).toBeTruthy();
    expect(errorLine()).toBe('휴대폰 인증을 먼저 완료해주세요.');
    expect(field('휴대폰 번호').value).toBe(PHONE);
    expect(field('인증번호').value).toBe('');
    expect(button('인증요청')).toBeTruthy();
    // A lost ticket is not a lost session: nobody is told they were logged out.
    expect(member()).toBe('guest');

    signUp = tokens;
    await settle(5_000); // the resend cooldown
    await verifyPhone('다음');
    expectFilled();
    click(button('가입하기'));
    await settle();
    expect(api.keys().filter((c) => c === SIGN_UP)).toHaveLength(2);
    expect(dialog()).toBeNull();
  });

  it('변경 goes back to verify another number without losing the form', async () => {
    const api = authApi({
      'GET /api/user/userPhone/01099998888': () => json({ result: false }),
      [SIGN_UP]: tokens,
    });
    await reachAccount();
    fillAccount();
    click(button(/변경/));
    expect(field('휴대폰 번호').value).toBe(PHONE);
    type(field('휴대폰 번호'), '01099998888');
    await settle(5_000);
    click(button('재전송'));
    await settle();
    type(field('인증번호'), '654321');
    click(button('다음'));
    await settle();
    expect(screen.getByText(/인증된 휴대폰 번호/).textContent).toContain('010-9999-8888');
    expectFilled();
    click(button('가입하기'));
    await settle();
    expect(api.last(SIGN_UP)?.body).toMatchObject({ phoneNumber: '01099998888' });
  });
});
