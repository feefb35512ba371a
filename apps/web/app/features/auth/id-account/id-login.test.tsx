import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, describedError, dialog, field, settle, type } from '../../../test/dom';
import { json } from '../../../test/fake-api';
import { member, openLoginDialog } from '../../../test/render';
import { authApi, renderLogin, USER } from '../shared/test-kit';

beforeEach(() => {
  vi.useFakeTimers();
});
const REQUEST_ID = 'req-0123456789abcdefghij';
const failed = (message: string, code: string, status: number, headers: Record<string, string> = {}) =>
  json({ message, code }, status, headers);

function openIdLogin() {
  const router = renderLogin();
  click(button('아이디로 로그인'));
  expect(screen.getByRole('dialog', { name: '아이디로 로그인' })).toBeTruthy();
  return router;
}

function fillAndSubmit(email = USER.userEmail, password = 'correct-horse') {
  type(field('아이디 (이메일)'), email);
  type(field('비밀번호'), password);
  click(button('로그인'));
}

describe('ID_LOGIN page', () => {
  it('is reached from a small link under the phone login; the button waits for both fields', () => {
    const api = authApi();
    openIdLogin();
    const login = button('로그인');
    expect(login.disabled).toBe(true);
    type(field('아이디 (이메일)'), 'ant@beesang.kr');
    expect(login.disabled).toBe(true);
    type(field('비밀번호'), 'x');
    expect(login.disabled).toBe(false);
    type(field('아이디 (이메일)'), '   ');
    expect(login.disabled).toBe(true);
    expect(field('비밀번호').type).toBe('password');
    expect(api.calls).toEqual([]);
  });

  it('the close icon hides the modal and the next opening starts at the phone login', () => {
    authApi();
    openIdLogin();
    click(button('닫기'));
    expect(dialog()).toBeNull();
    openLoginDialog();
    expect(screen.getByRole('dialog', { name: '간편 로그인' })).toBeTruthy();
  });

  it('goes back to the phone login with its own link', () => {
    authApi();
    openIdLogin();
    click(button('휴대폰 번호로 로그인'));
    expect(screen.getByRole('dialog', { name: '간편 로그인' })).toBeTruthy();
  });

  it('a wrong password shows the server message on the error line, tied to both fields; the session is untouched', async () => {
    const api = authApi({
      'POST /api/auth/sign-in': () => failed('아이디 또는 비밀번호가 일치하지 않습니다.', 'LOGIN_FAILED', 401),
    });
    const router = openIdLogin();
    fillAndSubmit(USER.userEmail, 'wrong-password');
    await settle();
    expect(api.keys()).toEqual(['POST /api/auth/sign-in']);
    expect(api.last('POST /api/auth/sign-in')?.body).toEqual({
      socialType: 1,
      userId: USER.userEmail,
      userPassword: 'wrong-password',
      deviceType: 3,
      userDeviceId: '',
      fcmDeviceToken: '',
    });
    expect(describedError(field('비밀번호'))).toBe('아이디 또는 비밀번호가 일치하지 않습니다.');
    expect(describedError(field('아이디 (이메일)'))).toBe('아이디 또는 비밀번호가 일치하지 않습니다.');
    expect(dialog()).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    // Typing again clears the stale answer.
    type(field('비밀번호'), 'another');
    expect(describedError(field('비밀번호'))).toBe('');
  });

  it('too many attempts show the throttle message', async () => {
    authApi({
      'POST /api/auth/sign-in': () =>
        failed('로그인 시도가 너무 많아요. 잠시 후 다시 시도해주세요.', 'LOGIN_THROTTLED', 429, { 'retry-after': '60' }),
    });
    openIdLogin();
    fillAndSubmit();
    await settle();
    expect(describedError(field('비밀번호'))).toBe('로그인 시도가 너무 많아요. 잠시 후 다시 시도해주세요.');
  });

  it('success fetches the member, stores them and closes the modal', async () => {
    const api = authApi({ 'POST /api/auth/sign-in': () => json({ result: { accessToken: 'a', refreshToken: 'r' } }) });
    openIdLogin();
    fillAndSubmit();
    await settle();
    expect(api.keys()).toEqual(['POST /api/auth/sign-in', 'GET /api/user/myPage/detail']);
    expect(dialog()).toBeNull();
    expect(member()).toBe(USER.userNickname);
  });
});

describe('아이디 찾기', () => {
  function stubPopup() {
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    return open;
  }
  const postAuthCi = (requestId: string, origin = window.location.origin) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { kind: 'authCI', requestId }, origin }));
    });
  const status = () => screen.getByRole('status').textContent ?? '';

  it('opens the identity popup and shows the masked id its message leads to', async () => {
    const api = authApi({
      'POST /api/identity/requests': () => json({ result: { requestId: REQUEST_ID, url: `/identity/simulated?request=${REQUEST_ID}` } }),
      'POST /api/user/find-id': () => json({ result: { userId: 'an***@beesang.kr', phone: '010-****-5678', hasPassword: true } }),
    });
    const open = stubPopup();
    openIdLogin();
    click(button('아이디 찾기'));
    await settle();
    expect(open).toHaveBeenCalledWith(`/identity/simulated?request=${REQUEST_ID}`, 'beesang-identity', 'width=480,height=720');
    expect(status()).toContain('본인인증 창에서 인증을 마쳐주세요.');

    // Messages from elsewhere, or about another request, are ignored.
    postAuthCi(REQUEST_ID, 'https://evil.example');
    postAuthCi('req-someone-elses-request-id');
    await settle();
    expect(api.keys()).toEqual(['POST /api/identity/requests']);

    postAuthCi(REQUEST_ID);
    await settle();
    expect(api.last('POST /api/user/find-id')?.body).toEqual({ userCi: REQUEST_ID });
    expect(status()).toContain('가입하신 아이디는 an***@beesang.kr 입니다.');
    expect(dialog()).not.toBeNull();
  });

  it('an identity with no account gets the no-account message', async () => {
    authApi({
      'POST /api/identity/requests': () => json({ result: { requestId: REQUEST_ID, url: '/identity/simulated' } }),
      'POST /api/user/find-id': () => failed('본인인증 정보로 가입된 계정이 없습니다.', 'NO_ACCOUNT', 404),
    });
    stubPopup();
    openIdLogin();
    click(button('아이디 찾기'));
    await settle();
    postAuthCi(REQUEST_ID);
    await settle();
    expect(status()).toContain('본인인증 정보로 가입된 계정이 없습니다.');
  });

  it('a blocked popup says so', async () => {
    authApi({ 'POST /api/identity/requests': () => json({ result: { requestId: REQUEST_ID, url: '/identity/simulated' } }) });
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    openIdLogin();
    click(button('아이디 찾기'));
    await settle();
    expect(status()).toContain('팝업이 차단되었어요.');
  });
});
