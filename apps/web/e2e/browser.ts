import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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

/** Saves a screenshot under test-results/e2e when the current test fails. */
export function screenshotOnFailure(page: Page, name: string) {
  onTestFailed(async () => {
    mkdirSync('test-results/e2e', { recursive: true });
    await page.screenshot({ path: `test-results/e2e/${name.replace(/[^\w-]+/g, '_')}.png`, fullPage: true }).catch(() => {});
  });
}
