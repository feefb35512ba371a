import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { open, test } from './browser';
import { latestCode, newPhone } from './members';

/**
 * 비밀번호 재설정 (issue 13 §3): a member with an id and a password who forgot it proves the phone
 * by SMS in the login modal, sets a new password, and only the new one signs in afterwards.
 */

/** Makes an id + password account from inside the page, so the SMS ticket and session cookies land in the browser. */
async function signUpWithId(page: Page, baseURL: string, account: { phone: string; email: string; password: string; nickname: string }) {
  await page.evaluate(async (phone) => {
    await fetch('/api/sms/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) });
  }, account.phone);
  const code = await latestCode(baseURL, account.phone);
  const statuses = await page.evaluate(
    async ({ phone, email, password, nickname, code }) => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const match = await post('/api/sms/match', { phone, code });
      const signUp = await post('/api/auth/sign-up', {
        userId: email,
        userPassword: password,
        userName: nickname,
        phoneNumber: phone,
        marketingFlag: false,
        nighttimeAlarmFlag: false,
      });
      return [match.status, signUp.status];
    },
    { ...account, code },
  );
  expect(statuses).toEqual([200, 200]);
  return code;
}

test('a member who forgot the password resets it by phone; the new one signs in and the old one is refused', async ({ page, baseURL }) => {
  const phone = newPhone('0102');
  const email = `reset${phone}@example.com`;
  const oldPassword = 'old beesang 1';
  const newPassword = 'new beesang 2';
  await open(page, '/');
  const firstCode = await signUpWithId(page, baseURL, { phone, email, password: oldPassword, nickname: '재설정개미' });

  const header = page.locator('header');
  await page.reload();
  await header.getByText('재설정개미').waitFor();
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await page.locator('[data-notice]').getByText('정상적으로 로그아웃되었습니다.').waitFor();

  // ID_LOGIN, the email typed, then the reset link; the server holds a phone's next code for 5 s.
  await page.waitForTimeout(5_100);
  await header.getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '아이디로 로그인' }).click();
  await dialog.getByLabel('아이디 (이메일)').fill(email);
  await dialog.getByRole('button', { name: '비밀번호 재설정' }).click();
  await dialog.getByRole('heading', { name: '비밀번호 재설정' }).waitFor();

  await dialog.getByLabel('휴대폰 번호').fill(phone);
  await dialog.getByRole('button', { name: '인증요청' }).click();
  await dialog.getByRole('button', { name: '재전송' }).waitFor();
  const code = await latestCode(baseURL, phone, firstCode);
  await expect.poll(() => dialog.getByLabel('인증번호 남은 시간').textContent()).toMatch(/^0[23]:\d\d$/);
  await dialog.getByLabel('인증번호', { exact: true }).fill(code);
  const pass = dialog.getByLabel('새 비밀번호', { exact: true });
  await pass.fill('short');
  await dialog.getByText('8자 이상 64자 이하 (미충족)').waitFor();
  await pass.fill(newPassword);
  await dialog.getByText('8자 이상 64자 이하 (충족)').waitFor();
  await dialog.getByLabel('새 비밀번호 확인').fill(newPassword);
  await dialog.getByText('비밀번호가 일치합니다.').waitFor();
  await dialog.getByRole('button', { name: '비밀번호 재설정', exact: true }).click();

  // Back on ID_LOGIN with the message, the email still typed.
  await dialog.getByRole('heading', { name: '아이디로 로그인' }).waitFor();
  await dialog.getByText('비밀번호를 바꿨어요. 새 비밀번호로 로그인해주세요.').waitFor();
  expect(await dialog.getByLabel('아이디 (이메일)').inputValue()).toBe(email);

  const password = dialog.getByLabel('비밀번호', { exact: true });
  const login = dialog.getByRole('button', { name: '로그인', exact: true });
  await password.fill(oldPassword);
  await login.click();
  await dialog.getByText('아이디 또는 비밀번호가 일치하지 않습니다.').waitFor();
  await password.fill(newPassword);
  await login.click();
  await header.getByText('재설정개미').waitFor();
  await expect.poll(() => dialog.count()).toBe(0);
});
