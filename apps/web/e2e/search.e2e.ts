import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CompanySearchResult, StockProfile } from '@beesang/contract';
import type { Page, Response } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, open, PHONE, SCREENSHOT_DIR, SEARCH_PLACEHOLDER, searchBox, test, won } from './browser';

const SEARCH_API = '/api/v2/stock/search/';

function isSearch(response: Response) {
  return new URL(response.url()).pathname.startsWith(SEARCH_API);
}

/** Records, in page time, when the last `input` event reached the document. */
async function trackInputTime(page: Page) {
  await page.evaluate(() => {
    document.addEventListener('input', () => Object.assign(window, { __lastInputAt: performance.now() }), true);
  });
}

/** Start times (page clock) of the search calls the page made, from the Resource Timing API. */
function searchCallsInPage(page: Page) {
  return page.evaluate((prefix) => {
    const w = window as unknown as { __lastInputAt?: number };
    return {
      lastInputAt: w.__lastInputAt ?? Number.NaN,
      calls: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith(prefix))
        .map((e) => ({ keyword: decodeURIComponent(new URL(e.name).pathname.slice(prefix.length)), startTime: e.startTime })),
    };
  }, SEARCH_API);
}

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);

test('search by initials: debounce, highlight, keyboard, stock page and chart range', async ({ page }) => {
  await open(page, '/');
  const input = page.getByPlaceholder(SEARCH_PLACEHOLDER);
  const options = page.getByRole('option');
  await trackInputTime(page);
  await expect.poll(() => bodyOverflow(page)).toBe('');

  const answered = page.waitForResponse(isSearch);
  await input.fill('ㅂㅅ');
  const response = await answered;
  const results = ((await response.json()) as { result: CompanySearchResult[] }).result;
  expect(results.length).toBeGreaterThan(1);

  // Results appear after the 200 ms debounce, from one request for the whole keyword.
  await expect.poll(() => options.count()).toBe(results.length);
  const { lastInputAt, calls } = await searchCallsInPage(page);
  expect(calls.map((c) => c.keyword)).toEqual(['ㅂㅅ']);
  expect(calls[0]!.startTime - lastInputAt).toBeGreaterThanOrEqual(195);

  // The initials match '비상' in the names; the list locks page scrolling while it shows.
  const bisang = options.filter({ hasText: '비상테크' });
  expect(await bisang.locator('mark').textContent()).toBe('비상');
  const marks = await options.locator('mark').allTextContents();
  expect(marks).toHaveLength(results.length);
  for (const mark of marks) expect(mark).toHaveLength(2);
  expect(await input.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => bodyOverflow(page)).toBe('hidden');

  // Nothing is highlighted until the arrows move the cursor.
  expect(await page.locator('[role=option][aria-selected=true]').count()).toBe(0);
  await input.press('ArrowDown');
  await expect.poll(() => options.nth(0).getAttribute('aria-selected')).toBe('true');
  await input.press('ArrowDown');
  await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');
  expect(await options.nth(0).getAttribute('aria-selected')).toBe('false');
  expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
  await input.press('ArrowUp');
  await input.press('ArrowDown');
  await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');

  // Enter opens the highlighted company.
  const chosen = results[1]!;
  await input.press('Enter');
  await page.waitForURL(`**/stock/${chosen.companyIdx}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(chosen.companyName);
  const price = page.getByTestId('current-price');
  expect(await price.textContent()).toMatch(/원$/);
  expect(won(await price.textContent())).toBe(chosen.companyStockCurrentPrice);

  // The search box is reset by the navigation and the page scrolls again.
  await expect.poll(() => input.inputValue()).toBe('');
  expect(await options.count()).toBe(0);
  await expect.poll(() => bodyOverflow(page)).toBe('');

  // The chart starts at 3 months; 1 year loads more daily bars.
  const chart = page.getByTestId('price-chart');
  expect(await chart.getAttribute('data-range')).toBe('3M');
  const bars3m = Number(await chart.getAttribute('data-bars'));
  expect(bars3m).toBeGreaterThan(0);
  await page.getByRole('button', { name: '1년', exact: true }).click();
  await expect.poll(() => chart.getAttribute('data-range')).toBe('1Y');
  await expect.poll(async () => Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(bars3m);
  expect(await page.getByRole('button', { name: '1년', exact: true }).getAttribute('aria-pressed')).toBe('true');
  // The year's line is drawn, with its price tag (the chart is SVG, drawn by the server first).
  expect(await chart.locator('polyline').count()).toBe(1);
  expect(await chart.getByTestId('price-tag').count()).toBe(1);
});

test('the backdrop closes the list and gives scrolling back', async ({ page }) => {
  await open(page, '/stock/1');
  const input = page.getByPlaceholder(SEARCH_PLACEHOLDER);
  await input.fill('비상');
  await page.getByRole('option').first().waitFor();
  await expect.poll(() => bodyOverflow(page)).toBe('hidden');
  const backdrop = page.getByTestId('search-backdrop');
  const box = (await backdrop.boundingBox())!;
  // Click the dimmed area below the list, not the list that floats over the backdrop.
  await backdrop.click({ position: { x: box.width / 2, y: box.height - 10 } });
  await expect.poll(() => page.getByRole('option').count()).toBe(0);
  expect(await backdrop.count()).toBe(0);
  await expect.poll(() => bodyOverflow(page)).toBe('');
  expect(await input.getAttribute('aria-expanded')).toBe('false');
  expect(page.url()).toMatch(/\/stock\/1$/);
});

describe('on a phone (390 px)', () => {
  test.override('viewport', PHONE);

  test('search by stock code, backdrop, then Enter opens the first result', async ({ page, baseURL }) => {
    const profile = await api<StockProfile>(baseURL, '/api/v2/stock/profile/1');
    await open(page, '/');
    expect(page.viewportSize()?.width).toBe(390);
    const input = searchBox(page);
    const inputBox = (await input.boundingBox())!;
    expect(inputBox.width).toBeGreaterThan(150);
    expect(inputBox.x + inputBox.width).toBeLessThanOrEqual(390);

    await input.fill(profile.beesangCode);
    const first = page.getByRole('option').first();
    await first.waitFor();
    expect(await first.textContent()).toContain(profile.companyName);
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    // The list fits the phone screen.
    const list = (await page.getByRole('listbox').boundingBox())!;
    expect(list.x).toBeGreaterThanOrEqual(0);
    expect(list.x + list.width).toBeLessThanOrEqual(390);

    const backdrop = page.getByTestId('search-backdrop');
    const box = (await backdrop.boundingBox())!;
    await backdrop.click({ position: { x: box.width / 2, y: box.height - 10 } });
    await expect.poll(() => page.getByRole('option').count()).toBe(0);
    await expect.poll(() => bodyOverflow(page)).toBe('');

    // Typing again reopens it; Enter without moving the cursor takes the first result.
    await input.fill('');
    const answered = page.waitForResponse(isSearch);
    await input.fill(profile.companyName);
    const results = ((await (await answered).json()) as { result: CompanySearchResult[] }).result;
    const top = results[0]!;
    await first.waitFor();
    expect(await first.textContent()).toContain(top.companyName);
    await input.press('Enter');
    await page.waitForURL(`**/stock/${top.companyIdx}`);
    await expect.poll(() => page.getByTestId('current-price').textContent()).toMatch(/원$/);
    expect(won(await page.getByTestId('current-price').textContent())).toBe(top.companyStockCurrentPrice);
    await expect.poll(() => input.inputValue()).toBe('');
    await expect.poll(() => bodyOverflow(page)).toBe('');
  });
});

/** How wide the input's placeholder is drawn, against the room its text box has. */
function placeholderFit(page: Page) {
  return searchBox(page).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const probe = document.createElement('span');
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
    probe.textContent = input.placeholder;
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return {
      placeholder: input.placeholder,
      width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
}

describe('on a phone (390 px): the panel and what it says', () => {
  test.override('viewport', PHONE);

  test('the list spans the screen, the backdrop starts under the header and its demo banner, the placeholder fits', async ({ page }) => {
    await open(page, '/');
    const fit = await placeholderFit(page);
    expect(fit.placeholder).toBe('종목명 또는 코드');
    expect(fit.width).toBeLessThanOrEqual(fit.room);

    await searchBox(page).fill('비상');
    await page.getByRole('option').first().waitFor();
    const list = (await page.getByRole('listbox').boundingBox())!;
    expect(list.width).toBeGreaterThanOrEqual(390 * 0.9);
    const header = (await page.locator('header').first().boundingBox())!;
    const backdrop = (await page.getByTestId('search-backdrop').boundingBox())!;
    // The seeded demo data shows the 28 px banner above the header.
    expect(header.y).toBeGreaterThanOrEqual(28);
    expect(backdrop.y).toBeCloseTo(header.y + header.height, 0);
    expect(list.y).toBeCloseTo(header.y + header.height, 0);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'search-390-results.png') });

    // Scrolled, the banner is gone and the sticky header is at the top: the backdrop follows it.
    await page.getByTestId('search-backdrop').click({ position: { x: 10, y: 700 } });
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(28);
    await searchBox(page).fill('비상테');
    await page.getByRole('option').first().waitFor();
    const stuck = (await page.locator('header').first().boundingBox())!;
    expect(stuck.y).toBe(0);
    expect((await page.getByTestId('search-backdrop').boundingBox())!.y).toBeCloseTo(stuck.height, 0);
  });

  test('nothing found: a sentence with the keyword, as wide as the list would be', async ({ page }) => {
    await open(page, '/');
    await searchBox(page).fill('없는회사이름');
    const sentence = page.getByText('‘없는회사이름’에 대한 검색 결과가 없어요');
    await sentence.waitFor();
    expect(await page.getByRole('option').count()).toBe(0);
    const panel = (await page.getByRole('status').filter({ has: sentence }).boundingBox())!;
    expect(panel.width).toBeGreaterThanOrEqual(390 * 0.9);
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'search-390-no-results.png') });
    await searchBox(page).press('Escape');
    await expect.poll(() => sentence.count()).toBe(0);
    await expect.poll(() => bodyOverflow(page)).toBe('');
  });
});
