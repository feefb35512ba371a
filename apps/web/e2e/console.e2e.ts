import { type StockSummary, type Trade, tradeMessages } from '@beesang/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { api, hydrated, open, test } from './browser';
import { newPhone, signUpMember } from './members';
import { setServerClock, signInAsStaff } from './staff';

/**
 * The operators' console (issue 11 §3), each section by the role it belongs to, and what members
 * see change at once: a hidden opinion and a sanction, a verified proof, a scheduled notice, an
 * import refused line by line.
 */

const staff = () => inject('staff');

async function firstCompany(baseURL: string, label?: string): Promise<StockSummary> {
  const query = label ? `&label=${label}` : '';
  const [company] = (await api<{ data: StockSummary[] }>(baseURL, `/api/v2/stock/list?size=1&sort=name&order=desc${query}`)).data;
  if (!company) throw new Error('no companies');
  return company;
}

async function post<T>(context: BrowserContext, baseURL: string, path: string, data: unknown): Promise<T> {
  const res = await context.request.post(`${baseURL}${path}`, { data, headers: { origin: baseURL } });
  if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** A page in its own browser context (another person at another computer). */
async function person(page: Page) {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: undefined, viewport: { width: 1280, height: 900 }, locale: 'ko-KR' });
  if (!context) throw new Error('no browser');
  return { context, page: await context.newPage() };
}

test('신고: a moderator hides a reported opinion and sanctions its author, who is blocked at their next action', async ({
  page,
  baseURL,
}) => {
  const company = await firstCompany(baseURL);
  const author = await person(page);
  const reporter = await person(page);
  try {
    await signUpMember(author.context, baseURL, { nickname: '리딩방장', phone: newPhone('0103') });
    await signUpMember(reporter.context, baseURL, { nickname: '신고개미', phone: newPhone('0103'), verified: false });
    const content = `오늘만 무료 리딩방 ${Date.now()}`;
    const opinion = await post<{ opinionIdx: number }>(author.context, baseURL, '/api/opinion', {
      companyIdx: company.companyIdx,
      content,
    });
    await post(reporter.context, baseURL, `/api/accuse/opinion/${opinion.opinionIdx}`, { reason: 2, detail: '광고 글입니다' });

    await signInAsStaff(page.context(), baseURL, staff().MODERATOR);
    await page.goto('/admin/reports');
    const card = page.getByTestId('report-group').filter({ hasText: content });
    await hydrated(card);
    await card.getByText('“광고 글입니다”').waitFor();
    await card.getByText('리딩방장').waitFor();
    await card.getByLabel('숨기면서 작성자 제재').check();
    await card.getByLabel('제재 단계').selectOption({ label: '매물 제한' });
    await card.getByLabel('제재 사유').fill('리딩방 홍보');
    await card.getByRole('button', { name: '숨기고 제재' }).click();
    await expect.poll(() => card.count()).toBe(0);

    // The same opinion was flagged without a report (리딩방 is a scam signal): already hidden, closed as handled.
    await page.goto('/admin/review');
    const flagged = page.getByTestId('review-item').filter({ hasText: content });
    await hydrated(flagged);
    await flagged.getByText('문구 “리딩방”').waitFor();
    await flagged.getByText('이미 숨겨진 글입니다.').waitFor();
    await flagged.getByRole('button', { name: '문제 없음' }).click();
    await expect.poll(() => flagged.count()).toBe(0);

    // The author's next page: the opinion is gone, the sanction notice is there, and a listing is refused.
    await open(author.page, `${baseURL}/stock/${company.companyIdx}`);
    await author.page.getByText(tradeMessages.sanctionStopTrade).waitFor();
    await author.page.getByRole('tab', { name: '토론' }).click();
    await author.page.getByTestId('discussion-tab').waitFor();
    expect(await author.page.getByText(content).count()).toBe(0);
    const refused = await author.context.request.post(`${baseURL}/api/trade/sell`, {
      headers: { origin: baseURL },
      data: {
        companyIdx: company.companyIdx,
        stockCount: 10,
        stockPerPrice: 10_000,
        stockCountNegotiationFlag: false,
        stockPriceNegotiationFlag: true,
      },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(tradeMessages.sanctionStopTrade);
  } finally {
    await author.context.close();
    await reporter.context.close();
  }
});

test('매물 인증: a moderator verifies a share proof and its owner sees it on their listing', async ({ page, baseURL }) => {
  const company = await firstCompany(baseURL, 'UNISSUED');
  const owner = await person(page);
  try {
    await signUpMember(owner.context, baseURL, { nickname: '비상장주주', phone: newPhone('0103') });
    const upload = await owner.context.request.post(`${baseURL}/api/upload/image`, {
      headers: { origin: baseURL },
      multipart: { file: { name: 'contract.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const { fileUrl } = ((await upload.json()) as { result: { fileUrl: string } }).result;
    const listing = await post<Trade>(owner.context, baseURL, '/api/trade/sell', {
      companyIdx: company.companyIdx,
      stockCount: 100,
      stockPerPrice: Math.max(1, company.companyStockCurrentPrice),
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
      stockTradeProofImageUrl: fileUrl,
      unissuedStockProofCheckFlag: true,
      proofType: 'CONTRACT',
    });

    await signInAsStaff(page.context(), baseURL, staff().MODERATOR);
    await page.goto('/admin/proofs');
    const row = page.getByTestId('proof-row').filter({ hasText: '비상장주주' });
    await hydrated(row);
    expect(await row.getByRole('img').getAttribute('src')).toBe(fileUrl);
    await row.getByRole('button', { name: '인증 완료' }).click();
    await expect.poll(() => row.count()).toBe(0);

    await owner.page.goto(`${baseURL}/myPage/trades`);
    const mine = owner.page.getByTestId('my-trade').filter({ hasText: company.companyName });
    await mine.getByText('증빙 확인됨').waitFor();
    const after = await api<Trade>(baseURL, `/api/v2/trade/${listing.tradeIdx}`);
    expect(after.proofCheckStatus).toBe(11);
  } finally {
    await owner.context.close();
  }
});

test('콘텐츠: an editor schedules a notice; visitors see it at its time and not before', async ({ page, baseURL }) => {
  await signInAsStaff(page.context(), baseURL, staff().EDITOR);
  await page.goto('/admin/content?kind=notice');
  await hydrated(page.getByRole('button', { name: '새 공지 쓰기' }));
  await page.getByRole('button', { name: '새 공지 쓰기' }).click();
  const title = `서버 점검 안내 ${Date.now()}`;
  await page.getByLabel('제목').fill(title);
  await page.getByLabel('본문 (Markdown)').fill('## 점검 시간\n\n**새벽 2시**부터 30분간 접속이 끊깁니다.');
  // The preview is what members will read.
  await page.getByTestId('content-preview').locator('strong', { hasText: '새벽 2시' }).waitFor();
  // Twenty minutes from now, Seoul time.
  const at = new Date(Date.now() + 20 * 60_000 + 9 * 3_600_000).toISOString().slice(0, 16);
  await page.getByLabel('시각 지정').check();
  await page.getByLabel('게시 일시').fill(at);
  await page.getByRole('button', { name: '예약 저장' }).click();
  await page.getByText('예약').first().waitFor();

  const visitor = await person(page);
  try {
    await visitor.page.goto(`${baseURL}/notice`);
    await visitor.page.getByRole('heading', { name: '공지사항' }).waitFor();
    expect(await visitor.page.getByText(title).count()).toBe(0);

    await setServerClock(baseURL, 21 * 60_000);
    await visitor.page.goto(`${baseURL}/notice`);
    await visitor.page.getByText(title).click();
    await visitor.page.locator('[data-testid="content-body"] strong', { hasText: '새벽 2시' }).waitFor();
  } finally {
    await setServerClock(baseURL, 0);
    await visitor.context.close();
  }
});

test('종목: an editor’s CSV import with two bad lines lists both and writes nothing', async ({ page, baseURL }) => {
  await signInAsStaff(page.context(), baseURL, staff().EDITOR);
  await page.goto('/admin/companies');
  const importer = page.locator('#company-import');
  await hydrated(importer.getByRole('button', { name: '미리보기' }));
  const code = `E2E${String(Date.now()).slice(-6)}`;
  const companies = [
    'code,name,sector,labels,shares_outstanding,ceo_name,founded_on,address,homepage_url,business_summary',
    `${code},이투이바이오,BIO,KOTC,1000000,김대표,2018-01-02,서울,https://example.com,신약 개발`,
    `${code}X,이투이우주,SPACE,KOTC,1000,,,,,`,
    `${code}Y,이투이로봇,ROBOT,KOTC,많음,,,,,`,
  ].join('\n');
  await importer
    .getByLabel('companies.csv (종목)')
    .setInputFiles({ name: 'companies.csv', mimeType: 'text/csv', buffer: Buffer.from(companies) });
  await importer.getByRole('button', { name: '미리보기' }).click();
  const problems = importer.getByTestId('import-problems');
  await problems.waitFor();
  const rows = problems.locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(2);
  expect(await rows.nth(0).textContent()).toContain('sector');
  expect(await rows.nth(0).textContent()).toContain('SPACE');
  expect(await rows.nth(1).textContent()).toContain('shares_outstanding');
  expect(await rows.nth(1).textContent()).toContain('많음');
  await importer.getByText('문제 2건').waitFor();
  expect(await importer.getByRole('button', { name: '가져오기' }).isDisabled()).toBe(true);
  // Nothing was written: not even the good line's company.
  expect(await api<unknown[]>(baseURL, `/api/v2/stock/search/${code}`)).toEqual([]);
});

/** A small real PNG (one pixel) standing in for a photographed share contract. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
