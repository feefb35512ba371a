import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { StockSummary } from '@beesang/contract';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { api, hydrated, open, SCREENSHOT_DIR, test } from './browser';
import { latestCode, newPhone } from './members';
import { signInAsStaff } from './staff';

/**
 * Expert badges that mean something (issue 13 §5, decision 0016): a tax accountant signs up with a
 * business card, reads as a normal member until an operator decides in 전문가 심사, reads a
 * rejection's reason on /myPage, sends a new card from there, and wears the badge once approved.
 */

/** A business card as a photo would show it (600×360 PNG); `accent` tells the first card from the second. */
function businessCard(accent: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="360">
    <rect width="600" height="360" fill="#fbfaf7"/>
    <rect x="0" y="0" width="600" height="14" fill="${accent}"/>
    <rect x="48" y="70" width="220" height="34" rx="4" fill="#191f28"/>
    <rect x="48" y="124" width="160" height="16" rx="3" fill="#8b95a1"/>
    <rect x="48" y="236" width="300" height="12" rx="3" fill="#b0b8c1"/>
    <rect x="48" y="262" width="260" height="12" rx="3" fill="#b0b8c1"/>
    <rect x="48" y="288" width="220" height="12" rx="3" fill="#b0b8c1"/>
    <circle cx="500" cy="110" r="46" fill="${accent}" opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Screens of the new sections at desktop and phone widths, for a person to look at (test-results/e2e). */
async function shoot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 1000 : 844 });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Another person at another computer: a fresh context of the same browser. */
async function person(page: Page): Promise<{ context: BrowserContext; page: Page }> {
  const context = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  if (!context) throw new Error('no browser');
  return { context, page: await context.newPage() };
}

/** The writer line of the opinion containing `stamp` on the company's discussion tab, as `reader` sees it. */
async function opinionOf(reader: Page, baseURL: string, companyIdx: number, stamp: string) {
  await open(reader, `${baseURL}/stock/${companyIdx}`);
  await reader.getByRole('tab', { name: '토론' }).click();
  const opinion = reader.getByTestId('opinion').filter({ hasText: stamp });
  await opinion.waitFor();
  return opinion;
}

test('a CTA signs up with a card, reads as a normal member, is turned down with a reason, sends a new card and wears the badge once approved', async ({
  page,
  baseURL,
}) => {
  const [company] = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=1&sort=name&order=desc')).data;
  if (!company) throw new Error('no companies');
  const phone = newPhone('0109');
  const stamp = `세무 의견 ${Date.now().toString(36)}`;

  // Sign-up in the login dialog: the photo, the office and a business card for the operators.
  await open(page, '/');
  await page.locator('header').getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('휴대폰 번호').fill(phone);
  await dialog.getByRole('button', { name: '인증요청' }).click();
  await dialog.getByRole('button', { name: '재전송' }).waitFor();
  await dialog.getByLabel('인증번호', { exact: true }).fill(await latestCode(baseURL, phone));
  await dialog.getByRole('button', { name: '로그인 (회원가입)' }).click();
  await dialog.getByText('세무사 회원', { exact: true }).click();
  await dialog.getByRole('button', { name: '다음' }).click();
  await dialog.getByLabel('이름 (실명)').fill('김세무');
  await dialog.getByLabel('닉네임').fill('심사세무사');
  await dialog.getByLabel('이메일').fill(`expert${phone}@example.com`);
  await dialog.getByLabel('세무사무소명').fill('비상세무회계');
  await dialog.getByLabel('프로필 사진', { exact: true }).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3182f6' } })
      .png()
      .toBuffer(),
  });
  await dialog.getByRole('img', { name: '프로필 사진', exact: true }).waitFor();
  await dialog
    .getByLabel('전문가 증빙 (명함 또는 자격증)')
    .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await businessCard('#1a6de0') });
  await dialog.getByRole('img', { name: '전문가 증빙 (명함 또는 자격증) 미리보기' }).waitFor();
  await dialog.getByText('전체 동의').click();
  await dialog.getByRole('button', { name: '가입 완료' }).click();
  await page.locator('header').getByText('심사세무사').waitFor();

  // An opinion: others read a normal member (no badge, no expert name) while the claim waits.
  const posted = await page.context().request.post(`${baseURL}/api/opinion`, {
    data: { companyIdx: company.companyIdx, content: stamp },
    headers: { origin: baseURL },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  const visitor = await person(page);
  const operator = await person(page);
  try {
    const before = await opinionOf(visitor.page, baseURL, company.companyIdx, stamp);
    await before.getByText('심사세무사').waitFor();
    expect(await before.getByText('세무사 · 김세무').count()).toBe(0);
    expect(await before.getByText('김세무').count()).toBe(0);

    // The member's own page says where it stands.
    await open(page, '/myPage');
    await page.getByTestId('expert-status').filter({ hasText: '심사 중' }).waitFor();
    await page.getByText('제출한 증빙을 운영자가 확인하고 있습니다.', { exact: false }).waitFor();
    await shoot(page, 'expert-mypage-pending');

    // 전문가 심사: the moderator reads the claim beside the card and turns it down with a reason.
    await signInAsStaff(operator.context, baseURL, inject('staff').MODERATOR);
    await operator.page.goto(`${baseURL}/admin/experts`);
    const card = operator.page.getByTestId('expert-row').filter({ hasText: '심사세무사' });
    await hydrated(card);
    await card.getByText('비상세무회계').waitFor();
    await card.getByRole('img', { name: '김세무 (심사세무사)의 전문가 증빙' }).waitFor();
    await shoot(operator.page, 'expert-console-queue');
    await card.getByRole('button', { name: '반려', exact: true }).click();
    await card.getByRole('button', { name: '반려하기' }).click();
    await card.getByText('반려 사유를 입력해주세요. 회원에게 그대로 보여집니다.').waitFor();
    await card.getByRole('button', { name: '증빙의 소속이 입력한 사무소와 다릅니다.' }).click();
    await shoot(operator.page, 'expert-console-reject');
    await card.getByRole('button', { name: '반려하기' }).click();
    await expect.poll(() => card.count()).toBe(0);

    // The member reads the reason and sends a new card from /myPage: back in the queue.
    await open(page, '/myPage');
    await page.getByTestId('expert-status').filter({ hasText: '반려됨' }).waitFor();
    await page.getByRole('alert').filter({ hasText: '증빙의 소속이 입력한 사무소와 다릅니다.' }).waitFor();
    await shoot(page, 'expert-mypage-rejected');
    await page
      .getByLabel('새 증빙 (명함 또는 자격증)')
      .setInputFiles({ name: 'card2.png', mimeType: 'image/png', buffer: await businessCard('#d92b3a') });
    await page.getByRole('img', { name: '새 증빙 (명함 또는 자격증) 미리보기' }).waitFor();
    await page.getByRole('button', { name: '다시 심사 받기' }).click();
    await page.getByTestId('expert-status').filter({ hasText: '심사 중' }).waitFor();

    // Approved in the console: the badge and the expert name show on the opinion at once.
    await operator.page.goto(`${baseURL}/admin/experts`);
    const again = operator.page.getByTestId('expert-row').filter({ hasText: '심사세무사' });
    await hydrated(again);
    await again.getByText('이전 반려 사유').waitFor();
    await again.getByRole('button', { name: '승인', exact: true }).click();
    await expect.poll(() => again.count()).toBe(0);

    const after = await opinionOf(visitor.page, baseURL, company.companyIdx, stamp);
    await after.getByText('세무사 · 김세무').waitFor();

    await open(page, '/myPage');
    await page.getByTestId('expert-status').filter({ hasText: '승인됨' }).waitFor();
    await shoot(page, 'expert-mypage-approved');
  } finally {
    await visitor.context.close();
    await operator.context.close();
  }
});
