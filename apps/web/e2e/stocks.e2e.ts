import { formatNumber, type StockProfile, type StockSummary } from '@beesang/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, open, PHONE, SEARCH_PLACEHOLDER, test, won } from './browser';

type StockPage = { data: StockSummary[]; total: number; page: number; size: number };

/** Names, market text and prices of the rows on the list page. */
async function readRows(list: Locator) {
  return list.locator('li').evaluateAll((items) =>
    items.map((li) => ({
      name: li.querySelector('.font-semibold')?.textContent ?? '',
      text: li.textContent ?? '',
    })),
  );
}

function pricesOf(rows: { text: string }[]) {
  return rows.map((r) => won(r.text));
}

function isNonDecreasing(values: number[]) {
  return values.every((v, i) => i === 0 || (values[i - 1] as number) <= v);
}

test('all stocks: 미발행 only, cheapest first, filters kept on page 2', async ({ page, baseURL }) => {
  await open(page, '/stock');
  const list = page.getByTestId('stock-list');
  const market = page.getByLabel('시장 구분');
  const sort = page.getByLabel('정렬', { exact: true });
  const order = page.getByLabel('정렬 방향');

  await market.selectOption({ label: '미발행' });
  await page.waitForURL(/label=UNISSUED/);
  await sort.selectOption({ label: '가격순' });
  await page.waitForURL(/sort=price/);
  await order.selectOption({ label: '낮은 순' });
  await page.waitForURL(/order=asc/);

  const url = new URL(page.url());
  expect(url.pathname).toBe('/stock');
  expect(Object.fromEntries(url.searchParams)).toEqual({ label: 'UNISSUED', sort: 'price', order: 'asc' });
  await expect
    .poll(async () => [await market.inputValue(), await sort.inputValue(), await order.inputValue()])
    .toEqual(['UNISSUED', 'price', 'asc']);

  // The page shows what the API returns for those filters.
  const first = await api<StockPage>(baseURL, '/api/v2/stock/list?label=UNISSUED&sort=price&order=asc&page=1&size=20');
  expect(first.total).toBeGreaterThan(first.size);
  await expect.poll(async () => (await readRows(list)).map((r) => r.name)).toEqual(first.data.map((s) => s.companyName));
  expect(await page.getByText(`총 ${formatNumber(first.total)}개 종목`).count()).toBe(1);

  const rows1 = await readRows(list);
  for (const row of rows1) expect(row.text).toContain('미발행');
  const prices1 = pricesOf(rows1);
  expect(isNonDecreasing(prices1)).toBe(true);

  // Page 2 keeps the filters and continues the order.
  const pager = page.getByRole('navigation', { name: '페이지' });
  await pager.getByRole('link', { name: '2', exact: true }).click();
  await page.waitForURL(/page=2/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ label: 'UNISSUED', sort: 'price', order: 'asc', page: '2' });
  const second = await api<StockPage>(baseURL, '/api/v2/stock/list?label=UNISSUED&sort=price&order=asc&page=2&size=20');
  await expect.poll(async () => (await readRows(list)).map((r) => r.name)).toEqual(second.data.map((s) => s.companyName));
  expect(await pager.getByRole('link', { name: '2', exact: true }).getAttribute('aria-current')).toBe('page');
  const rows2 = await readRows(list);
  for (const row of rows2) expect(row.text).toContain('미발행');
  const prices2 = pricesOf(rows2);
  expect(isNonDecreasing(prices2)).toBe(true);
  expect(prices2[0]).toBeGreaterThanOrEqual(prices1[prices1.length - 1]!);
  await expect
    .poll(async () => [await market.inputValue(), await sort.inputValue(), await order.inputValue()])
    .toEqual(['UNISSUED', 'price', 'asc']);

  // Changing a filter starts again from page 1.
  await order.selectOption({ label: '높은 순' });
  await page.waitForURL(/order=desc/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ label: 'UNISSUED', sort: 'price', order: 'desc' });
  await expect.poll(async () => isNonDecreasing(pricesOf(await readRows(list)).reverse())).toBe(true);
});

/** Opens the login dialog with `opener` and closes it again with `close`. */
async function expectLoginDialog(page: Page, opener: Locator, close: 'Escape' | '닫기') {
  const dialog = page.getByRole('dialog', { name: '간편 로그인' });
  expect(await dialog.count()).toBe(0);
  await opener.click();
  await dialog.waitFor();
  expect(await dialog.getAttribute('aria-modal')).toBe('true');
  // The page behind does not scroll (Radix's scroll lock: a nonce'd <style>, decision 0021).
  const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
  await expect.poll(bodyOverflow).toBe('hidden');
  if (close === 'Escape') await page.keyboard.press('Escape');
  else await dialog.getByRole('button', { name: '닫기' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(bodyOverflow).not.toBe('hidden');
}

test('a visitor: the star and 매물 등록 on /stock/1 open the login dialog', async ({ page }) => {
  await open(page, '/stock/1');
  const summary = page.getByRole('region', { name: '종목 요약' });
  expect(await summary.getByRole('heading', { level: 1 }).textContent()).toBe('비상테크');
  expect(await summary.textContent()).toContain('900004');

  const star = summary.getByRole('button', { name: '관심 종목에 추가' });
  expect(await star.getAttribute('aria-pressed')).toBe('false');
  await expectLoginDialog(page, star, 'Escape');
  // A visitor's star does not change.
  expect(await star.getAttribute('aria-pressed')).toBe('false');

  await expectLoginDialog(page, summary.getByRole('button', { name: '매물 등록' }), '닫기');
  await expectLoginDialog(page, page.locator('header').getByRole('button', { name: '매물 등록' }), 'Escape');
});

test('client navigation reports every route change as a page view', async ({ page, baseURL }) => {
  const target = await api<StockProfile>(baseURL, '/api/v2/stock/profile/2');
  const posts: { url: string; status: Promise<number | undefined> }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/page-view') {
      posts.push({ url: request.url(), status: request.response().then((r) => r?.status()) });
    }
  });
  // Read what was reported (sendBeacon sends a Blob, which the request event does not expose).
  await page.addInitScript(() => {
    const sent: Blob[] = [];
    Object.assign(window, { __pageViews: sent });
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) sent.push(data);
      return original(url, data);
    };
  });
  const reportedPaths = () =>
    page.evaluate(async () => {
      const sent = (window as unknown as { __pageViews: Blob[] }).__pageViews;
      return Promise.all(sent.map(async (blob) => (JSON.parse(await blob.text()) as { path: string }).path));
    });

  await open(page, '/');
  await expect.poll(() => posts.length).toBe(1);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const input = page.getByPlaceholder(SEARCH_PLACEHOLDER);
  const visitTarget = async () => {
    await input.fill(target.beesangCode);
    await page.getByRole('option').filter({ hasText: target.companyName }).click();
    await page.waitForURL(`**/stock/${target.companyIdx}`);
    expect(won(await page.getByTestId('current-price').textContent())).toBe(target.companyStockCurrentPrice);
  };

  await visitTarget();
  await expect.poll(() => posts.length).toBe(2);
  await page.getByRole('link', { name: '비상 홈' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => posts.length).toBe(3);
  await visitTarget();
  await expect.poll(() => posts.length).toBe(4);

  // All of it happened in one document (client-side navigation), and each view was accepted.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(await reportedPaths()).toEqual(['/', '/stock/2', '/', '/stock/2']);
  expect(await Promise.all(posts.map((p) => p.status))).toEqual([204, 204, 204, 204]);
});

test('the stock page is server-rendered with its SEO tags (no JavaScript)', async ({ baseURL }) => {
  const profile = await api<StockProfile>(baseURL, '/api/v2/stock/profile/1');
  const res = await fetch(`${baseURL}/stock/1`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();

  expect(html).toContain(profile.companyName);
  expect(html).toMatch(new RegExp(`<title>${profile.companyName}[^<]*</title>`));
  expect(html).toContain(formatNumber(profile.companyStockCurrentPrice));
  expect(html).toContain('data-testid="price-chart"');

  const ogImage = /<meta[^>]*property="og:image"[^>]*content="([^"]+)"/.exec(html)?.[1];
  expect(ogImage).toMatch(/^https?:\/\/[^/]+\/media\/og\/stock\/1\.png$/);
  const canonical = /<link[^>]*rel="canonical"[^>]*href="([^"]+)"/.exec(html)?.[1];
  expect(canonical).toMatch(/^https?:\/\/[^/]+\/stock\/1$/);

  // The share image it points to exists.
  const image = await fetch(`${baseURL}${new URL(ogImage!).pathname}`);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
});

describe('on a phone (390 px)', () => {
  test.override('viewport', PHONE);

  test('the stock page fits and its bottom 매물 등록 bar opens the login dialog', async ({ page }) => {
    await open(page, '/stock/1');
    // The header's register button gives way to the bar at the bottom of the screen.
    expect(await page.locator('header').getByRole('button', { name: '매물 등록' }).isVisible()).toBe(false);
    const register = page.getByRole('region', { name: '종목 요약' }).getByRole('button', { name: '매물 등록' });
    const bar = (await register.boundingBox())!;
    expect(bar.y + bar.height).toBeGreaterThan(844 - 80);
    expect(bar.width).toBeGreaterThan(300);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByTestId('current-price').textContent()).toMatch(/원$/);

    await register.click();
    const dialog = page.getByRole('dialog', { name: '간편 로그인' });
    await dialog.waitFor();
    expect((await dialog.boundingBox())!.width).toBe(390);
    await dialog.getByRole('button', { name: '닫기' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });
});
