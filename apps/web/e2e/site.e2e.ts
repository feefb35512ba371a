import type { ContentDetail, ContentSummary } from '@beesang/contract';
import { describe, expect } from 'vitest';
import { api, hydrated, open, PHONE, test } from './browser';

test('a notice: from the list to the post, with its title, body and page title', async ({ page, baseURL }) => {
  const list = await api<{ data: ContentSummary[] }>(baseURL, '/api/v2/notice/list?page=1&size=15');
  const newest = list.data[0]!;
  const post = await api<ContentDetail>(baseURL, `/api/v2/notice/${newest.id}`);

  await open(page, '/notice');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('공지사항');
  expect(await page.title()).toContain('공지사항');
  const firstPost = page.locator('main li a').first();
  expect(await firstPost.textContent()).toContain(newest.title);
  await firstPost.click();
  await page.waitForURL(`**/notice/${newest.id}`);

  const article = page.locator('main article');
  await expect.poll(() => article.getByRole('heading', { level: 1 }).textContent()).toBe(post.title);
  // The body as the API rendered it from Markdown (sanitised there), paragraph by paragraph.
  expect(post.bodyHtml).toContain('<p>');
  expect(await article.getByTestId('content-body').innerHTML()).toBe(post.bodyHtml);
  await expect.poll(() => page.title()).toContain('공지사항');
  expect(await page.title()).toContain(post.title);

  // The list link leads back.
  await article.getByRole('link', { name: '목록' }).click();
  await page.waitForURL((url) => url.pathname === '/notice');
});

test('an OAuth callback route renders bare: no site header, no footer', async ({ page, baseURL }) => {
  const html = await (await fetch(`${baseURL}/auth/callback/kakao`)).text();
  expect(html).not.toMatch(/<header[\s>]/);
  expect(html).not.toMatch(/<footer[\s>]/);
  expect(html).toContain('로그인 처리 중입니다');
  expect(html).toContain('카카오');

  const response = await page.goto('/auth/callback/kakao');
  expect(response?.status()).toBe(200);
  // Without the provider's code and state the page says so, with a way home.
  await page.getByRole('heading', { name: '로그인하지 못했습니다' }).waitFor();
  expect(await page.getByRole('alert').textContent()).toContain('올바르지 않은 요청');
  // Still bare once the app runs in the browser.
  expect(await page.locator('header').count()).toBe(0);
  expect(await page.locator('footer').count()).toBe(0);
  expect(await page.getByRole('combobox').count()).toBe(0);
});

test('an unknown address answers 404 with the not-found page', async ({ page, baseURL }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor();
  expect(await page.title()).toContain('페이지를 찾을 수 없습니다');

  // Bad ids inside known routes are not found either.
  for (const path of ['/stock/999999', '/stock/abc', '/notice/999999']) {
    expect((await fetch(`${baseURL}${path}`)).status, path).toBe(404);
  }

  // Its links work once the page is interactive.
  const allStocks = page.getByRole('link', { name: '전체 종목 보기' });
  await hydrated(allStocks);
  await allStocks.click();
  await page.waitForURL((url) => url.pathname === '/stock');
  await page.getByRole('heading', { name: '전체 종목' }).waitFor();
});

describe('on a phone (390 px)', () => {
  test.override('viewport', PHONE);

  test('the notice list fits the screen and opens a post', async ({ page }) => {
    await open(page, '/notice');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const firstPost = page.locator('main li a').first();
    const title = (await firstPost.locator('p').first().textContent()) ?? '';
    await firstPost.click();
    await page.waitForURL(/\/notice\/\d+$/);
    const heading = (await page.locator('main article h1').textContent()) ?? '';
    expect(heading).not.toBe('');
    expect(title).toContain(heading);
  });
});

test('the menu closes on an outside click and on navigation; 고객센터 opens the QR modal', async ({ page }) => {
  await open(page, '/');
  const menuButton = page.getByRole('button', { name: '메뉴' });
  const menu = page.getByRole('menu');

  await menuButton.click();
  await menu.waitFor();
  // The page margin: an outside click that lands on nothing else (a link would navigate).
  await page.mouse.click(8, 500);
  await expect.poll(() => menu.count()).toBe(0);

  await menuButton.click();
  await menu.getByRole('menuitem', { name: '공지사항' }).click();
  await page.waitForURL((url) => url.pathname === '/notice');
  await expect.poll(() => menu.count()).toBe(0);

  await menuButton.click();
  await menu.getByRole('menuitem', { name: '고객센터' }).click();
  const dialog = page.getByRole('dialog', { name: '고객센터' });
  await dialog.waitFor();
  // The QR code is generated on our server: an inline SVG, no image from elsewhere.
  expect(await dialog.locator('svg path').count()).toBeGreaterThan(0);
  expect(await dialog.getByRole('link', { name: 'App Store' }).getAttribute('target')).toBe('_blank');
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
});

test('the footer links to every policy page we host', async ({ page }) => {
  await open(page, '/');
  const footer = page.locator('footer');
  for (const [name, path, heading] of [
    ['서비스 소개', '/intro', '서비스 소개'],
    ['개인정보처리방침', '/privacy', '개인정보처리방침'],
    ['이용약관', '/terms', '이용약관'],
    ['비상장 주식 투자 유의사항', '/caution', '비상장 주식 투자 유의사항'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
  }
});

test('scroll-to-top appears once the page scrolls and takes the page back up; the QR card shows on wide screens', async ({ page }) => {
  await page.setViewportSize({ width: 1700, height: 900 });
  await open(page, '/');
  const toTop = page.getByRole('button', { name: '맨 위로' });
  const qrCard = page.getByRole('complementary', { name: '앱 다운로드' });
  expect(await toTop.count()).toBe(0);
  await page.mouse.wheel(0, 120);
  await toTop.waitFor();
  expect(await qrCard.count()).toBe(0);
  await page.mouse.wheel(0, 400);
  await qrCard.waitFor();
  expect(await qrCard.isVisible()).toBe(true);
  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect.poll(() => toTop.count()).toBe(0);

  // Under 1620 px the card stays hidden even far down the page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.mouse.wheel(0, 600);
  await toTop.waitFor();
  expect(await qrCard.isVisible()).toBe(false);
});
