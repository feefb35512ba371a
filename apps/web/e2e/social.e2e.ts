import type { Page } from 'playwright-core';
import { beforeAll, expect, inject } from 'vitest';
import { open, test } from './browser';
import { setServerClock } from './staff';

/**
 * Social sign-in end to end against the local Kakao, Naver, Google and Apple that global-setup.ts
 * starts (scripts/testing): each signs a new person up through the login dialog, and the same person
 * in again after logging out. Between the two, the OpenID Connect providers rotate their signing key
 * and drop the old one: the server must take the new key without a restart. Apple answers with its
 * form post, the name on the first sign-in only.
 */

type Provider = 'kakao' | 'naver' | 'google' | 'apple';
const BUTTON: Record<Provider, string> = {
  kakao: '카카오로 계속하기',
  naver: '네이버로 계속하기',
  google: 'Google로 계속하기',
  apple: 'Apple로 계속하기',
};

const run = Date.now().toString(36);

async function control(provider: Provider, path: string, body: unknown) {
  const res = await fetch(`${inject('socialFakes')[provider]}/_fake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${provider} fake ${path} answered ${res.status}`);
}

/** Who the provider signs in next, in its own shape (Naver's profile API has `id`). */
function nextPerson(provider: Provider, sub: string, name: string, email: string) {
  if (provider === 'naver') return control('naver', 'next-user', { id: sub, nickname: name, email });
  if (provider === 'apple') return control('apple', 'next-user', { sub, email, lastName: name.slice(0, 1), firstName: name.slice(1) });
  return control(provider, 'next-user', { sub, email, name });
}

async function continueWith(page: Page, provider: Provider) {
  await open(page, '/');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: BUTTON[provider] }).click();
  // Our authorize → the provider (signs in at once) → /auth/callback/<provider> → sign-in (or sign-up) → home.
  await page.waitForURL((url) => url.pathname === '/');
}

async function logout(page: Page) {
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('menuitem', { name: '로그아웃' }).click();
  await page.locator('header').getByRole('button', { name: '로그인', exact: true }).waitFor();
}

beforeAll(async () => {
  // Another journey may have moved the server's clock; ID tokens are judged by it.
  await setServerClock(inject('baseURL'), 0);
});

for (const provider of ['kakao', 'naver', 'google', 'apple'] as const) {
  test(`${provider}: a new person signs up and in again${provider === 'naver' ? '' : ', across a key rotation'}`, async ({ page }) => {
    const sub = `${provider}-e2e-${run}`;
    const nickname = { kakao: '카카오회원', naver: '네이버회원', google: '구글회원', apple: '김애플' }[provider];
    await nextPerson(provider, sub, nickname, `${sub}@example.com`);
    await continueWith(page, provider);
    const header = page.locator('header');
    await header.getByText(nickname).waitFor();
    // The session is the server's cookies: a reload is still signed in.
    await page.reload();
    await header.getByText(nickname).waitFor();
    await logout(page);

    if (provider !== 'naver') {
      await control(provider, 'rotate-key', { dropOld: true });
      // Past the JWKS cooldown (OAUTH_JWKS_COOLDOWN_SECONDS=1 in this run) since the first sign-in's fetch.
      await page.waitForTimeout(1_100);
    }
    // The provider now reports another name; the member found is the one made the first time.
    await nextPerson(provider, sub, '바뀐이름', `${sub}@example.com`);
    await continueWith(page, provider);
    await header.getByText(nickname).waitFor();
    expect(await page.getByText('로그인하지 못했습니다').count()).toBe(0);
  });
}

test('a cancelled sign-in at the provider ends on the callback page with a way home', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/auth/callback/apple?error=user_cancelled_authorize`);
  await page.getByRole('heading', { name: '로그인하지 못했습니다' }).waitFor();
  await page.getByRole('link', { name: '홈으로' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});
