import { type StockProfile, type StockSummary, tradeMessages, tradeUiMessages } from '@beesang/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { api, hydrated, open, PHONE, test } from './browser';
import { latestCode, newPhone, signUpMember } from './members';
import { signInAsStaff } from './staff';

/**
 * Keyboard-only journeys (issue 14 §2): once a page has loaded, only `page.keyboard` — no clicks,
 * no programmatic focus. At each key step the test asks where focus is (`document.activeElement`
 * against a role and an accessible name) and, on a few controls, whether the focus can be seen.
 * (Reordering favourites by keyboard is in favorites.e2e.ts.)
 */

const nextPhone = () => newPhone('0100');

/** A fresh nickname (letters only): `prefix` and three random syllables. */
const hangulName = (prefix: string) =>
  `${prefix}${Array.from({ length: 3 }, () => String.fromCharCode(0xac00 + Math.floor(Math.random() * 11_172))).join('')}`;

/** What has focus, for failure messages: tag, role, name-ish text. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return `<${el.tagName.toLowerCase()} role=${el.getAttribute('role') ?? ''}> ${name.trim().slice(0, 60)}`;
  });

/** Waits until `target` (a role-and-name locator) is the document's active element. */
async function expectFocus(target: Locator, timeout = 5_000): Promise<void> {
  await target.waitFor({ state: 'attached' });
  const page = target.page();
  await expect
    .poll(async () => ((await target.evaluate((el) => el === document.activeElement)) ? 'focused' : await describeFocus(page)), {
      timeout,
      message: 'where focus is',
    })
    .toBe('focused');
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(target: Locator, { max = 40, back = false } = {}): Promise<number> {
  await target.waitFor({ state: 'attached' });
  const page = target.page();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached in ${max} presses of Tab; focus is on ${await describeFocus(page)}`);
}

/**
 * The focused control shows that it is: its own outline, or (for inputs drawn inside a box, which
 * turn their outline off) a ring on the box around them.
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const own = getComputedStyle(el);
    const outline =
      own.outlineStyle !== 'none' && Number.parseFloat(own.outlineWidth) > 0 && own.outlineColor !== 'rgba(0, 0, 0, 0)'
        ? `${own.outlineStyle} ${own.outlineWidth} ${own.outlineColor}`
        : 'none';
    const box = el.parentElement ? getComputedStyle(el.parentElement).boxShadow : 'none';
    return { outline, box };
  });
  expect(ring, 'something has focus').not.toBeNull();
  expect(ring?.outline !== 'none' || ring?.box !== 'none', `a visible focus indicator (${JSON.stringify(ring)})`).toBe(true);
}

/** Focus is somewhere on the page, not dropped on <body> (or nowhere). */
const focusOnBody = (page: Page) => page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

const headerLogin = (page: Page) => page.locator('header').getByRole('button', { name: '로그인', exact: true });

describe('sign in by phone, keyboard only', () => {
  test('Tab to 로그인, Escape returns to it; phone, code, member type, nickname, email, terms; signed in with focus in the header', async ({
    page,
    baseURL,
  }) => {
    const phone = nextPhone();
    const nickname = hangulName('키보드');
    await open(page, '/');
    const login = headerLogin(page);
    await hydrated(login);

    await tabTo(login);
    await expectVisibleFocus(page);

    // Enter opens the dialog with focus inside it; Escape closes it and focus is back on 로그인.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '간편 로그인' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expectFocus(login);

    // Again, this time all the way.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const phoneField = dialog.getByRole('textbox', { name: '휴대폰 번호' });
    await tabTo(phoneField, { max: 5 });
    await page.keyboard.type(phone);
    expect(await phoneField.inputValue()).toBe(phone);
    await page.keyboard.press('Tab');
    const request = dialog.getByRole('button', { name: '인증요청' });
    await expectFocus(request);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    // The same button now offers 재전송 and keeps focus, so the next Tab goes to the code.
    const resend = dialog.getByRole('button', { name: '재전송' });
    await resend.waitFor();
    await expectFocus(resend);
    const code = await latestCode(baseURL, phone);
    await page.keyboard.press('Tab');
    await expectFocus(dialog.getByRole('textbox', { name: '인증번호', exact: true }));
    await page.keyboard.type(code);
    const submit = dialog.getByRole('button', { name: '로그인 (회원가입)' });
    await tabTo(submit, { max: 3 });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');

    // A new number: the member-type page. Focus starts at its top, the first card is a Tab away.
    const types = page.getByRole('dialog', { name: '회원 유형 선택' });
    await types.waitFor();
    await expect.poll(() => types.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const normal = types.getByRole('radio', { name: /일반 회원/ });
    await tabTo(normal, { max: 3 });
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    expect(await normal.isChecked()).toBe(true);
    // One stop for the group: the next Tab is 다음, not the other cards.
    await page.keyboard.press('Tab');
    await expectFocus(types.getByRole('button', { name: '다음' }));
    await page.keyboard.press('Enter');

    const form = page.getByRole('dialog', { name: '일반 회원가입' });
    await form.waitFor();
    await tabTo(form.getByRole('textbox', { name: '닉네임' }), { max: 4 });
    await page.keyboard.type(nickname);
    await page.keyboard.press('Tab');
    await expectFocus(form.getByRole('textbox', { name: '이메일' }));
    await page.keyboard.type(`${phone}@example.com`);
    await page.keyboard.press('Tab');
    const all = form.getByRole('checkbox', { name: '전체 동의' });
    await expectFocus(all);
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    expect(await all.isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: /서비스 이용약관/ }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: /개인정보 처리방침/ }).isChecked()).toBe(true);
    const confirm = form.getByRole('button', { name: '확인' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await tabTo(confirm, { max: 8 });
    await page.keyboard.press('Enter');

    // Signed in: the dialog is gone, and focus is on the member's own link where 로그인 was.
    const header = page.locator('header');
    await header.getByText(nickname).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectFocus(header.getByRole('link', { name: `${nickname} 회원정보` }));
    expect(await focusOnBody(page)).toBe(false);
    await expectVisibleFocus(page);
  });
});

describe('at 390 px', () => {
  test.override('viewport', PHONE);

  test('the header 로그인 opens the sheet with Enter, Escape closes it and focus is back on 로그인', async ({ page }) => {
    await open(page, '/');
    const login = headerLogin(page);
    await hydrated(login);
    await tabTo(login);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '간편 로그인' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // A full-screen sheet at this width.
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(PHONE.width);
    // Tab stays inside: from the last control it wraps to the first, never to the page behind.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `Tab ${i + 1} stays in the sheet`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expectFocus(login);
    await expectVisibleFocus(page);
  });
});

/** A company from the middle of the market-cap list that is not unissued (no proof step). */
async function listedCompany(baseURL: string): Promise<StockProfile> {
  for (let place = 60; place < 90; place++) {
    const [summary] = (await api<{ data: StockSummary[] }>(baseURL, `/api/v2/stock/list?page=${place}&size=1`)).data;
    if (!summary) break;
    const profile = await api<StockProfile>(baseURL, `/api/v2/stock/profile/${summary.companyIdx}`);
    if (!profile.stockLabelType.includes('UNISSUED') && profile.companyStockCurrentPrice > 0) return profile;
  }
  throw new Error('no listed company with a price');
}

test('a member posts a sale from the header with the keyboard only: side, company search, count, price, 등록하기', async ({
  page,
  baseURL,
}) => {
  const company = await listedCompany(baseURL);
  await signUpMember(page.context(), baseURL, { nickname: hangulName('매물키'), phone: nextPhone() });
  await open(page, '/');
  const register = page.locator('header').getByRole('button', { name: '매물 등록' });
  await hydrated(register);

  await tabTo(register);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: tradeMessages.registerTitle });
  await modal.waitFor();
  await expect.poll(() => modal.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  // The side: a radio group, one Tab stop, arrows move the choice.
  const sell = modal.getByRole('radio', { name: tradeUiMessages.sell });
  const buy = modal.getByRole('radio', { name: tradeUiMessages.buy });
  await tabTo(sell, { max: 3 });
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowRight');
  await expectFocus(buy);
  expect(await buy.getAttribute('aria-checked')).toBe('true');
  await page.keyboard.press('ArrowLeft');
  await expectFocus(sell);
  expect(await sell.getAttribute('aria-checked')).toBe('true');
  expect(await buy.getAttribute('aria-checked')).toBe('false');

  // The company: type, ↓ to the exact name, Enter.
  await page.keyboard.press('Tab');
  const picker = modal.getByRole('combobox', { name: tradeUiMessages.companyLabel });
  await expectFocus(picker);
  await expectVisibleFocus(page);
  await page.keyboard.type(company.companyName);
  const options = modal.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  const active = () =>
    picker.evaluate((input) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
  for (let i = 0; i < 10 && !(await active()).startsWith(company.companyName); i++) await page.keyboard.press('ArrowDown');
  expect(await active()).toContain(company.companyName);
  await page.keyboard.press('Enter');
  await expect.poll(() => options.count()).toBe(0);
  expect(await picker.inputValue()).toBe(company.companyName);
  await expectFocus(picker);

  // Count, then price (the current price is filled in: select it and type over it).
  await page.keyboard.press('Tab');
  const count = modal.getByRole('textbox', { name: tradeMessages.countLabelSell });
  await expectFocus(count);
  await expectVisibleFocus(page);
  await page.keyboard.type('4321');
  expect(await count.inputValue()).toBe('4,321');
  await page.keyboard.press('Tab');
  const price = modal.getByRole('textbox', { name: tradeMessages.priceLabel });
  await expectFocus(price);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('100000000');

  // Past the limit: the warning comes, the modal stays, and focus stays on 등록하기.
  const submit = modal.getByRole('button', { name: tradeUiMessages.submitRegister });
  await tabTo(submit, { max: 4 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await page.locator('[data-notice]').getByText(tradeMessages.priceTooHigh).waitFor();
  await expectFocus(submit);

  // Back to the price with Shift+Tab, the current price typed over it.
  await tabTo(price, { max: 4, back: true });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(String(company.companyStockCurrentPrice));

  // The negotiation switches are on the way, and Space turns one on.
  await page.keyboard.press('Tab');
  const negotiable = modal.getByRole('checkbox', { name: tradeUiMessages.priceNegotiable });
  await expectFocus(negotiable);
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  expect(await negotiable.isChecked()).toBe(true);

  await tabTo(submit, { max: 4 });
  await page.keyboard.press('Enter');
  await page.locator('[data-notice]').getByText(tradeMessages.registerDone).waitFor();
  await expect.poll(() => modal.count()).toBe(0);
  // Focus is back on the button that opened the modal.
  await expectFocus(register);

  // The listing is on the company's page.
  await open(page, `/stock/${company.companyIdx}`);
  const sells = page.getByRole('region', { name: tradeUiMessages.sellSide });
  const row = sells.getByTestId('trade-row').filter({ hasText: '4,321' }).filter({ hasText: '내 매물' });
  await row.waitFor();
  expect(await row.textContent()).toContain(tradeUiMessages.priceNegotiableMark);
});

async function post<T>(context: BrowserContext, baseURL: string, path: string, data: unknown): Promise<T> {
  const res = await context.request.post(`${baseURL}${path}`, { data, headers: { origin: baseURL } });
  if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

test('a moderator resolves a report with the keyboard only: Tab to the report, 숨김, and it leaves the queue', async ({
  page,
  browser,
  baseURL,
}) => {
  const [company] = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?page=3&size=1')).data;
  if (!company) throw new Error('no companies');
  const content = `키보드 신고 확인용 의견 ${Date.now()}`;
  const others = await Promise.all([1, 2].map(() => browser.newContext({ baseURL })));
  try {
    const [author, reporter] = others as [BrowserContext, BrowserContext];
    await signUpMember(author, baseURL, { nickname: hangulName('작성키'), phone: nextPhone() });
    await signUpMember(reporter, baseURL, { nickname: hangulName('신고키'), phone: nextPhone(), verified: false });
    const opinion = await post<{ opinionIdx: number }>(author, baseURL, '/api/opinion', { companyIdx: company.companyIdx, content });
    await post(reporter, baseURL, `/api/accuse/opinion/${opinion.opinionIdx}`, { reason: 2, detail: '키보드로 처리할 신고' });
  } finally {
    await Promise.all(others.map((c) => c.close()));
  }

  await signInAsStaff(page.context(), baseURL, inject('staff').MODERATOR);
  await open(page, '/admin/reports');
  const card = page.getByTestId('report-group').filter({ hasText: content });
  await hydrated(card.getByRole('button', { name: '숨김' }));

  // From the top of the page: past the header and the console's sections to this report's buttons.
  const hide = card.getByRole('button', { name: '숨김' });
  await tabTo(card.getByRole('checkbox', { name: '숨기면서 작성자 제재' }), { max: 120 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Tab');
  await expectFocus(card.getByRole('button', { name: '기각' }));
  await page.keyboard.press('Tab');
  await expectFocus(hide);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');

  await page.locator('[data-notice]').getByText('토론 글을 숨겼습니다.').waitFor();
  await expect.poll(() => card.count()).toBe(0);
  // Focus is not dropped with the card: the queue's title takes it, one Tab before the next report.
  await expectFocus(page.getByRole('heading', { name: '신고', level: 1 }));
  expect(await focusOnBody(page)).toBe(false);
  await expectVisibleFocus(page);
});
