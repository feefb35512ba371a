import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { test as base, inject, type TestContext } from 'vitest';

/** Fixtures and helpers shared by the browser journeys. */

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
export type Viewport = { width: number; height: number };

export const SEARCH_PLACEHOLDER = '종목명 또는 종목코드를 입력하세요';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const SCREENSHOT_DIR = join(repoRoot, 'test-results/e2e');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/** `test-results/e2e/<test name>.png`, with characters that are unsafe in file names replaced. */
export function screenshotPath(testName: string): string {
  const safe = testName.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'test';
  return join(SCREENSHOT_DIR, `${safe}.png`);
}

/** On a failed test, saves what the page showed; never turns a failure into a different error. */
export async function screenshotIfFailed(task: TestContext['task'], page: Page): Promise<void> {
  if (task.result?.state !== 'fail' || page.isClosed()) return;
  try {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const path = screenshotPath(task.name);
    await page.screenshot({ path, fullPage: true, timeout: 10_000 });
    console.error(`[e2e] screenshot of the failed test: ${path}`);
  } catch (error) {
    console.error('[e2e] could not save a screenshot', error);
  }
}

/**
 * `test` with Playwright fixtures: one Chromium per file, a fresh context and page per test
 * (desktop width unless a suite overrides `viewport`), a screenshot when the test fails.
 */
export const test = base
  .extend('baseURL', { scope: 'worker' }, () => inject('baseURL'))
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern; the browser has none
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('viewport', DESKTOP as Viewport)
  .extend('page', async ({ browser, baseURL, viewport, task }, { onCleanup }) => {
    const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.setDefaultNavigationTimeout(30_000);
    // Fixture cleanup runs after the test body has failed or passed, before the context closes.
    onCleanup(async () => {
      await screenshotIfFailed(task, page);
      await context.close();
    });
    return page;
  });

/** Resolves once React has hydrated the element (its props are attached), so handlers are live. */
export async function hydrated(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator
    .page()
    .waitForFunction((el) => el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps$')), await locator.elementHandle());
}

/** The header search box, by its label: on a phone its placeholder is the short one. */
export const searchBox = (page: Page) => page.getByRole('combobox', { name: '종목 검색' });

/** Opens a path and waits until the header search box is interactive. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(searchBox(page));
  return response;
}

/** GETs an API route from the test process; `{ result }` unwrapped. */
export async function api<T>(baseURL: string, path: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return ((await res.json()) as { result: T }).result;
}

/** Text of a price such as "3,450원" as a number. */
export function won(text: string | null): number {
  const match = /([\d,]+)\s*원/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no price in ${JSON.stringify(text)}`);
  return Number(match[1].replaceAll(',', ''));
}
