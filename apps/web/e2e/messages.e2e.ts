import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { open, test } from './browser';
import { latestCode, newPhone, signUpMember } from './members';

/*
 * Spec §5 "Sign-up" and §8 in Chromium against the real server: the messages typed into being with
 * the keyboard (the component tables in features/auth walk every row; this checks that a real
 * browser and the real API say the same), and the one §8 answer only the database can give, an
 * email already in use.
 */

const nextPhone = () => newPhone('0109');

/** An 8×8 PNG: the upload route decodes images, so the photo has to be a real one. */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPQyPuAFTEMLQkA5vNhgYbs55MAAAAASUVORK5CYII=',
  'base64',
);

/** A new phone through the login modal's code step and the member-type page to `card`'s form. */
async function reachSignUp(page: Page, baseURL: string, card: '일반 회원' | '증권사 PB 회원') {
  const phone = nextPhone();
  await open(page, '/');
  await page.locator('header').getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('휴대폰 번호').fill(phone);
  await dialog.getByRole('button', { name: '인증요청' }).click();
  await dialog.getByRole('button', { name: '재전송' }).waitFor();
  await dialog.getByLabel('인증번호', { exact: true }).fill(await latestCode(baseURL, phone));
  await dialog.getByRole('button', { name: '로그인 (회원가입)' }).click();
  await dialog.getByText(card, { exact: true }).click();
  await dialog.getByRole('button', { name: '다음' }).click();
  await dialog.getByRole('heading', { name: `${card}가입` }).waitFor();
  return dialog;
}

/** Replaces a field's text by typing it, key by key, as a person would. */
async function retype(field: Locator, text: string) {
  await field.fill('');
  if (text) await field.pressSequentially(text);
}

/** The error a field points to (aria-describedby), without its hint or counter. */
function messageOf(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && !id.endsWith('-hint') && !id.endsWith('-counter'))
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

test('normal sign-up: each field says its §5 message as it is typed, and an email in use is refused by the server', async ({
  page,
  baseURL,
  browser,
}) => {
  // Someone already signed up with this email, in another browser.
  const taken = nextPhone();
  const other = await browser.newContext({ baseURL });
  await signUpMember(other, baseURL, { nickname: '먼저온개미', phone: taken, verified: false });
  await other.close();

  const dialog = await reachSignUp(page, baseURL, '일반 회원');
  const nickname = dialog.getByLabel('닉네임');
  const email = dialog.getByLabel('이메일');
  const rows: Array<[Locator, string, string]> = [
    [nickname, '개', '두 글자 이상 입력해주세요.'],
    [nickname, '가나다라마바사아자차카', '열 글자 이하로 입력해주세요.'],
    [nickname, '개미12', '닉네임은 한글 또는 영문으로만 입력해주세요.'],
    [nickname, '', '닉네임을 입력해주세요.'],
    [nickname, '비상개미', ''],
    [email, 'ant@', '이메일 형식이 올바르지 않습니다.'],
    [email, `${taken}@example.com`, ''],
  ];
  for (const [field, text, message] of rows) {
    await retype(field, text);
    await expect.poll(() => messageOf(field), { message: text }).toBe(message);
  }

  const terms = dialog.getByRole('group', { name: '약관 동의' });
  await dialog.getByText('전체 동의').click();
  await dialog.getByText('전체 동의').click();
  await expect.poll(() => messageOf(terms)).toBe('필수 약관에 동의해주세요.');
  await dialog.getByText('전체 동의').click();
  await expect.poll(() => messageOf(terms)).toBe('');

  await dialog.getByRole('button', { name: '확인' }).click();
  await expect.poll(() => messageOf(email)).toBe('이미 사용 중인 이메일입니다.');
  // Still the form, with what was typed.
  expect(await nickname.inputValue()).toBe('비상개미');
  // And still signed out: the header behind the open dialog (hidden from assistive technology meanwhile) offers 로그인.
  await page.locator('header').getByRole('button', { name: '로그인', exact: true, includeHidden: true }).waitFor({ state: 'attached' });
  expect(await dialog.isVisible()).toBe(true);
});

test('PB sign-up: the experts’ wording, the office and introduction messages, and the upload toast', async ({ page, baseURL }) => {
  const dialog = await reachSignUp(page, baseURL, '증권사 PB 회원');
  const rows: Array<[string, string, string]> = [
    ['이메일', 'pb@', '올바른 이메일 형식이 아닙니다.'],
    ['이름 (실명)', '김', '두글자 이상 입력해주세요.'],
    ['이름 (실명)', '가나다라마바사아자차카', '최대 10자까지 입력할 수 있어요.'],
    ['이름 (실명)', '김1', '한글, 영문 2~10자로 입력해주세요.'],
    ['증권사명', '', 'PB 정보를 입력해주세요.'],
    ['부서명', '', '부서 정보를 입력해주세요.'],
  ];
  for (const [label, text, message] of rows) {
    const field = dialog.getByLabel(label, { exact: true });
    // An empty field says nothing until it was changed: type a letter first.
    if (!text) await field.pressSequentially('가');
    await retype(field, text);
    await expect.poll(() => messageOf(field), { message: `${label} ${text}` }).toBe(message);
  }

  const intro = dialog.getByLabel(/자기소개/);
  await intro.fill('ㄱ'.repeat(500));
  await expect.poll(() => messageOf(intro)).toBe('');
  await intro.press('End');
  await intro.pressSequentially('ㄴ');
  await expect.poll(() => messageOf(intro)).toBe('자기소개는 500자를 넘을 수 없습니다.');
  await dialog.getByText('501/500').waitFor();

  const terms = dialog.getByRole('group', { name: '약관 동의' });
  await dialog.getByRole('checkbox', { name: /서비스 이용약관/ }).check();
  await expect.poll(() => messageOf(terms)).toBe('이용약관에 동의해야 합니다.');

  const photo = dialog.getByLabel('프로필 사진', { exact: true });
  await photo.setInputFiles({ name: 'pb.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await page.getByText('이미지 업로드 완료', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'pb.png 삭제' }).click();
  await expect.poll(() => messageOf(photo)).toBe('프로필 사진을 추가해주세요.');
});
