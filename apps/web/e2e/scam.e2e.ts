import { SCAM_CAUTION, type StockSummary } from '@beesang/contract';
import { expect } from 'vitest';
import { api, open, test } from './browser';
import { newPhone, signUpMember } from './members';

/** Issue 10 §6: an opinion that moves the conversation off the site is shown with a caution, for everyone. */
test('an opinion with scam phrases and a phone number shows the caution; an ordinary one does not', async ({ page, baseURL, browser }) => {
  const [company] = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=2&sort=name&order=desc')).data;
  if (!company) throw new Error('no companies');
  const stamp = Date.now().toString(36);
  await signUpMember(page.context(), baseURL, { nickname: '주의개미', phone: newPhone('0106') });
  await open(page, `/stock/${company.companyIdx}`);
  await page.getByRole('tab', { name: '토론' }).click();
  const tab = page.getByTestId('discussion-tab');
  await tab.waitFor();

  const post = async (text: string) => {
    await page.getByRole('button', { name: '의견 남기기' }).first().click();
    await tab.getByLabel('의견', { exact: true }).fill(text);
    await tab.getByRole('button', { name: '등록' }).click();
    await tab
      .getByTestId('opinion')
      .filter({ hasText: stamp })
      .filter({ hasText: text.slice(0, 12) })
      .waitFor();
  };
  await post(`원금 보장 확정 수익 ${stamp} 010-1234-5678 로 연락 주세요`);
  await post(`실적 발표 기대됩니다 ${stamp}`);

  const flagged = tab.getByTestId('opinion').filter({ hasText: `원금 보장 확정 수익 ${stamp}` });
  const caution = flagged.getByRole('note');
  await caution.waitFor();
  expect(await caution.textContent()).toBe(SCAM_CAUTION);
  const plain = tab.getByTestId('opinion').filter({ hasText: `실적 발표 기대됩니다 ${stamp}` });
  expect(await plain.getByTestId('scam-caution').count()).toBe(0);

  // A visitor reading the page later sees the same caution.
  const visitor = await browser.newContext({ baseURL, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  try {
    const reader = await visitor.newPage();
    await open(reader, `/stock/${company.companyIdx}`);
    await reader.getByRole('tab', { name: '토론' }).click();
    await reader
      .getByTestId('opinion')
      .filter({ hasText: `원금 보장 확정 수익 ${stamp}` })
      .getByTestId('scam-caution')
      .waitFor();
  } finally {
    await visitor.close();
  }
});
