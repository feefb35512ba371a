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
  const text = await article.textContent();
  const paragraphs = post.body.split(/\n{2,}/).filter((p) => p.trim());
  expect(paragraphs.length).toBeGreaterThan(0);
  for (const paragraph of paragraphs) expect(text).toContain(paragraph);
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

  const response = await page.goto('/auth/callback/kakao');
  expect(response?.status()).toBe(200);
  const main = page.locator('main');
  await hydrated(main);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('로그인 처리 중입니다');
  expect(await main.textContent()).toContain('kakao');
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
