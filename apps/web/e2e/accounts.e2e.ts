import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { open, test } from './browser';
import { latestCode, newPhone, signUpMember } from './members';

const nextPhone = () => newPhone('0108');

/** An 8×8 PNG: the upload route decodes images, so the photo has to be a real one. */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPQyPuAFTEMLQkA5vNhgYbs55MAAAAASUVORK5CYII=',
  'base64',
);

async function logout(page: Page) {
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await page.locator('[data-notice]').getByText('정상적으로 로그아웃되었습니다.').waitFor();
  await page.locator('header').getByRole('button', { name: '로그인', exact: true }).waitFor();
}

async function requestCode(page: Page, baseURL: string, phone: string, previous?: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('휴대폰 번호').fill(phone);
  await dialog.getByRole('button', { name: '인증요청' }).click();
  await dialog.getByRole('button', { name: '재전송' }).waitFor();
  return latestCode(baseURL, phone, previous);
}

/** Opens the login modal from the header and goes on to its id sign-in page. */
async function openIdLogin(page: Page) {
  await page.locator('header').getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '아이디로 로그인' }).click();
  await dialog.getByRole('heading', { name: '아이디로 로그인' }).waitFor();
  return dialog;
}

/** A new phone through the login modal's code step and the member-type page to `card`'s form; returns the code used. */
async function reachSignUpForm(page: Page, baseURL: string, phone: string, card: '증권사 PB 회원' | '세무사 회원') {
  await open(page, '/');
  await page.locator('header').getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const code = await requestCode(page, baseURL, phone);
  await dialog.getByLabel('인증번호', { exact: true }).fill(code);
  await dialog.getByRole('button', { name: '로그인 (회원가입)' }).click();
  await dialog.getByText(card, { exact: true }).click();
  await dialog.getByRole('button', { name: '다음' }).click();
  await dialog.getByRole('heading', { name: `${card}가입` }).waitFor();
  return code;
}

test('a visitor signs up with a phone number, stays signed in across a reload, logs out and signs back in', async ({ page, baseURL }) => {
  const phone = nextPhone();
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
  // Verified, the same button opens the listing form (its own journeys are elsewhere); closing it is enough here.
  await header.getByRole('button', { name: '매물 등록' }).click();
  const listing = page.getByRole('dialog', { name: '매물 등록' });
  await listing.waitFor();
  await listing.getByRole('button', { name: '닫기' }).click();
  await expect.poll(() => listing.count()).toBe(0);

  // Logout from the menu: notice, home, the login button again.
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await page.locator('[data-notice]').getByText('정상적으로 로그아웃되었습니다.').waitFor();
  await header.getByRole('button', { name: '로그인', exact: true }).waitFor();
  await page.waitForURL((url) => url.pathname === '/');

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

test('a securities PB signs up with a photo, office and department, logs out and signs back in by phone', async ({ page, baseURL }) => {
  const phone = nextPhone();
  const code = await reachSignUpForm(page, baseURL, phone, '증권사 PB 회원');
  const header = page.locator('header');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('이름 (실명)').fill('김피비');
  await dialog.getByLabel('닉네임').fill('피비테스터');
  await dialog.getByLabel('이메일').fill(`pb${phone}@example.com`);
  await dialog.getByLabel('프로필 사진', { exact: true }).setInputFiles({ name: 'pb.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await dialog.getByRole('img', { name: '프로필 사진', exact: true }).waitFor();
  await dialog.getByLabel('증권사명').fill('비상증권');
  await dialog.getByLabel('부서명').fill('강남WM센터');
  await dialog.getByText('전체 동의').click();
  const done = dialog.getByRole('button', { name: '가입 완료' });
  await expect.poll(() => done.isEnabled()).toBe(true);
  await done.click();

  await header.getByText('피비테스터').waitFor();
  await expect.poll(() => dialog.count()).toBe(0);

  await logout(page);
  // The server holds a phone's next code for 5 seconds after the last one.
  await page.waitForTimeout(5_100);
  await header.getByRole('button', { name: '로그인', exact: true }).click();
  const second = await requestCode(page, baseURL, phone, code);
  await dialog.getByLabel('인증번호', { exact: true }).fill(second);
  await dialog.getByRole('button', { name: '로그인 (회원가입)' }).click();
  await header.getByText('피비테스터').waitFor();
});

test('a tax accountant (CTA) signs up with a photo and an office, no department, and it shows on /myPage', async ({ page, baseURL }) => {
  const phone = nextPhone();
  await reachSignUpForm(page, baseURL, phone, '세무사 회원');
  const header = page.locator('header');
  const dialog = page.getByRole('dialog');
  // A tax office has no department: the PB's field is not there.
  expect(await dialog.getByLabel('부서명').count()).toBe(0);
  await dialog.getByLabel('이름 (실명)').fill('김세무');
  await dialog.getByLabel('닉네임').fill('세무테스터');
  await dialog.getByLabel('이메일').fill(`cta${phone}@example.com`);
  await dialog.getByLabel('세무사무소명').fill('비상세무회계');
  await dialog.getByText('전체 동의').click();
  const done = dialog.getByRole('button', { name: '가입 완료' });
  // The photo is required for experts: without it the form cannot be sent.
  expect(await done.isEnabled()).toBe(false);
  await dialog.getByLabel('프로필 사진', { exact: true }).setInputFiles({ name: 'cta.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await dialog.getByRole('img', { name: '프로필 사진', exact: true }).waitFor();
  await expect.poll(() => done.isEnabled()).toBe(true);
  await done.click();

  await header.getByText('세무테스터').waitFor();
  await expect.poll(() => dialog.count()).toBe(0);

  // Stored as a tax accountant with the office and no department.
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/user/myPage/detail', { headers: { accept: 'application/json' } });
    return ((await res.json()) as { result: Record<string, string> }).result;
  });
  expect(me).toMatchObject({ expertType: 'CTA', expertName: '김세무', officeName: '비상세무회계', officeDept: '' });
  expect(me.profileImageUrl).toMatch(/^\/uploads\/.+/);

  await open(page, '/myPage');
  await page.getByRole('heading', { name: '마이페이지' }).waitFor();
  await expect.poll(() => page.getByLabel('세무사무소명').inputValue()).toBe('비상세무회계');
  expect(await page.getByLabel('이름 (실명)').inputValue()).toBe('김세무');
  expect(await page.getByLabel('부서', { exact: true }).count()).toBe(0);
});

test('a visitor makes an id and password account in the login modal, logs out and signs back in with them', async ({ page, baseURL }) => {
  const phone = nextPhone();
  const email = `id${phone}@example.com`;
  const password = 'beesang pass 7';
  await open(page, '/');
  const header = page.locator('header');
  const dialog = await openIdLogin(page);
  await dialog.getByRole('button', { name: '아이디로 회원가입' }).click();
  await dialog.getByRole('heading', { name: '아이디로 회원가입' }).waitFor();

  // The phone is verified first, with the code from the dev outbox.
  const code = await requestCode(page, baseURL, phone);
  await dialog.getByLabel('인증번호', { exact: true }).fill(code);
  await dialog.getByRole('button', { name: '다음' }).click();
  await dialog.getByText('인증된 휴대폰 번호').waitFor();
  expect(await dialog.getByText(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`).count()).toBe(1);

  const id = dialog.getByLabel('아이디 (이메일)');
  const pass = dialog.getByLabel('비밀번호', { exact: true });
  const confirm = dialog.getByLabel('비밀번호 확인');
  await expect.poll(() => id.evaluate((el) => el === document.activeElement)).toBe(true);
  await id.fill(email);
  // The rule under the password follows the typing.
  await pass.fill('short');
  await dialog.getByText('8자 이상 64자 이하 (미충족)').waitFor();
  await pass.fill(password);
  await dialog.getByText('8자 이상 64자 이하 (충족)').waitFor();
  await confirm.fill('beesang pass 8');
  await dialog.getByText('비밀번호가 일치하지 않습니다.').waitFor();
  await confirm.fill(password);
  await dialog.getByText('비밀번호가 일치합니다.').waitFor();
  await dialog.getByLabel('닉네임').fill('아이디개미');
  const join = dialog.getByRole('button', { name: '가입하기' });
  expect(await join.isEnabled()).toBe(false);
  await dialog.getByText('전체 동의').click();
  await expect.poll(() => join.isEnabled()).toBe(true);
  await join.click();

  await header.getByText('아이디개미').waitFor();
  await expect.poll(() => dialog.count()).toBe(0);
  await page.reload();
  await header.getByText('아이디개미').waitFor();

  await logout(page);
  await page.waitForURL((url) => url.pathname === '/');
  await openIdLogin(page);
  await dialog.getByLabel('아이디 (이메일)').fill(email);
  await dialog.getByLabel('비밀번호').fill(password);
  await dialog.getByRole('button', { name: '로그인', exact: true }).click();
  await header.getByText('아이디개미').waitFor();
  await expect.poll(() => dialog.count()).toBe(0);
});

test('a member with a password signs in with their id; 아이디 찾기 answers for an unknown identity', async ({ page, baseURL }) => {
  const phone = nextPhone();
  const email = `pw${phone}@example.com`;
  const password = 'beesang-pass-1';
  await open(page, '/');

  // The account is made through the API, from inside the page so the SMS ticket cookie lands in the browser.
  await page.evaluate(async (phone) => {
    await fetch('/api/sms/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone }) });
  }, phone);
  const code = await latestCode(baseURL, phone);
  const statuses = await page.evaluate(
    async ({ phone, code, email, password }) => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const match = await post('/api/sms/match', { phone, code });
      const signUp = await post('/api/auth/sign-up', {
        userId: email,
        userPassword: password,
        userName: '비번회원',
        phoneNumber: phone,
        marketingFlag: false,
        nighttimeAlarmFlag: false,
      });
      const out = await post('/api/auth/logout', {});
      return [match.status, signUp.status, out.status];
    },
    { phone, code, email, password },
  );
  expect(statuses).toEqual([200, 200, 204]);

  await open(page, '/');
  const header = page.locator('header');
  const dialog = await openIdLogin(page);

  // 아이디 찾기 through the simulated provider: this identity never joined.
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: '아이디 찾기' }).click()]);
  await popup.getByLabel('이름').fill('박모름');
  await popup.getByLabel('생년월일 (8자리)').fill('19850505');
  await popup.getByLabel('휴대폰 번호').fill(nextPhone());
  await popup.getByRole('button', { name: '인증 완료' }).click();
  await dialog.getByText('본인인증 정보로 가입된 계정이 없습니다.').waitFor();

  const login = dialog.getByRole('button', { name: '로그인', exact: true });
  expect(await login.isEnabled()).toBe(false);
  await dialog.getByLabel('아이디 (이메일)').fill(email);
  await dialog.getByLabel('비밀번호').fill('not-the-password');
  await login.click();
  await dialog.getByText('아이디 또는 비밀번호가 일치하지 않습니다.').waitFor();
  await dialog.getByLabel('비밀번호').fill(password);
  await login.click();
  await header.getByText('비번회원').waitFor();
  await expect.poll(() => dialog.count()).toBe(0);
});

test('a member whose access token lapsed (15 minutes) opens a page and is still signed in, with nothing lost', async ({
  page,
  baseURL,
}) => {
  const nickname = '돌아온회원';
  await signUpMember(page.context(), baseURL, { nickname, phone: nextPhone(), verified: false });
  // What 15 idle minutes leave in the browser: the refresh token (and its page hint), no access token.
  const kept = (await page.context().cookies()).filter((c) => c.name !== 'ACCESS_TOKEN');
  expect(kept.map((c) => c.name)).toContain('BEESANG_SESSION');
  await page.context().clearCookies();
  await page.context().addCookies(kept);

  await open(page, '/myPage');
  const header = page.locator('header');
  await header.getByText(nickname, { exact: true }).waitFor();
  await page.getByRole('heading', { name: '마이페이지' }).waitFor();
  await page.getByRole('link', { name: '내 매물' }).first().waitFor();
  expect(await header.getByRole('button', { name: '로그인', exact: true }).count()).toBe(0);
  expect(await page.getByText('로그인 세션').count()).toBe(0);
  expect((await page.context().cookies()).some((c) => c.name === 'ACCESS_TOKEN')).toBe(true);

  // Once the session has really ended (logged out elsewhere), the page is a visitor's, quietly.
  await page.context().clearCookies();
  await open(page, '/myPage');
  await header.getByRole('button', { name: '로그인', exact: true }).waitFor();
});
