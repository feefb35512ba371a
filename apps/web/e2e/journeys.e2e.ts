import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, launch, screenshotOnFailure } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(width = 1280, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

test('search by initials, keyboard to the stock page, switch the chart range', async () => {
  const page = await newPage();
  screenshotOnFailure(page, 'search-initials');
  await page.goto(baseUrl());
  const input = page.getByPlaceholder('종목명 또는 종목코드를 입력하세요');
  await input.fill('ㅂㅅ');
  const options = page.getByRole('option');
  await options.first().waitFor();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  expect(await options.first().locator('mark').textContent()).toBe('비상');
  await input.press('ArrowDown');
  await expect.poll(() => options.first().getAttribute('aria-selected')).toBe('true');
  await input.press('Enter');
  await page.waitForURL(/\/stock\/\d+$/);
  await expect.poll(() => page.getByTestId('current-price').textContent()).toMatch(/원$/);
  expect(await input.inputValue()).toBe('');
  const chart = page.getByTestId('price-chart');
  expect(await chart.getAttribute('data-range')).toBe('3M');
  const before = Number(await chart.getAttribute('data-bars'));
  await page.getByRole('button', { name: '1년' }).click();
  await expect.poll(() => chart.getAttribute('data-range')).toBe('1Y');
  await expect.poll(async () => Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(before);
});

test('the backdrop closes the search list and unlocks scrolling', async () => {
  const page = await newPage(390, 844);
  screenshotOnFailure(page, 'search-backdrop');
  await page.goto(baseUrl());
  await page.getByPlaceholder('종목명 또는 종목코드를 입력하세요').fill('비상');
  await page.getByRole('option').first().waitFor();
  await page.getByTestId('search-backdrop').click({ position: { x: 10, y: 600 } });
  await expect.poll(() => page.getByRole('option').count()).toBe(0);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});

test('all stocks: filter by label and sort by price, state kept in the URL', async () => {
  const page = await newPage();
  screenshotOnFailure(page, 'stock-list');
  await page.goto(`${baseUrl()}/stock`);
  await page.getByLabel('시장 구분').selectOption('UNISSUED');
  await page.waitForURL(/label=UNISSUED/);
  await page.getByLabel('정렬', { exact: true }).selectOption('price');
  await page.waitForURL(/sort=price/);
  await page.getByLabel('정렬 방향').selectOption('asc');
  await page.waitForURL(/order=asc/);
  const rows = page.getByTestId('stock-list').locator('li');
  await rows.first().waitFor();
  const texts = await rows.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) expect(t).toContain('미발행');
  const prices = texts.map((t) => Number(/([\d,]+)원/.exec(t)?.[1]?.replaceAll(',', '')));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test('a notice detail page', async () => {
  const page = await newPage();
  screenshotOnFailure(page, 'notice');
  await page.goto(`${baseUrl()}/notice`);
  await page.locator('main ul a').first().click();
  await page.waitForURL(/\/notice\/\d+$/);
  await expect.poll(() => page.title()).toContain('공지사항');
  expect(await page.locator('article h1').textContent()).toBeTruthy();
});

test('a callback route renders without header and footer', async () => {
  const page = await newPage();
  await page.goto(`${baseUrl()}/auth/callback/kakao`);
  await page.getByRole('heading', { name: '로그인 처리 중입니다' }).waitFor();
  expect(await page.locator('header').count()).toBe(0);
  expect(await page.locator('footer').count()).toBe(0);
});

test('an unknown page answers 404 with the not-found page', async () => {
  const page = await newPage();
  const response = await page.goto(`${baseUrl()}/no-such-page`);
  expect(response?.status()).toBe(404);
  await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor();
});

test('a visitor star and register button open the login dialog', async () => {
  const page = await newPage();
  await page.goto(`${baseUrl()}/stock/1`);
  await page.getByRole('button', { name: '관심 종목에 추가' }).click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
});

test('the stock page is server-rendered with SEO tags', async () => {
  const html = await (await fetch(`${baseUrl()}/stock/1`)).text();
  expect(html).toContain('비상테크');
  expect(html).toContain('/media/og/stock/1.png');
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/stock\/1"/);
});
