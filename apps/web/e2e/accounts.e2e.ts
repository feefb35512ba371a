import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { open, test } from './browser';

let counter = Date.now() % 10_000_000;
const newPhone = () => `0108${String(++counter).padStart(7, '0').slice(-7)}`;

async function latestCode(baseURL: string, phone: string, previous?: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseURL}/api/dev/sms-outbox?phone=${phone}`);
    const body = (await res.json()) as { result: Array<{ text: string }> };
    const code = /\[(\d{6})\]/.exec(body.result[0]?.text ?? '')?.[1];
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS for ${phone}`);
}

async function requestCode(page: Page, baseURL: string, phone: string, previous?: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('휴대폰 번호').fill(phone);
  await dialog.getByRole('button', { name: '인증요청' }).click();
  await dialog.getByRole('button', { name: '재전송' }).waitFor();
  return latestCode(baseURL, phone, previous);
}

test('a visitor signs up with a phone number, stays signed in across a reload, logs out and signs back in', async ({ page, baseURL }) => {
  const phone = newPhone();
  await open(page, '/');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();

  const code = await requestCode(page, baseURL, phone);
  await expect.poll(() => dialog.getByLabel('인증번호 남은 시간').textContent()).toMatch(/^0[23]:\d\d$/);
  await dialog.getByLabel('인증번호', { exact: true }).fill(code);
  await dialog.getByRole('button', { name: '로그인 (회원가입)' }).click();

  // A first-time phone goes to the member-type page, then the normal sign-up form.
  await dialog.getByText('일반 회원').click();
  await dialog.getByRole('button', { name: '다음' }).click();
  await dialog.getByLabel('닉네임').fill('비상테스터');
  await dialog.getByLabel('이메일').fill(`${phone}@example.com`);
  await dialog.getByText('전체 동의').click();
  const confirm = dialog.getByRole('button', { name: '확인' });
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();

  const header = page.locator('header');
  await header.getByText('비상테스터').waitFor();
  await expect.poll(() => dialog.count()).toBe(0);
  await page.reload();
  await header.getByText('비상테스터').waitFor();

  // A new member is COMMON: registering a listing asks for identity verification first.
  await header.getByRole('button', { name: '매물 등록' }).click();
  const needed = page.getByRole('dialog', { name: '본인인증이 필요합니다' });
  await needed.waitFor();
  await needed.getByRole('button', { name: '확인' }).click();
  await page.waitForURL((url) => url.pathname === '/myPage');

  // Identity verification through the simulated provider's window.
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: '본인인증하기' }).click()]);
  await popup.getByText('테스트 모드').waitFor();
  await popup.getByLabel('이름').fill('김비상');
  await popup.getByLabel('생년월일 (8자리)').fill('19900101');
  await popup.getByLabel('휴대폰 번호').fill(phone);
  await popup.getByRole('button', { name: '인증 완료' }).click();
  await page.getByText('본인인증을 마쳤어요 (김비상)').waitFor();
  await header.getByRole('button', { name: '매물 등록' }).click();
  await page.getByText('매물 등록은 곧 열립니다.').waitFor();

  // Logout from the menu: notice, home, the login button again.
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await page.getByText('정상적으로 로그아웃되었습니다.').waitFor();
  await header.getByRole('button', { name: '로그인', exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');

  // Sign back in: a wrong code first, the resend cooldown, then the right code. The server holds a
  // phone's next code for 5 seconds after the last one, so a person this fast waits that long too.
  await page.waitForTimeout(5_100);
  await header.getByRole('button', { name: '로그인', exact: true }).click();
  const second = await requestCode(page, baseURL, phone, code);
  const wrong = second === '000000' ? '111111' : '000000';
  await dialog.getByLabel('인증번호', { exact: true }).fill(wrong);
  await dialog.getByRole('button', { name: '로그인 (회원가입)' }).click();
  await dialog.getByText('인증번호가 일치하지 않아요. 다시 확인해 주세요.').waitFor();
  await dialog.getByRole('button', { name: '재전송' }).click();
  await dialog.getByText('5초 이후 재인증 가능합니다.').waitFor();
  await dialog.getByLabel('인증번호', { exact: true }).fill(second);
  await dialog.getByRole('button', { name: '로그인 (회원가입)' }).click();
  await header.getByText('비상테스터').waitFor();
});
