import { messages } from '@beesang/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, dialog, field, settle, type } from '../../../test/dom';
import { json } from '../../../test/fake-api';
import { member, openLoginDialog } from '../../../test/render';
import { authApi, errorLine, PHONE, renderLogin, USER, verifyPhone } from '../shared/test-kit';

beforeEach(() => {
  vi.useFakeTimers();
});
const timer = () => screen.queryByRole('timer');

describe('LOGIN page inputs', () => {
  it('keeps digits only, 11 for the phone and 6 for the code', () => {
    authApi();
    renderLogin();
    expect(screen.getByRole('dialog', { name: '간편 로그인' })).toBeTruthy();
    expect(screen.getByText(/8초면 충분해요/)).toBeTruthy();
    const phone = field('휴대폰 번호');
    expect(phone.placeholder).toBe('01012345678');
    expect(phone.maxLength).toBe(11);
    type(phone, 'abc010-1234-56789');
    expect(phone.value).toBe('01012345678');
    const code = field('인증번호');
    expect(code.maxLength).toBe(6);
    type(code, '12a34 5678');
    expect(code.value).toBe('123456');
  });

  it('the login button waits for a requested code, a valid phone and a 6-digit code', async () => {
    authApi();
    renderLogin();
    const login = button('로그인 (회원가입)');
    expect(login.disabled).toBe(true);
    type(field('휴대폰 번호'), PHONE);
    expect(login.disabled).toBe(true);
    // A code typed before any was requested cannot be checked: the button does not pretend the time ran out.
    type(field('인증번호'), '123456');
    expect(login.disabled).toBe(true);
    click(button('인증요청'));
    await settle();
    expect(login.disabled).toBe(false);
    type(field('인증번호'), '12345');
    expect(login.disabled).toBe(true);
    type(field('인증번호'), '123456');
    expect(login.disabled).toBe(false);
    type(field('휴대폰 번호'), '01112345678'); // 11 digits, but not 010
    expect(login.disabled).toBe(true);
  });

  it('an invalid phone is not sent; the format error shows on the shared line', async () => {
    const api = authApi();
    renderLogin();
    type(field('휴대폰 번호'), '0101234');
    click(button('인증요청'));
    await settle();
    expect(api.calls).toEqual([]);
    expect(errorLine()).toBe('휴대폰 번호 형식이 올바르지 않습니다.');
    expect(field('휴대폰 번호').getAttribute('aria-describedby')).toBeTruthy();
  });
});

const leave = (input: HTMLElement) => act(() => void fireEvent.blur(input));
const invalid = (label: string) => field(label).getAttribute('aria-invalid') === 'true';

/** Spec §5 "Phone login", row by row: what each field says, and when, on the one shared line. */
describe('spec §5 messages of the phone login fields', () => {
  describe('휴대폰 번호', () => {
    it.each([
      ['left empty', '', messages.phoneRequired],
      ['left too short', '0101234', messages.phoneInvalid],
      ['left with 11 digits not starting 010', '01112345678', messages.phoneInvalid],
      ['left valid', PHONE, ''],
    ])('%s: %j says %j', (_, value, message) => {
      authApi();
      renderLogin();
      expect(errorLine()).toBe('');
      type(field('휴대폰 번호'), value);
      expect(errorLine()).toBe(''); // nothing while typing the first time
      leave(field('휴대폰 번호'));
      expect(errorLine()).toBe(message);
      expect(invalid('휴대폰 번호')).toBe(message !== '');
    });

    it('once left, the message follows the typing and goes when the number is right', () => {
      authApi();
      renderLogin();
      leave(field('휴대폰 번호'));
      expect(errorLine()).toBe(messages.phoneRequired);
      type(field('휴대폰 번호'), '010');
      expect(errorLine()).toBe(messages.phoneInvalid);
      type(field('휴대폰 번호'), PHONE);
      expect(errorLine()).toBe('');
      expect(invalid('휴대폰 번호')).toBe(false);
      type(field('휴대폰 번호'), '');
      expect(errorLine()).toBe(messages.phoneRequired);
    });

    it('인증요청 with no number says it is required and sends nothing', async () => {
      const api = authApi();
      renderLogin();
      click(button('인증요청'));
      await settle();
      expect(errorLine()).toBe(messages.phoneRequired);
      expect(api.calls).toEqual([]);
    });
  });

  describe('인증번호', () => {
    async function requested() {
      const api = authApi();
      renderLogin();
      type(field('휴대폰 번호'), PHONE);
      click(button('인증요청'));
      await settle();
      expect(errorLine()).toBe('');
      return api;
    }

    it('before a code was requested, leaving the field says nothing and login stays off', () => {
      authApi();
      renderLogin();
      type(field('휴대폰 번호'), PHONE);
      leave(field('인증번호'));
      expect(errorLine()).toBe('');
      type(field('인증번호'), '123');
      leave(field('인증번호'));
      expect(errorLine()).toBe('');
      expect(button('로그인 (회원가입)').disabled).toBe(true);
    });

    it.each([
      ['left empty', '', messages.codeRequired],
      ['left with 3 digits', '123', messages.codeInvalid],
      ['left with 5 digits', '12345', messages.codeInvalid],
      ['left with 6 digits', '123456', ''],
    ])('after the request, %s: %j says %j', async (_, value, message) => {
      await requested();
      type(field('인증번호'), value);
      expect(errorLine()).toBe('');
      leave(field('인증번호'));
      expect(errorLine()).toBe(message);
      expect(invalid('인증번호')).toBe(message !== '');
      expect(button('로그인 (회원가입)').disabled).toBe(message !== '');
    });

    it('once left, the message follows the typing: short, complete, emptied', async () => {
      await requested();
      type(field('인증번호'), '12');
      leave(field('인증번호'));
      expect(errorLine()).toBe('인증번호는 6자리 숫자로 입력해주세요.');
      type(field('인증번호'), '12345');
      expect(errorLine()).toBe('인증번호는 6자리 숫자로 입력해주세요.');
      type(field('인증번호'), '123456');
      expect(errorLine()).toBe('');
      type(field('인증번호'), '');
      expect(errorLine()).toBe('인증번호를 입력해주세요');
    });

    it('Enter with a short code says so and checks nothing', async () => {
      const api = await requested();
      type(field('인증번호'), '1234');
      act(() => void fireEvent.submit(field('인증번호').form!));
      await settle();
      expect(errorLine()).toBe('인증번호는 6자리 숫자로 입력해주세요.');
      expect(api.keys()).toEqual(['POST /api/sms/send']);
    });

    it('a server answer takes the line until the member types again', async () => {
      await requested();
      type(field('인증번호'), '123');
      leave(field('인증번호'));
      click(button('재전송'));
      await settle();
      expect(errorLine()).toBe('5초 이후 재인증 가능합니다.');
      await settle(5000);
      expect(errorLine()).toBe('인증번호는 6자리 숫자로 입력해주세요.');
    });
  });
});

describe('the code request and its clock', () => {
  it('sends the phone, relabels the button and counts 3 minutes down in mm:ss; after it, login says the time is up', async () => {
    const api = authApi();
    renderLogin();
    expect(timer()).toBeNull();
    type(field('휴대폰 번호'), PHONE);
    click(button('인증요청'));
    await settle();
    expect(api.keys()).toEqual(['POST /api/sms/send']);
    expect(api.last('POST /api/sms/send')?.body).toEqual({ phone: PHONE });
    expect(api.calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(button('재전송')).toBeTruthy();
    expect(timer()?.textContent).toBe('03:00');
    await settle(1000);
    expect(timer()?.textContent).toBe('02:59');
    await settle(60_000);
    expect(timer()?.textContent).toBe('01:59');
    await settle(118_000);
    expect(timer()?.textContent).toBe('00:01');
    await settle(1000);
    expect(timer()).toBeNull();

    type(field('인증번호'), '123456');
    click(button('로그인 (회원가입)'));
    await settle();
    expect(errorLine()).toBe('입력 시간이 만료되었어요. 다시 요청해주세요.');
    expect(api.keys()).toEqual(['POST /api/sms/send']);
  });

  it('a resend within 5 seconds is refused with a message that clears itself when the 5 seconds are up', async () => {
    const api = authApi();
    renderLogin();
    type(field('휴대폰 번호'), PHONE);
    click(button('인증요청'));
    await settle(2000);
    click(button('재전송'));
    await settle();
    expect(errorLine()).toBe('5초 이후 재인증 가능합니다.');
    expect(api.keys()).toEqual(['POST /api/sms/send']);
    await settle(2999);
    expect(errorLine()).toBe('5초 이후 재인증 가능합니다.');
    await settle(1);
    expect(errorLine()).toBe('');
    click(button('재전송'));
    await settle();
    expect(api.keys()).toEqual(['POST /api/sms/send', 'POST /api/sms/send']);
    expect(timer()?.textContent).toBe('03:00'); // the clock starts again
  });

  it('the server cooldown message clears after its Retry-After', async () => {
    authApi({
      'POST /api/sms/send': () => json({ message: '5초 이후 재인증 가능합니다.', code: 'RESEND_TOO_SOON' }, 429, { 'retry-after': '3' }),
    });
    renderLogin();
    type(field('휴대폰 번호'), PHONE);
    click(button('인증요청'));
    await settle();
    expect(errorLine()).toBe('5초 이후 재인증 가능합니다.');
    await settle(3000);
    expect(errorLine()).toBe('');
  });

  it('a failed send shows the failure and does not start the cooldown', async () => {
    const api = authApi({
      'POST /api/sms/send': () => json({ message: '인증번호 발송에 실패했습니다.', code: 'SMS_SEND_FAILED' }, 502),
    });
    renderLogin();
    type(field('휴대폰 번호'), PHONE);
    click(button('인증요청'));
    await settle();
    expect(errorLine()).toBe('인증번호 발송에 실패했습니다.');
    expect(button('인증요청')).toBeTruthy();
    expect(timer()).toBeNull();
    click(button('인증요청'));
    await settle();
    expect(api.keys()).toEqual(['POST /api/sms/send', 'POST /api/sms/send']);
  });
});

describe('pressing login', () => {
  it('a wrong code shows the server message and goes no further', async () => {
    const api = authApi({
      'POST /api/sms/match': () =>
        json({ result: false, code: 'CODE_MISMATCH', message: '인증번호가 일치하지 않아요. 다시 확인해 주세요.' }),
    });
    renderLogin();
    await verifyPhone();
    expect(errorLine()).toBe('인증번호가 일치하지 않아요. 다시 확인해 주세요.');
    expect(api.keys()).toEqual(['POST /api/sms/send', 'POST /api/sms/match']);
    expect(api.last('POST /api/sms/match')?.body).toEqual({ phone: PHONE, code: '123456' });
  });

  it('a new number goes to USER_TYPE, which needs a choice before 다음, and the phone is kept for sign-up', async () => {
    authApi();
    renderLogin();
    await verifyPhone();
    expect(screen.getByRole('dialog', { name: '회원 유형 선택' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.querySelector('span span')?.textContent)).toEqual([
      '일반 회원',
      '증권사 PB 회원',
      '세무사 회원',
    ]);
    click(button('다음'));
    expect(screen.getByRole('dialog', { name: '회원 유형 선택' })).toBeTruthy();
    click(screen.getByRole('radio', { name: /세무사 회원/ }));
    click(button('다음'));
    expect(screen.getByRole('dialog', { name: '세무사 회원가입' })).toBeTruthy();
    expect(screen.getByText('010-1234-5678')).toBeTruthy();
  });

  it('the close icon of a later page hides the modal, and it opens again at LOGIN', async () => {
    authApi();
    renderLogin();
    await verifyPhone();
    click(button('닫기'));
    expect(dialog()).toBeNull();
    openLoginDialog();
    expect(screen.getByRole('dialog', { name: '간편 로그인' })).toBeTruthy();
    expect(field('휴대폰 번호').value).toBe('');
  });

  it('a member signs in: the modal closes and the session holds the member', async () => {
    const api = authApi({ [`GET /api/user/userPhone/${PHONE}`]: () => json({ result: true }) });
    renderLogin();
    expect(member()).toBe('guest');
    await verifyPhone();
    expect(api.keys()).toEqual([
      'POST /api/sms/send',
      'POST /api/sms/match',
      `GET /api/user/userPhone/${PHONE}`,
      'POST /api/auth/sms/sign-in',
      'GET /api/user/myPage/detail',
    ]);
    expect(api.last('POST /api/auth/sms/sign-in')?.body).toEqual({ phone: PHONE, deviceType: 3, userDeviceId: '', fcmDeviceToken: '' });
    expect(dialog()).toBeNull();
    expect(member()).toBe(USER.userNickname);
  });

  it('a suspended member sees the server message and stays on LOGIN', async () => {
    authApi({
      [`GET /api/user/userPhone/${PHONE}`]: () => json({ result: true }),
      'POST /api/auth/sms/sign-in': () => json({ message: '이용이 정지된 계정입니다. 고객센터로 문의해주세요.', code: 'SUSPENDED' }, 403),
    });
    renderLogin();
    await verifyPhone();
    expect(errorLine()).toBe('이용이 정지된 계정입니다. 고객센터로 문의해주세요.');
    expect(member()).toBe('guest');
  });
});
