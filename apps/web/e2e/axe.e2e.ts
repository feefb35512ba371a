import type { StockSummary, Trade } from '@beesang/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { axeViolations, describeViolations, settled, type Violation } from './axe';
import { api, DESKTOP, PHONE, searchBox, test } from './browser';
import { latestCode, newPhone, signUpMember } from './members';
import { signInAsStaff } from './staff';

/**
 * axe-core finds nothing on any page or dialog (issue 14 §2): WCAG 2.0/2.1 A and AA and axe's best
 * practices, at 1280 and 390 px, for a visitor, a member and an operator (the console's every
 * section). Each role and width is one signed-in browser context that walks the site and opens each
 * dialog and menu on the way, checking the page with it open. A failure lists every violation found:
 * the rule, what it asks, the first elements it flagged, axe's reason and every page it was on.
 */

const CONTENT_LISTS = ['/notice', '/event', '/unlisted/news', '/unlisted/market'];
const LEGAL = ['/intro', '/terms', '/privacy', '/caution'];
// /notifications with its 알림 설정 section, and /myPage with its own (issue 23).
const MEMBER_PAGES = ['/favorite', '/myPage', '/myPage/trades', '/messages', '/notifications'];
const CONSOLE = [
  '',
  '/reports',
  '/review',
  '/proofs',
  '/experts',
  '/members',
  '/top-fix',
  '/prices',
  '/content',
  '/campaigns',
  '/companies',
  '/audit',
].map((s) => `/admin${s}`);

const OTHER_NICKNAME = '접근성점검';

/**
 * The company every role looks at, with a listing and an opinion of another member on it (the
 * report dialog needs someone else's): made once for the file through the API.
 */
let shared: Promise<StockSummary> | undefined;
function sharedCompany(browser: Browser, baseURL: string): Promise<StockSummary> {
  shared ??= (async () => {
    const [company] = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=1')).data;
    if (!company) throw new Error('no companies');
    const other = await browser.newContext({ baseURL });
    try {
      await signUpMember(other, baseURL, { nickname: OTHER_NICKNAME, phone: newPhone('0109') });
      await post(other.request, baseURL, '/api/trade/sell', {
        companyIdx: company.companyIdx,
        stockCount: 30,
        stockPerPrice: Math.max(1, company.companyStockCurrentPrice),
        stockCountNegotiationFlag: false,
        stockPriceNegotiationFlag: true,
      });
      await post(other.request, baseURL, '/api/opinion', {
        companyIdx: company.companyIdx,
        content: '장기 보유 관점에서 지켜보고 있습니다.',
      });
    } finally {
      await other.close();
    }
    return company;
  })();
  return shared;
}

/** As a browser's fetch does, the write names its origin (the site refuses cookie writes that do not; issue 21). */
async function post(request: Page['request'], baseURL: string, path: string, data?: unknown): Promise<void> {
  const res = await request.post(path, { data, headers: { origin: baseURL } });
  if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
}

/** The other member's sale on the shared company, and who they are (their page is /member/{userIdx}). */
async function otherListing(baseURL: string, company: StockSummary): Promise<Trade> {
  const book = await api<{ data: Trade[] }>(baseURL, `/api/v2/trade/all/company/${company.companyIdx}?size=50`);
  const found = book.data.find((t) => t.writer.userNickname === OTHER_NICKNAME);
  if (!found) throw new Error(`no listing of ${OTHER_NICKNAME}`);
  return found;
}

/**
 * A member of their own: a listing of theirs and a favourite, so that /myPage/trades and /favorite
 * have rows, and an offer on the other member's sale, so that a conversation has its thread (issue
 * 22). The deal pages to check: the conversation and the other member's public page.
 */
async function signUpWithRows(page: Page, baseURL: string, company: StockSummary): Promise<string[]> {
  await signUpMember(page.context(), baseURL, { nickname: '접근성회원', phone: newPhone('0109') });
  const request = page.context().request;
  await post(request, baseURL, '/api/trade/buy', {
    companyIdx: company.companyIdx,
    stockCount: 12,
    stockPerPrice: Math.max(1, company.companyStockCurrentPrice),
    stockCountNegotiationFlag: true,
    stockPriceNegotiationFlag: false,
  });
  await post(request, baseURL, `/api/stock/add/favorite/stock/${company.companyIdx}`);
  const theirs = await otherListing(baseURL, company);
  const offered = await request.post('/api/deals', {
    data: {
      tradeIdx: theirs.tradeIdx,
      stockCount: theirs.openStockCount,
      stockPerPrice: theirs.stockPerPrice,
      message: '주말 거래 가능하실까요?',
    },
    headers: { origin: baseURL },
  });
  if (!offered.ok()) throw new Error(`POST /api/deals answered ${offered.status()}: ${await offered.text()}`);
  const { conversationId } = ((await offered.json()) as { result: { conversationId: number } }).result;
  return [`/messages/${conversationId}`, `/member/${theirs.writer.userIdx}`];
}

/** Collects what axe finds, page after page, for one failure message at the end. */
function auditor(page: Page) {
  const found: Violation[] = [];
  return {
    found,
    /** Checks the page as it is now (a dialog or menu open, say), under `where`. */
    async check(where: string) {
      found.push(...(await axeViolations(page, where)));
    },
    /** Opens `path`, waits until it is interactive and checks it. */
    async visit(path: string) {
      // Not waiting for every image: settled() waits for what axe needs (hydration, Radix, lists).
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await settled(page);
      found.push(...(await axeViolations(page, path)));
    },
  };
}

const menuButton = (page: Page) => page.locator('header button[aria-label="메뉴"][data-state]');
const dialog = (page: Page) => page.getByRole('dialog');

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog(page).count()).toBe(0);
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`at ${viewport.width} px`, () => {
    test.override('viewport', viewport);

    for (const role of ['visitor', 'member', 'operator'] as const) {
      test(`${role}: no axe violation on any page or dialog`, { timeout: 150_000 }, async ({ page, baseURL, browser }) => {
        const company = await sharedCompany(browser, baseURL);
        const dealPages = role === 'member' ? await signUpWithRows(page, baseURL, company) : [];
        if (role === 'operator') await signInAsStaff(page.context(), baseURL, inject('staff').ADMIN);
        const audit = auditor(page);

        // The front page, and the header's menu open on it (each role's menu has its own entries).
        await audit.visit('/');
        await menuButton(page).click();
        await page.getByRole('menu').getByRole('menuitem').first().waitFor();
        await audit.check(`header menu (${role})`);

        if (role === 'visitor') {
          await page.getByRole('menuitem', { name: '고객센터' }).click();
          await dialog(page).getByRole('link', { name: 'App Store' }).waitFor();
          await audit.check('고객센터 dialog');
          await closeDialog(page);

          await searchBox(page).fill(company.companyName);
          await page.getByRole('listbox', { name: '검색 결과' }).getByRole('option').first().waitFor();
          await audit.check('search results');
          await searchBox(page).fill('');

          // The login dialog's phone page, then (a new number) its member-type page.
          await page.locator('header').getByRole('button', { name: '로그인', exact: true }).click();
          const login = dialog(page);
          const phone = newPhone('0109');
          await login.getByLabel('휴대폰 번호').fill(phone);
          await audit.check('login dialog');
          await login.getByRole('button', { name: '인증요청' }).click();
          await login.getByRole('button', { name: '재전송' }).waitFor();
          await login.getByLabel('인증번호', { exact: true }).fill(await latestCode(baseURL, phone));
          await login.getByRole('button', { name: '로그인 (회원가입)' }).click();
          await login.getByText('일반 회원').waitFor();
          await audit.check('login dialog: member type');
          await closeDialog(page);
        } else {
          await page.keyboard.press('Escape');
        }

        if (role === 'operator') {
          // The operator's public pages are the member's (checked in the member's test) but for the
          // console's link, which the front page and its menu above have shown: here, the console.
          for (const path of CONSOLE) {
            if (path === '/admin/campaigns') continue; // below, with its preview
            await audit.visit(path);
            if (path !== '/admin/content') continue;
            // A confirm dialog of the console: deleting a notice asks first (cancelled here).
            await page.getByRole('button', { name: /삭제$/ }).first().click();
            await dialog(page).getByRole('button', { name: '취소' }).waitFor();
            await audit.check('console confirm dialog (콘텐츠 삭제)');
            await closeDialog(page);
          }
          // 캠페인 (광고): its preview with the reach, and the confirmation that states it (cancelled here).
          await audit.visit('/admin/campaigns');
          await page.getByLabel('제목').fill('접근성 점검 캠페인');
          await page.getByLabel('내용').fill('보내지 않는 점검용 캠페인입니다.');
          await page.getByTestId('campaign-reach').waitFor();
          await audit.check('/admin/campaigns with its preview');
          await page.getByRole('button', { name: '보내기' }).click();
          await dialog(page).getByRole('button', { name: '취소' }).waitFor();
          await audit.check('console confirm dialog (캠페인 발송)');
          await closeDialog(page);
        } else {
          await audit.visit('/stock');
          const stock = `/stock/${company.companyIdx}`;
          await audit.visit(stock);
          if (role === 'member') {
            await page.getByRole('region', { name: '종목 요약' }).getByRole('button', { name: '매물 등록' }).click();
            await dialog(page).getByRole('button', { name: '등록하기' }).waitFor();
            await audit.check('매물 등록 dialog');
            await closeDialog(page);

            // 가격 알림 (issue 23): this company's alerts and the form for a new one.
            await page
              .getByRole('region', { name: '종목 요약' })
              .getByRole('button', { name: /^가격 알림/ })
              .click();
            await dialog(page).getByText('아직 이 종목에 설정한 알림이 없어요.').waitFor();
            await audit.check('가격 알림 dialog');
            await closeDialog(page);

            const theirs = page.getByTestId('trade-row').filter({ hasText: OTHER_NICKNAME }).first();
            await theirs.getByRole('button', { name: /^신고/ }).click();
            await dialog(page).getByRole('button', { name: '신고하기' }).waitFor();
            await audit.check('신고 dialog (listing)');
            await closeDialog(page);
          }
          await page.getByRole('tab', { name: '토론' }).click();
          await page.getByTestId('opinion').first().waitFor();
          await audit.check(`${stock} 토론 tab`);

          for (const list of CONTENT_LISTS) {
            await audit.visit(list);
            const first = await page.locator('main li a').first().getAttribute('href');
            if (!first) throw new Error(`${list} lists no post`);
            await audit.visit(first);
          }
          for (const path of [...LEGAL, ...MEMBER_PAGES, ...dealPages, '/no-such-page']) await audit.visit(path);
          if (role === 'member') {
            // A favourite's 새 매물 알림 (issue 23), once its setting is read.
            await audit.visit('/favorite');
            await page
              .getByRole('button', { name: /새 매물 알림 설정/ })
              .first()
              .click();
            await expect.poll(() => dialog(page).getByRole('switch').isEnabled()).toBe(true);
            await audit.check('새 매물 알림 dialog');
            await closeDialog(page);
          }
          // A member's public page, as a visitor reads it too.
          if (role === 'visitor') await audit.visit(`/member/${(await otherListing(baseURL, company)).writer.userIdx}`);
        }

        expect(audit.found.length, `axe found violations:\n${describeViolations(audit.found)}`).toBe(0);
      });
    }
  });
}
