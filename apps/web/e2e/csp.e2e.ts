import type { StockSummary } from '@beesang/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { api, hydrated, open, SEARCH_PLACEHOLDER, test } from './browser';
import { newPhone, signUpMember } from './members';
import { signInAsStaff } from './staff';

/**
 * Every page under the Content-Security-Policy (issue 13 §4, decision 0015): a visitor's, a
 * member's and an operator's, with what they open (tabs, chart ranges, search, the login dialog,
 * the identity popup, the listing form, the console's sections), and not one violation, neither
 * reported to the page nor logged by Chromium. A script injected without the nonce is refused and
 * reported, so the watch is known to work.
 */

interface Violation {
  url: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects the violations of every page of `context`, popups included: the DOM event and the console. */
async function watchPolicy(context: BrowserContext): Promise<Violation[]> {
  const seen: Violation[] = [];
  await context.exposeBinding('__beesangViolation', ({ page }, v: Omit<Violation, 'url'>) => {
    seen.push({ url: page.url(), ...v });
  });
  // Before any script of the page: the event is dispatched at the element and bubbles to the document.
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __beesangViolation(v: unknown): void }).__beesangViolation;
        void report({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: `${e.sourceFile}:${e.lineNumber} ${e.sample}` });
      },
      true,
    );
  });
  const listen = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(text))
        seen.push({ url: page.url(), directive: 'console', blocked: '', sample: text });
    });
  for (const page of context.pages()) listen(page);
  context.on('page', listen);
  return seen;
}

/** Opens `path` (a full page load) and waits until React has hydrated it. */
async function visit(page: Page, path: string) {
  const response = await open(page, path);
  expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-/);
}

async function firstCompany(baseURL: string): Promise<StockSummary> {
  const [company] = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=1&sort=name')).data;
  if (!company) throw new Error('no companies');
  return company;
}

/** The stock page with its chart ranges and both tabs. */
async function stockPage(page: Page, companyIdx: number) {
  await visit(page, `/stock/${companyIdx}`);
  const ranges = page.getByRole('group', { name: '차트 기간' }).getByRole('button');
  await hydrated(ranges.first());
  for (let i = (await ranges.count()) - 1; i >= 0; i--) {
    await ranges.nth(i).click();
    await expect.poll(() => ranges.nth(i).getAttribute('aria-pressed')).toBe('true');
  }
  await page.getByRole('tab', { name: '토론' }).click();
  await page.getByRole('tabpanel', { name: '토론' }).waitFor();
  await page.getByRole('tab', { name: '매물' }).click();
  await page.getByRole('tabpanel', { name: '매물' }).waitFor();
}

test("a visitor's pages, search and login dialog: no violation", async ({ page, baseURL }) => {
  const violations = await watchPolicy(page.context());
  await visit(page, '/');

  // The watch works: a script without the nonce does not run, and is reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__beesangInjected = true';
    document.body.append(script);
  });
  await expect.poll(() => violations.some((v) => v.directive === 'script-src-elem')).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __beesangInjected?: boolean }).__beesangInjected)).toBeUndefined();
  violations.length = 0;

  for (const path of ['/stock', '/intro', '/terms', '/privacy', '/caution', '/favorite', '/myPage', '/no-such-page']) {
    await visit(page, path);
  }
  const company = await firstCompany(baseURL);
  await stockPage(page, company.companyIdx);

  for (const list of ['/notice', '/event', '/unlisted/news', '/unlisted/market']) {
    await visit(page, list);
    const first = page.locator('main li a').first();
    if ((await first.count()) === 0) continue;
    await first.click();
    await page.locator('main article').waitFor();
  }

  // Search: the list of matches, then a stock page from it (a client-side navigation).
  await visit(page, '/');
  await page.getByPlaceholder(SEARCH_PLACEHOLDER).fill('ㅂㅅ');
  const option = page.getByRole('option').first();
  await option.waitFor();
  await option.click();
  await page.waitForURL(/\/stock\/\d+/);
  await page.getByRole('group', { name: '차트 기간' }).waitFor();

  // The login dialog, loaded on demand, and its id sign-in page.
  await page.locator('header').getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '아이디로 로그인' }).click();
  await dialog.getByRole('heading', { name: '아이디로 로그인' }).waitFor();

  expect(violations).toEqual([]);
});

test("a member's pages, the identity popup and the listing form: no violation", async ({ page, baseURL }) => {
  const violations = await watchPolicy(page.context());
  const phone = newPhone('0109');
  await signUpMember(page.context(), baseURL, { nickname: '정책확인', phone, verified: false });
  for (const path of ['/', '/favorite', '/myPage/trades', '/stock']) await visit(page, path);
  const company = await firstCompany(baseURL);
  await stockPage(page, company.companyIdx);

  // 본인인증 in the simulated provider's popup, which answers through window.opener.
  await visit(page, '/myPage');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: '본인인증하기' }).click()]);
  await popup.getByText('테스트 모드').waitFor();
  await popup.getByLabel('이름').fill('김정책');
  await popup.getByLabel('생년월일 (8자리)').fill('19900101');
  await popup.getByLabel('휴대폰 번호').fill(phone);
  await popup.getByRole('button', { name: '인증 완료' }).click();
  await page.getByText('본인인증을 마쳤어요 (김정책)').waitFor();

  // Verified: the listing form opens on the stock page.
  await visit(page, `/stock/${company.companyIdx}`);
  await page.locator('header').getByRole('button', { name: '매물 등록' }).click();
  const listing = page.getByRole('dialog', { name: '매물 등록' });
  await listing.waitFor();
  await listing.getByRole('button', { name: '닫기' }).click();

  expect(violations).toEqual([]);
});

test("the operators' console, section by section: no violation", async ({ page, baseURL }) => {
  const violations = await watchPolicy(page.context());
  await signInAsStaff(page.context(), baseURL, inject('staff').ADMIN);
  const sections = ['/admin', '/admin/reports', '/admin/review', '/admin/proofs', '/admin/experts', '/admin/members'];
  const more = ['/admin/top-fix', '/admin/prices', '/admin/content', '/admin/companies', '/admin/audit'];
  for (const path of [...sections, ...more]) {
    await visit(page, path);
    await page.getByRole('navigation', { name: '운영자 콘솔' }).waitFor();
  }
  // From one section to the next in the browser (the sections' code loads on demand).
  await visit(page, '/admin');
  const nav = page.getByRole('navigation', { name: '운영자 콘솔' });
  for (const name of ['신고', '회원', '콘텐츠', '종목', '감사 로그']) {
    await nav.getByRole('link', { name }).click();
    await expect.poll(() => nav.getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
  }

  expect(violations).toEqual([]);
});
