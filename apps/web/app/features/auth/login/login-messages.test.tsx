import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, dialog, field, settle, type } from '../../../test/dom';
import { json, ok, type Routes } from '../../../test/fake-api';
import { member } from '../../../test/render';
import { authApi, errorLine, PHONE, renderLogin } from '../shared/test-kit';

/*
 * Spec §8 "Phone login and sign-up messages", the phone login's half, walked as a table: one row
 * per (what happens, the message on the LOGIN page's one error line). The Korean is written out so
 * that a changed wording fails here. The fields' own §5 messages are walked in login-page.test.tsx,
 * the sign-up's in sign-up-messages.test.tsx.
 */

beforeEach(() => {
  vi.useFakeTimers();
});

const MATCH = 'POST /api/sms/match';
const SEND = 'POST /api/sms/send';
const REGISTERED = `GET /api/user/userPhone/${PHONE}`;
const SIGN_IN = 'POST /api/auth/sms/sign-in';
const offline = () => {
  throw new TypeError('Failed to fetch');
};

/** What the member does, step by step, in the rows below. */
const steps = {
  /** Types a number and asks for a code. */
  async request(phone = PHONE) {
    type(field('휴대폰 번호'), phone);
    click(button('인증요청'));
    await settle();
  },
  /** Types the code and presses login. */
  async login(code = '123456') {
    type(field('인증번호'), code);
    click(button('로그인 (회원가입)'));
    await settle();
  },
};
type Steps = typeof steps;

/** A member with an account, for the rows that reach the sign-in itself. */
const member$ = { [REGISTERED]: () => json({ result: true }) };

describe('spec §8 phone login messages, on the shared error line', () => {
  it.each<[string, string, Routes, (s: Steps) => Promise<void>]>([
    ['invalid phone: 인증요청 with 0101234', '휴대폰 번호 형식이 올바르지 않습니다.', {}, (s) => s.request('0101234')],
    [
      'resend within 5 seconds',
      '5초 이후 재인증 가능합니다.',
      {},
      async (s) => {
        await s.request();
        await settle(4000);
        click(button('재전송'));
        await settle();
      },
    ],
    [
      'the server says the resend is too soon',
      '5초 이후 재인증 가능합니다.',
      { [SEND]: () => json({ message: '5초 이후 재인증 가능합니다.', code: 'RESEND_TOO_SOON' }, 429, { 'retry-after': '5' }) },
      (s) => s.request(),
    ],
    ['the send fails at the SMS gateway', '인증번호 발송에 실패했습니다.', { [SEND]: () => json({}, 502) }, (s) => s.request()],
    ['the send cannot reach the server', '인증번호 발송에 실패했습니다.', { [SEND]: offline }, (s) => s.request()],
    [
      'the 3-minute timer ran out before login',
      '입력 시간이 만료되었어요. 다시 요청해주세요.',
      {},
      async (s) => {
        await s.request();
        await settle(180_000);
        await s.login();
      },
    ],
    [
      'the server finds the code expired',
      '입력 시간이 만료되었어요. 다시 요청해주세요.',
      { [MATCH]: () => json({ result: false, code: 'CODE_EXPIRED' }) },
      async (s) => {
        await s.request();
        await s.login();
      },
    ],
    [
      'the code does not match (the server says so)',
      '인증번호가 일치하지 않아요. 다시 확인해 주세요.',
      { [MATCH]: () => json({ result: false, code: 'CODE_MISMATCH', message: '인증번호가 일치하지 않아요. 다시 확인해 주세요.' }) },
      async (s) => {
        await s.request();
        await s.login();
      },
    ],
    [
      'the code does not match (no reason given)',
      '인증번호가 일치하지 않아요. 다시 확인해 주세요.',
      { [MATCH]: () => json({ result: false }) },
      async (s) => {
        await s.request();
        await s.login();
      },
    ],
    [
      'generic: the sign-in answers without a token',
      '처리 중 오류가 발생했습니다.',
      { ...member$, [SIGN_IN]: () => ok({}) },
      async (s) => {
        await s.request();
        await s.login();
      },
    ],
    [
      'generic: the registration check fails without a message',
      '처리 중 오류가 발생했습니다.',
      { [REGISTERED]: () => json({}, 500) },
      async (s) => {
        await s.request();
        await s.login();
      },
    ],
    [
      'generic: the sign-in cannot reach the server',
      '처리 중 오류가 발생했습니다.',
      { ...member$, [SIGN_IN]: offline },
      async (s) => {
        await s.request();
        await s.login();
      },
    ],
    [
      // "The server message is preferred when present."
      'the server refuses the sign-in with its own message',
      '이용이 정지된 계정입니다. 고객센터로 문의해주세요.',
      { ...member$, [SIGN_IN]: () => json({ message: '이용이 정지된 계정입니다. 고객센터로 문의해주세요.', code: 'SUSPENDED' }, 403) },
      async (s) => {
        await s.request();
        await s.login();
      },
    ],
  ])('%s → %j', async (_, message, routes, act$) => {
    authApi(routes);
    renderLogin();
    expect(errorLine()).toBe('');
    await act$(steps);
    expect(errorLine()).toBe(message);
    // Still on LOGIN, nobody signed in.
    expect(screen.getByRole('dialog', { name: '간편 로그인' })).toBeTruthy();
    expect(member()).toBe('guest');
  });
});

describe('spec §8: when the phone messages go', () => {
  it('"5초 이후 재인증 가능합니다." clears after the remaining time, not the whole 5 seconds', async () => {
    authApi();
    renderLogin();
    await steps.request();
    await settle(4000);
    click(button('재전송'));
    await settle();
    expect(errorLine()).toBe('5초 이후 재인증 가능합니다.');
    await settle(999);
    expect(errorLine()).toBe('5초 이후 재인증 가능합니다.');
    await settle(1);
    expect(errorLine()).toBe('');
  });

  it('"인증번호 발송에 실패했습니다." resets the resend clock: asking again at once is sent', async () => {
    const api = authApi({ [SEND]: () => json({}, 502) });
    renderLogin();
    await steps.request();
    expect(errorLine()).toBe('인증번호 발송에 실패했습니다.');
    click(button('인증요청'));
    await settle();
    expect(api.keys()).toEqual([SEND, SEND]);
    expect(errorLine()).toBe('인증번호 발송에 실패했습니다.');
  });

  it("a wrong code's message goes when the member types the code again", async () => {
    authApi({ [MATCH]: () => json({ result: false, message: '인증번호가 일치하지 않아요. 다시 확인해 주세요.' }) });
    renderLogin();
    await steps.request();
    await steps.login('123456');
    expect(errorLine()).toBe('인증번호가 일치하지 않아요. 다시 확인해 주세요.');
    type(field('인증번호'), '12345');
    expect(errorLine()).toBe('');
    expect(dialog()).not.toBeNull();
  });
});
