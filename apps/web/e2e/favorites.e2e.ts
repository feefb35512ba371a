import type { StockSummary } from '@beesang/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, hydrated, open, SEARCH_PLACEHOLDER, test } from './browser';
import { newPhone, signUpMember } from './members';

/** Favourites (header search star, /favorite reordering) and the discussion tab (write, report). */

/** A new member signed in within `context`. */
const signUp = (context: BrowserContext, baseURL: string, nickname: string) =>
  signUpMember(context, baseURL, { nickname, phone: newPhone('0107') });

/** The member's favourites in their saved order, as the server has them. */
async function savedOrder(context: BrowserContext, baseURL: string): Promise<string[]> {
  const res = await context.request.get(`${baseURL}/api/stock/favorite/stock/list/1?size=100`);
  const body = (await res.json()) as { result: { data: StockSummary[] } };
  return body.result.data.map((s) => s.companyName);
}

/** Types a name into the header search and returns that company's star (matched exactly, not by a longer name). */
async function searchStar(page: Page, name: string, state: 'add' | 'remove' = 'add'): Promise<Locator> {
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill(name);
  const star = starOf(page, name, state);
  await star.waitFor();
  return star;
}
const starOf = (page: Page, name: string, state: 'add' | 'remove') =>
  page.getByRole('listbox').getByRole('button', { name: `${name} 관심 종목${state === 'add' ? '에 추가' : '에서 삭제'}`, exact: true });

const rowNames = (page: Page) =>
  page.getByTestId('favorite-row').evaluateAll((rows) => rows.map((r) => r.querySelector('a span span')?.textContent ?? ''));

test("a visitor's star in the search results opens the login dialog and stays on the page", async ({ page, baseURL }) => {
  const [company] = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=1')).data;
  if (!company) throw new Error('no companies');
  await open(page, '/stock');
  await (await searchStar(page, company.companyName)).click();
  await page.getByRole('dialog').waitFor();
  expect(new URL(page.url()).pathname).toBe('/stock');
});

test('a member stars three companies, reorders them on /favorite by keyboard and by drag, reloads, removes one', async ({
  page,
  baseURL,
}) => {
  const context = page.context();
  await signUp(context, baseURL, '관심개미');
  const companies = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=3&sort=name&order=asc')).data;
  const names = companies.map((c) => c.companyName);
  expect(names).toHaveLength(3);

  await open(page, '/');
  await page.locator('header').getByText('관심개미').waitFor();
  for (const name of names) {
    await (await searchStar(page, name)).click();
    // The icon flips in place; the page does not change.
    expect(await starOf(page, name, 'remove').getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/');
  }
  await page.getByText('관심종목 추가').first().waitFor();
  await expect.poll(() => savedOrder(context, baseURL)).toEqual(names);

  await page.goto('/favorite');
  const [a, b, c] = names as [string, string, string];
  const grip = (name: string) => page.getByRole('button', { name: new RegExp(`^${name} 순서 이동`) });
  await hydrated(grip(a));
  expect(await rowNames(page)).toEqual([a, b, c]);

  // Keyboard: grab the first with Space, one step down, drop with Space.
  await grip(a).focus();
  await page.keyboard.press('Space');
  await page.getByTestId('reorder-status').filter({ hasText: '잡았습니다' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect.poll(() => rowNames(page)).toEqual([b, a, c]);
  await expect.poll(() => savedOrder(context, baseURL)).toEqual([b, a, c]);

  // Drag: the last handle up above the first row.
  const from = await grip(c).boundingBox();
  const top = await page.getByTestId('favorite-row').first().boundingBox();
  if (!from || !top) throw new Error('rows not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    const y = from.y + from.height / 2 + ((top.y + 4 - (from.y + from.height / 2)) * step) / 8;
    await page.mouse.move(from.x + from.width / 2, y);
  }
  await page.mouse.up();
  await expect.poll(() => rowNames(page)).toEqual([c, b, a]);
  await expect.poll(() => savedOrder(context, baseURL)).toEqual([c, b, a]);

  // The order is the server's: it survives a reload.
  await page.reload();
  await hydrated(grip(a));
  expect(await rowNames(page)).toEqual([c, b, a]);

  await page.getByRole('button', { name: `${b} 관심 종목에서 삭제` }).click();
  await page.getByText('관심종목 삭제').waitFor();
  await expect.poll(() => rowNames(page)).toEqual([c, a]);
  await expect.poll(() => savedOrder(context, baseURL)).toEqual([c, a]);
  await page.reload();
  await hydrated(grip(a));
  expect(await rowNames(page)).toEqual([c, a]);
});

test('a member writes an opinion on the discussion tab and another member reports it', async ({ page, baseURL, browser }) => {
  const [company] = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=1&sort=name&order=desc')).data;
  if (!company) throw new Error('no companies');
  const path = `/stock/${company.companyIdx}`;
  const stamp = Date.now().toString(36);
  const text = `토론 e2e ${stamp} <b>굵게</b>\n둘째 줄`;

  await signUp(page.context(), baseURL, '토론개미');
  await open(page, path);
  await page.getByRole('tab', { name: '토론' }).click();
  const tab = page.getByTestId('discussion-tab');
  await tab.waitFor();
  // The side panel's button reads '의견 남기기' on this tab and opens the write panel.
  await page.getByRole('button', { name: '의견 남기기' }).first().click();
  await tab.getByLabel('의견', { exact: true }).fill(text);
  await tab.getByText(`${text.length} / 1,000`).waitFor();
  await tab.getByRole('button', { name: '등록' }).click();
  await page.getByText('의견이 등록되었습니다.').waitFor();
  const mine = tab.getByTestId('opinion').filter({ hasText: stamp });
  // Shown as typed: the tag as text, the line break kept.
  expect(await mine.locator('p').textContent()).toBe(text);
  expect(await mine.locator('p b').count()).toBe(0);
  await mine.getByRole('button', { name: '내 의견 삭제' }).waitFor();

  const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  try {
    await signUp(other, baseURL, '신고개미');
    const reader = await other.newPage();
    await open(reader, path);
    await reader.getByRole('tab', { name: '토론' }).click();
    const theirs = reader.getByTestId('opinion').filter({ hasText: stamp });
    await theirs.getByRole('button', { name: '토론개미님의 의견 신고' }).click();
    const dialog = reader.getByRole('dialog', { name: '의견 신고' });
    await dialog.getByRole('radio', { name: '광고·스팸' }).check();
    await dialog.getByLabel('상세 내용 (선택)').fill('리딩방 광고로 보입니다.');
    await dialog.getByRole('button', { name: '신고하기' }).click();
    await reader.getByText('신고가 접수되었습니다. 검토 후 조치하겠습니다.').waitFor();
    await theirs.getByText('신고함').waitFor();

    // The server remembers: after a reload it still reads 신고함 and cannot be reported again.
    await reader.reload();
    await hydrated(reader.getByRole('tab', { name: '토론' }));
    await reader.getByRole('tab', { name: '토론' }).click();
    await theirs.getByText('신고함').waitFor();
    expect(await theirs.getByRole('button', { name: '토론개미님의 의견 신고' }).count()).toBe(0);
  } finally {
    await other.close();
  }
});
