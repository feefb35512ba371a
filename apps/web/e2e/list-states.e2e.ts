import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { StockSummary } from '@beesang/contract';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { api, DESKTOP, hydrated, open, PHONE, SCREENSHOT_DIR, searchBox, test, type Viewport } from './browser';
import { signInAsStaff } from './staff';

/**
 * Issue 14 §1: every list says in Korean when it is empty, loading or failed, never a blank area.
 * Real empty lists end to end (a search with no match, a company with no opinions, a page past the
 * last notice, a member search that finds no one), and failures made by refusing the browser's
 * requests (the API and a page's data), each recovered with 다시 시도. At 1280 and 390 px, with
 * screenshots in test-results/e2e/list-states/ to look at.
 */

const SHOTS = join(SCREENSHOT_DIR, 'list-states');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`) });
}

/** A company no one has written about: the first of the list whose opinions are none. */
async function companyWithoutOpinions(baseURL: string): Promise<StockSummary> {
  const { data } = await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=50&sort=name&order=asc');
  for (const company of data) {
    const opinions = await api<{ total: number }>(baseURL, `/api/v2/opinion/all/company/${company.companyIdx}?page=1&size=20`);
    if (opinions.total === 0) return company;
  }
  throw new Error('every company of the first 50 has opinions');
}

const fail500 = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"오류"}' });

/** Nothing of the page sticks out sideways: the sentence and its button fit the screen. */
async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

for (const [name, viewport] of [
  ['desktop (1280 px)', DESKTOP],
  ['phone (390 px)', PHONE],
] as Array<[string, Viewport]>) {
  describe(`list states on a ${name}`, () => {
    test.override('viewport', viewport);

    test('empty lists say what is missing: a search with no match, a company with no opinions, a page past the last notice', async ({
      page,
      baseURL,
    }) => {
      await open(page, '/');
      await searchBox(page).fill('없는회사이름');
      const sentence = page.getByText('‘없는회사이름’에 대한 검색 결과가 없어요');
      await sentence.waitFor();
      await page.getByText('종목명이나 종목코드를 다시 확인해 주세요.').waitFor();
      await shot(page, 'search-no-match');
      await searchBox(page).press('Escape');
      await expect.poll(() => sentence.count()).toBe(0);

      const quiet = await companyWithoutOpinions(baseURL);
      await open(page, `/stock/${quiet.companyIdx}`);
      await page.getByRole('tab', { name: '토론' }).click();
      const discussion = page.getByTestId('discussion-tab');
      await discussion.getByText('아직 의견이 없습니다. 첫 의견을 남겨보세요.').waitFor();
      expect(await discussion.getByRole('status').count()).toBe(0);
      await discussion.scrollIntoViewIfNeeded();
      await shot(page, 'no-opinions');
      await noSidewaysScroll(page);

      await open(page, '/notice?page=999');
      await page.getByText('이 페이지에는 글이 없습니다.').waitFor();
      await shot(page, 'notice-past-the-end');
      await page.getByRole('link', { name: '첫 페이지로' }).click();
      await page.waitForURL((url) => url.pathname === '/notice' && !url.search);
      await expect.poll(() => page.getByText('이 페이지에는 글이 없습니다.').count()).toBe(0);
    });

    test('a failed search and a failed ranking say so, and 다시 시도 brings the list', async ({ page }) => {
      await open(page, '/');
      await page.route('**/api/v2/stock/search/**', fail500);
      await searchBox(page).fill('비상');
      const failed = page.getByText('검색 결과를 불러오지 못했어요');
      await failed.waitFor();
      await shot(page, 'search-failed');
      await noSidewaysScroll(page);
      await page.unroute('**/api/v2/stock/search/**');
      await page.getByRole('button', { name: '다시 시도' }).click();
      await page.getByRole('option').first().waitFor();
      expect(await failed.count()).toBe(0);
      await searchBox(page).press('Escape');

      await page.route('**/api/v2/stock/ranking-list/HIGH_HITS/10', fail500);
      const ranking = page.locator('section').filter({ has: page.getByRole('heading', { name: '실시간 랭킹' }) });
      await hydrated(ranking.getByRole('tab', { name: '조회 급상승' }));
      await ranking.getByRole('tab', { name: '조회 급상승' }).click();
      await ranking.getByRole('alert').getByText('랭킹을 불러오지 못했습니다.').waitFor();
      await ranking.scrollIntoViewIfNeeded();
      await shot(page, 'ranking-failed');
      await page.unroute('**/api/v2/stock/ranking-list/HIGH_HITS/10');
      await ranking.getByRole('button', { name: '다시 시도' }).click();
      await expect.poll(() => ranking.getByRole('tabpanel').getByRole('link').count()).toBeGreaterThan(0);
      expect(await ranking.getByRole('alert').count()).toBe(0);
    });

    test('the next page of 전체 종목 failing on the way says so, and 다시 시도 loads it where the visitor is', async ({ page }) => {
      await open(page, '/stock');
      // The page's data request (every loader's, the root's too) is lost: the site's error page, with 다시 시도.
      const pageData = (url: URL) => url.pathname.endsWith('.data');
      await page.route(pageData, (route) => route.abort());
      await page.getByRole('navigation', { name: '페이지' }).getByRole('link', { name: '2', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: '페이지를 불러오지 못했습니다.' });
      await alert.waitFor();
      await page.getByRole('heading', { name: '일시적인 오류가 발생했습니다' }).waitFor();
      await shot(page, 'page-failed');
      await noSidewaysScroll(page);

      await page.unroute(pageData);
      await page.getByRole('button', { name: '다시 시도' }).click();
      await page.getByTestId('stock-list').waitFor();
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      expect(await page.getByTestId('stock-list').getByRole('link').count()).toBe(20);
      expect(await alert.count()).toBe(0);
      await page.getByRole('heading', { name: '전체 종목', level: 1 }).waitFor();
    });

    test('an operator’s member search that finds no one says so in the console', async ({ page, baseURL }) => {
      await signInAsStaff(page.context(), baseURL, inject('staff').MODERATOR);
      await page.goto('/admin/members?query=없는회원이름');
      await page.getByText('‘없는회원이름’에 해당하는 회원이 없습니다.').waitFor();
      await shot(page, 'console-no-member');
      await noSidewaysScroll(page);
    });
  });
}
