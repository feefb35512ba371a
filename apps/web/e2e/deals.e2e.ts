import { mkdirSync } from 'node:fs';
import {
  type ConversationSummary,
  type MemberPage,
  priceProvenanceText,
  REVIEW_TAGS,
  type StockProfile,
  type StockSummary,
  seoulDay,
  type Trade,
} from '@beesang/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { api, DESKTOP, hydrated, open, PHONE, SCREENSHOT_DIR, test, won } from './browser';
import { newPhone, signUpMember } from './members';
import { setServerClock, signInAsStaff } from './staff';

/**
 * Issue 22 with two browsers: a buyer offers on a sale, the seller counters, the buyer accepts,
 * both confirm; the listing's open count drops, the price moves as the rule says, and each side's
 * review shows on the other's page and in the listing's trust line. Every step on the other side
 * arrives live, without a reload.
 */

async function companyAt(baseURL: string, place: number): Promise<StockProfile> {
  const [summary] = (await api<{ data: StockSummary[] }>(baseURL, `/api/v2/stock/list?page=${place}&size=1`)).data;
  if (!summary) throw new Error(`no company at ${place}`);
  return api<StockProfile>(baseURL, `/api/v2/stock/profile/${summary.companyIdx}`);
}

async function member(browser: import('playwright-core').Browser, baseURL: string, nickname: string, viewport = DESKTOP) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  await signUpMember(context, baseURL, { nickname, phone: newPhone('0106') });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const me = await context.request.get(`${baseURL}/api/user/myPage/detail`);
  const { userIdx } = ((await me.json()) as { result: { userIdx: number } }).result;
  return { context, page, userIdx };
}

async function post<T>(context: BrowserContext, baseURL: string, path: string, data: unknown): Promise<T> {
  const res = await context.request.post(`${baseURL}${path}`, { data, headers: { origin: baseURL } });
  if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/**
 * For a failure's message when a confirmed deal did not move the price: the operators' price review
 * row of the finish (its exclusion reasons), or that it has none, and the profile as a member reads it.
 */
async function whyNoPrice(browser: import('playwright-core').Browser, baseURL: string, tradeIdx: number, companyIdx: number) {
  const context = await browser.newContext({ baseURL });
  try {
    await signInAsStaff(context, baseURL, inject('staff').ADMIN);
    const review = (await (await context.request.get(`${baseURL}/api/admin/price-review?page=1&size=50`)).json()) as {
      result: { data: Array<{ tradeIdx: number }> };
    };
    const row = review.result.data.find((r) => r.tradeIdx === tradeIdx);
    const asMember = await (await context.request.get(`${baseURL}/api/v2/stock/profile/${companyIdx}`)).json();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const later = await api<StockProfile>(baseURL, `/api/v2/stock/profile/${companyIdx}`);
    return (
      `price review: ${row ? JSON.stringify(row) : 'no exclusion recorded'}; the profile read by a member: ${JSON.stringify(asMember)}; ` +
      `by a visitor a second later: ${later.priceSource} ${later.companyStockCurrentPrice}`
    );
  } finally {
    await context.close();
  }
}

const card = (page: Page, kind: string) => page.getByTestId('deal-step').filter({ hasText: kind }).last();
const shoot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/deals-${name}.png`, fullPage: true });
};

test('two members: offer, counter, accept, both confirm; the price moves by the rule; reviews show on each other’s page', async ({
  browser,
  baseURL,
}) => {
  const company = await companyAt(baseURL, 70);
  const setToday = seoulDay(new Date(company.priceAt)) === seoulDay(new Date());
  const basis = setToday ? company.companyStockCurrentPrice - Number(company.stockPriceGap) : company.companyStockCurrentPrice;
  const agreed = Math.round(basis * 1.04);
  const count = Math.max(10, Math.ceil(1_000_000 / agreed));
  const seller = await member(browser, baseURL, '파는개미');
  const buyer = await member(browser, baseURL, '사는개미');
  try {
    const listing = await post<Trade>(seller.context, baseURL, '/api/trade/sell', {
      companyIdx: company.companyIdx,
      stockCount: count * 2,
      stockPerPrice: basis,
      stockCountNegotiationFlag: true,
      stockPriceNegotiationFlag: true,
    });
    // Ten and a half minutes later on the server's clock (DEV_CLOCK): the listing has stood long enough to count.
    await setServerClock(baseURL, 10.5 * 60_000);

    // The buyer offers from the stock page, pressing 거래 제안 before the page has read who they are
    // (a member gets the visitors' shared page and the browser reads the member: decision 0030).
    // The press is kept until the member is known, then the offer opens; no login dialog.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let memberAsked = false;
    await buyer.page.route('**/api/user/myPage/detail', async (route) => {
      memberAsked = true;
      await held;
      await route.continue();
    });
    await open(buyer.page, `/stock/${company.companyIdx}`);
    const row = buyer.page.getByTestId('trade-row').filter({ hasText: '파는개미' }).first();
    await hydrated(row.getByRole('button', { name: /^거래 제안/ }));
    await row.getByRole('button', { name: /^거래 제안/ }).click();
    const offer = buyer.page.getByRole('dialog', { name: '거래 제안' });
    await expect.poll(() => memberAsked).toBe(true);
    expect(await buyer.page.getByRole('dialog').count()).toBe(0);
    release();
    await offer.waitFor();
    await buyer.page.unroute('**/api/user/myPage/detail');
    expect(await buyer.page.getByRole('dialog').count()).toBe(1);
    await offer.getByLabel('수량').fill(String(count));
    await offer.getByLabel('주당 가격').fill(String(basis));
    await offer.getByLabel('첫 메시지').fill('주말에 거래 가능하실까요?');
    await offer.getByRole('button', { name: '제안 보내기' }).click();
    await buyer.page.waitForURL(/\/messages\/\d+$/);
    const conversationId = Number(buyer.page.url().split('/').pop());

    // The seller sees it: the header's count and the inbox, without reloading the page they are on.
    await open(seller.page, '/');
    await seller.page.locator('header').getByRole('link', { name: '메시지, 읽지 않은 메시지 1개' }).waitFor({ timeout: 5_000 });
    await open(seller.page, `/messages/${conversationId}`);
    await card(seller.page, '제안').waitFor();
    await seller.page.getByRole('button', { name: /^다시 제안/ }).click();
    const counter = seller.page.getByRole('dialog', { name: '다시 제안' });
    await counter.getByLabel('주당 가격').fill(String(agreed));
    await counter.getByLabel('메시지 (선택)').fill('이 가격이면 바로 가능해요');
    await counter.getByRole('button', { name: '다시 제안하기' }).click();

    // Live on the buyer's open page: the counter-offer, then accept it.
    await buyer.page.getByText('이 가격이면 바로 가능해요').waitFor({ timeout: 5_000 });
    await buyer.page.getByRole('button', { name: /^수락/ }).click();
    await seller.page.getByTestId('confirmations').waitFor({ timeout: 5_000 });
    const open1 = await api<Trade>(baseURL, `/api/v2/trade/${listing.tradeIdx}`);
    expect(open1.openStockCount).toBe(count);
    await shoot(buyer.page, 'conversation-agreed-1280');

    // A text, live both ways, with the caution line only for its recipient.
    await seller.page.getByRole('textbox', { name: '메시지', exact: true }).fill('입금은 010-1234-5678 로 연락 주세요');
    await seller.page.keyboard.press('Enter');
    await buyer.page.getByText('외부 연락·선입금 요구는 사기일 수 있어요').waitFor({ timeout: 5_000 });
    expect(await seller.page.getByText('외부 연락·선입금 요구는 사기일 수 있어요').count()).toBe(0);

    // Both confirm: a confirmed trade, and the price moves (a verified pair, inside the band, after 10 minutes).
    for (const who of [buyer, seller]) {
      await who.page.getByRole('button', { name: /^거래 완료 확인/ }).click();
      await who.page.getByRole('dialog', { name: '거래 완료 확인' }).getByRole('button', { name: '거래 완료 확인' }).click();
      await who.page.getByRole('dialog', { name: '거래 완료 확인' }).waitFor({ state: 'hidden' });
    }
    await buyer.page.getByRole('button', { name: /^후기 남기기/ }).waitFor({ timeout: 5_000 });
    const after = await api<StockProfile>(baseURL, `/api/v2/stock/profile/${company.companyIdx}`);
    if (after.priceSource !== 'TRADE' || after.companyStockCurrentPrice !== agreed)
      throw new Error(
        `the confirmed deal at ${agreed} did not show as the price (a visitor read ${after.priceSource} ${after.companyStockCurrentPrice}); ${await whyNoPrice(browser, baseURL, listing.tradeIdx, company.companyIdx).catch((e) => `(no diagnosis: ${e})`)}`,
      );
    expect(after).toMatchObject({ companyStockCurrentPrice: agreed, priceSource: 'TRADE', priceTradeCount: 1 });
    expect(priceProvenanceText(after)).toMatch(/^확인된 거래 1건 기준 · \d+월 \d+일 \d{2}:\d{2}$/);
    expect((await api<Trade>(baseURL, `/api/v2/trade/${listing.tradeIdx}`)).openStockCount).toBe(count);

    // Each reviews the other.
    for (const [who, text] of [
      [buyer, '약속 시간에 정확히 나오셨어요'],
      [seller, '빠르게 입금해 주셨어요'],
    ] as const) {
      await who.page.getByRole('button', { name: /^후기 남기기/ }).click();
      const dialog = who.page.getByRole('dialog', { name: '후기 남기기' });
      await dialog.getByRole('radio', { name: '좋아요' }).click();
      await dialog.getByRole('button', { name: REVIEW_TAGS.good[0] }).click();
      await dialog.getByLabel('후기 (선택)').fill(text);
      await dialog.getByRole('button', { name: '후기 보내기' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }

    // The seller's page, as the buyer sees it, and the trust line on the listing.
    await open(buyer.page, `/member/${seller.userIdx}`);
    await buyer.page.getByText('약속 시간에 정확히 나오셨어요').waitFor();
    const page = await api<MemberPage>(baseURL, `/api/members/${seller.userIdx}`);
    expect(page).toMatchObject({ confirmedTrades: 1, goodReviews: 1 });
    await shoot(buyer.page, 'member-1280');
    await open(buyer.page, `/stock/${company.companyIdx}`);
    const trust = buyer.page.getByTestId('trade-row').filter({ hasText: '파는개미' }).first();
    await expect.poll(() => trust.textContent()).toMatch(/확인된 거래 1건/);
    expect(won(await buyer.page.getByTestId('current-price').textContent())).toBe(agreed);

    // The inbox, at both widths.
    await open(seller.page, '/messages');
    const list = await (await seller.context.request.get(`${baseURL}/api/conversations`)).json();
    expect((list as { result: { data: ConversationSummary[] } }).result.data[0]?.conversationId).toBe(conversationId);
    await shoot(seller.page, 'inbox-1280');
    await seller.page.setViewportSize(PHONE);
    await open(seller.page, `/messages/${conversationId}`);
    await card(seller.page, '완료').waitFor();
    await shoot(seller.page, 'conversation-390');
    await open(seller.page, '/messages');
    await shoot(seller.page, 'inbox-390');
    await open(seller.page, `/member/${buyer.userIdx}`);
    await shoot(seller.page, 'member-390');
  } catch (error) {
    await shoot(buyer.page, 'failed-buyer').catch(() => {});
    await shoot(seller.page, 'failed-seller').catch(() => {});
    throw error;
  } finally {
    await setServerClock(baseURL, 0);
    await seller.context.close();
    await buyer.context.close();
  }
});
