import { ABUSE_LIMITS, messages, type StockSummary } from '@beesang/contract';
import { expect } from 'vitest';
import { api, open, test } from './browser';
import { newPhone, signUpMember } from './members';

/** Limits on abuse as a member meets them (issue 10 §4): a 429 is a notice, and nothing typed is lost. */

test('the 21st opinion in 10 minutes is refused with a notice, and the draft stays', async ({ page, baseURL }) => {
  const [company] = (await api<{ data: StockSummary[] }>(baseURL, '/api/v2/stock/list?size=1&sort=name&order=asc')).data;
  if (!company) throw new Error('no companies');
  const context = page.context();
  await signUpMember(context, baseURL, { nickname: '도배개미', phone: newPhone('0109') });
  // Twenty opinions in a burst, as a script would post them.
  for (let i = 0; i < ABUSE_LIMITS.opinions.max; i++) {
    const res = await context.request.post(`${baseURL}/api/opinion`, {
      headers: { origin: baseURL },
      data: { companyIdx: company.companyIdx, content: `연속 의견 ${i}` },
    });
    expect(res.status()).toBe(200);
  }

  await open(page, `/stock/${company.companyIdx}`);
  await page.getByRole('tab', { name: '토론' }).click();
  const tab = page.getByTestId('discussion-tab');
  await tab.waitFor();
  await page.getByRole('button', { name: '의견 남기기' }).first().click();
  const draft = '한 번 더 쓰는 의견입니다';
  await tab.getByLabel('의견', { exact: true }).fill(draft);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/opinion') && r.request().method() === 'POST');
  await tab.getByRole('button', { name: '등록' }).click();
  const res = await answer;
  expect(res.status()).toBe(429);
  expect(Number(res.headers()['retry-after'])).toBeGreaterThan(0);
  await tab.getByRole('alert').filter({ hasText: messages.limitOpinions }).waitFor();
  expect(await tab.getByLabel('의견', { exact: true }).inputValue()).toBe(draft);
});
