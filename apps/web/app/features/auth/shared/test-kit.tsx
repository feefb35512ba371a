import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { button, click, dialog, field, settle, type } from '../../../test/dom';
import { fakeApi, json, ok, type Routes } from '../../../test/fake-api';
import { TEST_MEMBER } from '../../../test/members';
import { openLoginDialog, renderInApp } from '../../../test/render';
import { LoginDialog } from '../login-dialog';

/** The auth tests' world: the API answering the happy path of a new member, and the login modal in the app. */
export const PHONE = '01012345678';

/** The member GET /api/user/myPage/detail returns once signed in. */
export const USER = TEST_MEMBER;

const NEW_MEMBER: Routes = {
  'POST /api/sms/send': () => ok(true),
  'POST /api/sms/match': () => json({ result: true, verificationTicket: 'ticket' }),
  [`GET /api/user/userPhone/${PHONE}`]: () => ok(false),
  'POST /api/auth/sms/sign-in': () => ok({ accessToken: 'a', refreshToken: 'r' }),
  'GET /api/user/myPage/detail': () => ok(USER),
  'POST /api/auth/sms/sign-up': () => ok({ result11: { accessToken: 'a', refreshToken: 'r' } }),
  'POST /api/auth/logout': () => new Response(null, { status: 204 }),
};

/** `routes` override the new member's happy path; every email is free unless a route says otherwise. */
export function authApi(routes: Routes = {}) {
  return fakeApi({ ...NEW_MEMBER, ...routes }, (call) =>
    call.method === 'GET' && call.path.startsWith('/api/user/userId/') ? ok(false) : undefined,
  );
}

/** A visitor on the home page with the login modal open. */
export function renderLogin() {
  const { router } = renderInApp(<p>home</p>, { user: null, layout: <LoginDialog /> });
  openLoginDialog();
  return router;
}

/** The modal's one shared error line. */
export const errorLine = () => document.querySelector('form p[aria-live]')?.textContent ?? '';

/** LOGIN → code sent → code typed → pressed; the API decides where it goes next. */
export async function verifyPhone(submit = '로그인 (회원가입)') {
  type(field('휴대폰 번호'), PHONE);
  click(button('인증요청'));
  await settle();
  type(field('인증번호'), '123456');
  click(button(submit));
  await settle();
}

/** From LOGIN through USER_TYPE to the chosen sign-up page. */
export async function reachSignUp(card: '일반 회원' | '증권사 PB 회원' | '세무사 회원') {
  await verifyPhone();
  click(screen.getByRole('radio', { name: new RegExp(card) }));
  click(button('다음'));
  expect(dialog()).not.toBeNull();
}
