import { formatNumber, type StockProfile, type StockSummary, tradeMessages, tradeUiMessages } from '@beesang/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { api, hydrated, open, PHONE, test, won } from './browser';
import { newPhone, signUpMember } from './members';

/** Listings on the stock page: the trade modal's rules, edit, finish, delete, and who may register. */

/** A new member signed in within `context`; identity-verified unless `verified` is false. */
const signUp = (context: BrowserContext, baseURL: string, nickname: string, verified = true) =>
  signUpMember(context, baseURL, { nickname, phone: newPhone('0105'), verified });

/** A company by its place in the market-cap list, far from the ones other journeys use. */
async function companyAt(baseURL: string, place: number): Promise<StockProfile> {
  const [summary] = (await api<{ data: StockSummary[] }>(baseURL, `/api/v2/stock/list?page=${place}&size=1`)).data;
  if (!summary) throw new Error(`no company at ${place}`);
  return api<StockProfile>(baseURL, `/api/v2/stock/profile/${summary.companyIdx}`);
}

const sidePanel = (page: Page) => page.getByRole('region', { name: '종목 요약' });
const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openStock(page: Page, companyIdx: number) {
  await open(page, `/stock/${companyIdx}`);
  await hydrated(sidePanel(page).getByRole('button', { name: '매물 등록' }));
}

test('a verified member registers a sale (band hint, both limit warnings), edits it, finishes it and deletes a buy', async ({
  page,
  baseURL,
}) => {
  const company = await companyAt(baseURL, 40);
  const current = company.companyStockCurrentPrice;
  await signUp(page.context(), baseURL, '매물테스터');
  await openStock(page, company.companyIdx);

  await sidePanel(page).getByRole('button', { name: '매물 등록' }).click();
  const modal = page.getByRole('dialog', { name: tradeMessages.registerTitle });
  await modal.waitFor();
  // Opened for this stock: its name, and its current price as the price.
  await expect.poll(() => modal.getByRole('combobox').inputValue()).toBe(company.companyName);
  const price = modal.getByLabel('*주당 가격');
  expect(await price.inputValue()).toBe(formatNumber(current));
  const count = modal.getByLabel('*판매 수량');
  const submit = modal.getByRole('button', { name: '등록하기' });
  expect(await submit.isDisabled()).toBe(true);

  // Digits only, with separators.
  await count.pressSequentially('1a5,00x');
  expect(await count.inputValue()).toBe('1,500');
  expect(await submit.isEnabled()).toBe(true);

  // The 15 % band: the red hint at the edge, none strictly inside; it never blocks.
  const hint = modal.getByText(tradeMessages.priceBandHint);
  await price.fill(String(Math.floor((current * 85) / 100)));
  await hint.waitFor();
  await price.fill(String(current));
  await expect.poll(() => hint.count()).toBe(0);

  // Both limits warn under the register title and keep the modal and its fields.
  await price.fill('100000000');
  await submit.click();
  await notice(page, tradeMessages.priceTooHigh).waitFor();
  await count.fill('1000000');
  await price.fill('99999999');
  await submit.click();
  await notice(page, tradeMessages.totalTooHigh).waitFor();
  expect(await count.inputValue()).toBe('1,000,000');

  // A sale within the limits.
  await count.fill('1500');
  await price.fill(String(current));
  await modal.getByText('가격 협의 가능').click();
  await submit.click();
  await notice(page, tradeMessages.registerDone).waitFor();
  await expect.poll(() => modal.count()).toBe(0);
  const sells = page.getByRole('region', { name: tradeUiMessages.sellSide });
  const sale = sells.getByTestId('trade-row').filter({ hasText: '1,500' });
  await sale.waitFor();
  expect(await sale.textContent()).toContain(tradeUiMessages.priceNegotiableMark);

  // A buy to delete later; the company was kept from the last draft.
  await page.locator('header').getByRole('button', { name: '매물 등록' }).click();
  await modal.waitFor();
  await modal.getByRole('radio', { name: '매수' }).click();
  await modal.getByLabel('*구매 수량').fill('30');
  await modal.getByRole('button', { name: '등록하기' }).click();
  await notice(page, tradeMessages.registerDone).waitFor();
  const buys = page.getByRole('region', { name: tradeUiMessages.buySide });
  const buy = buys.getByTestId('trade-row').filter({ hasText: '30주' });
  await buy.waitFor();

  // Edit: the side's title, no buy/sell toggle, the company locked; the row shows the new count.
  await sale.getByRole('button', { name: /^수정/ }).click();
  const edit = page.getByRole('dialog', { name: tradeMessages.editSellTitle });
  await edit.waitFor();
  expect(await edit.getByRole('radio').count()).toBe(0);
  expect(await edit.getByRole('combobox').getAttribute('readonly')).not.toBeNull();
  expect(await edit.getByLabel('*판매 수량').inputValue()).toBe('1,500');
  await edit.getByLabel('*판매 수량').fill('1200');
  await edit.getByRole('button', { name: '수정하기' }).click();
  await notice(page, tradeMessages.editDone).waitFor();
  const edited = sells.getByTestId('trade-row').filter({ hasText: '1,200' }).filter({ hasText: '내 매물' });
  await edited.waitFor();

  // The side panel shows where the price comes from and the best 호가 of the open listings.
  const panel = sidePanel(page);
  expect(await panel.getByTestId('price-provenance').textContent()).toBe('예시 데이터');
  const book = await api<StockProfile>(baseURL, `/api/v2/stock/profile/${company.companyIdx}`);
  expect(book.bestSellPrice).toBeLessThanOrEqual(current);
  expect(book.bestBuyPrice).not.toBeNull();
  await expect.poll(async () => won(await panel.getByTestId('best-sell').textContent())).toBe(book.bestSellPrice);
  await expect.poll(async () => won(await panel.getByTestId('best-buy').textContent())).toBe(book.bestBuyPrice);

  // Finish at an agreed price right after posting: the member's trade is finished, but a listing
  // younger than 10 minutes does not move the price (decision 0006).
  const agreed = current + 1000;
  await edited.getByRole('button', { name: /^거래완료/ }).click();
  const finish = page.getByRole('dialog', { name: tradeUiMessages.finishTitle });
  await finish.getByText(tradeUiMessages.finishHelp).waitFor();
  const agreedField = finish.getByLabel(tradeUiMessages.finishPriceLabel);
  expect(await agreedField.inputValue()).toBe(formatNumber(current));
  await agreedField.fill(String(agreed));
  await finish.getByRole('button', { name: tradeUiMessages.finishConfirm }).click();
  await notice(page, tradeMessages.finishDone).waitFor();
  await expect.poll(() => edited.count()).toBe(0);
  expect(won(await page.getByTestId('current-price').textContent())).toBe(current);
  expect(await panel.getByTestId('price-provenance').textContent()).toBe('예시 데이터');
  const after = await api<StockProfile>(baseURL, `/api/v2/stock/profile/${company.companyIdx}`);
  expect(after).toMatchObject({ companyStockCurrentPrice: current, priceSource: 'DEMO' });
  await expect
    .poll(async () => panel.getByTestId('best-sell').textContent())
    .toBe(after.bestSellPrice === null ? '없음' : `${formatNumber(after.bestSellPrice)}원`);

  // Delete the buy after confirming.
  await buy.getByRole('button', { name: /^삭제/ }).click();
  const confirm = page.getByRole('dialog', { name: tradeUiMessages.deleteTitle });
  await confirm.getByRole('button', { name: tradeUiMessages.remove, exact: true }).click();
  await notice(page, tradeMessages.deleteDone).waitFor();
  await expect.poll(() => buy.count()).toBe(0);

  // 내 매물 from the header menu: the finished sale with its agreed price; the deleted buy is gone.
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('menuitem', { name: '내 매물' }).click();
  await page.waitForURL((url) => url.pathname === '/myPage/trades');
  const mine = page.getByTestId('my-trade');
  await mine.first().waitFor();
  expect(await mine.count()).toBe(1);
  const text = await mine.first().textContent();
  for (const part of [company.companyName, '매도', '1,200주', '거래완료', `체결가 ${formatNumber(agreed)}원`]) expect(text).toContain(part);
});

test("a visitor's register buttons open the login dialog", async ({ page, baseURL }) => {
  const company = await companyAt(baseURL, 41);
  await openStock(page, company.companyIdx);
  await sidePanel(page).getByRole('button', { name: '매물 등록' }).click();
  await page.getByRole('dialog', { name: '간편 로그인' }).waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await page.locator('header').getByRole('button', { name: '매물 등록' }).click();
  await page.getByRole('dialog', { name: '간편 로그인' }).waitFor();
  expect(await page.getByRole('dialog', { name: tradeMessages.registerTitle }).count()).toBe(0);
});

describe('on a phone (390 px)', () => {
  test.override('viewport', PHONE);

  test('on a phone a COMMON member is asked to verify; once verified, the bottom button opens the modal as a full sheet', async ({
    page,
    baseURL,
  }) => {
    const company = await companyAt(baseURL, 42);
    await signUp(page.context(), baseURL, '미인증회원', false);
    await openStock(page, company.companyIdx);
    await sidePanel(page).getByRole('button', { name: '매물 등록' }).click();
    const needed = page.getByRole('dialog', { name: '본인인증이 필요합니다' });
    await needed.waitFor();
    expect(await page.getByRole('dialog', { name: tradeMessages.registerTitle }).count()).toBe(0);
    await needed.getByRole('button', { name: '취소' }).click();

    await signUp(page.context(), baseURL, '인증회원');
    await openStock(page, company.companyIdx);
    await sidePanel(page).getByRole('button', { name: '매물 등록' }).click();
    const modal = page.getByRole('dialog', { name: tradeMessages.registerTitle });
    await modal.waitFor();
    const box = await modal.boundingBox();
    expect(box?.width).toBe(PHONE.width);
    expect(await modal.getByLabel('*판매 수량').getAttribute('inputmode')).toBe('numeric');
  });
});
