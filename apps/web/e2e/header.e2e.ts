import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { hydrated, PHONE, SCREENSHOT_DIR, test } from './browser';
import { newPhone, signUpMember } from './members';
import { signInAsStaff } from './staff';

/**
 * Every destination of the desktop header is reachable at every width (issue 14 §1): at 390, 768
 * and 1440 px, signed out, as a member and as an operator, each one is on screen in the header or
 * in the opened menu, nothing widens the page, and on a phone the menu's entries are 44 px tall.
 */

type Who = 'visitor' | 'member' | 'staff';
/** A destination: a link by its address, or a button by its text. */
type Destination = { href: string } | { button: string };

const PUBLIC: Destination[] = [
  { href: '/intro' },
  { button: '매물 등록' },
  { href: '/stock' },
  { href: '/event' },
  { href: '/notice' },
  { button: '고객센터' },
];
const DESTINATIONS: Record<Who, Destination[]> = {
  visitor: [{ button: '로그인' }, ...PUBLIC],
  member: [
    { href: '/favorite' },
    { href: '/notifications' },
    { href: '/myPage' },
    { href: '/myPage/trades' },
    { button: '로그아웃' },
    ...PUBLIC,
  ],
  staff: [
    { href: '/favorite' },
    { href: '/notifications' },
    { href: '/myPage' },
    { href: '/myPage/trades' },
    { href: '/admin' },
    { button: '로그아웃' },
    ...PUBLIC,
  ],
};
const WIDTHS = [390, 768, 1440] as const;
const label = (d: Destination) => ('href' in d ? d.href : d.button);

/**
 * Which of `destinations` the header shows whole on screen right now: rendered, not hidden, and
 * inside the viewport's width (a control pushed past the edge is not reachable).
 */
function onScreen(page: Page, destinations: Destination[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return (
        box.width > 0 && box.height > 0 && box.left >= 0 && box.right <= window.innerWidth && getComputedStyle(el).visibility !== 'hidden'
      );
    };
    const header = document.querySelector('header');
    if (!header) return [];
    return wanted
      .filter((d) => {
        const candidates =
          'href' in d
            ? Array.from(header.querySelectorAll(`a[href="${d.href}"]`))
            : Array.from(header.querySelectorAll('button, [role="menuitem"]')).filter((b) => b.textContent?.trim() === d.button);
        return candidates.some(shown);
      })
      .map((d) => ('href' in d ? d.href : d.button));
  }, destinations);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A fresh nickname (letters only, as the rule asks): 헤더 and three random syllables. */
const hangulName = () =>
  `헤더${Array.from({ length: 3 }, () => String.fromCharCode(0xac00 + Math.floor(Math.random() * 11_172))).join('')}`;

async function signIn(page: Page, baseURL: string, who: Who) {
  if (who === 'member') await signUpMember(page.context(), baseURL, { nickname: hangulName(), phone: newPhone('0101') });
  if (who === 'staff') await signInAsStaff(page.context(), baseURL, inject('staff').MODERATOR);
}

/** The home page, once the menu button is interactive (the search box's placeholder differs by width). */
async function home(page: Page) {
  await page.goto('/');
  // The menu's own code arrives right after the page is interactive and takes the stand-in's place
  // (decision 0021): Radix's button carries data-state.
  const menuButton = page.locator('header button[aria-label="메뉴"][data-state]');
  await hydrated(menuButton);
  return menuButton;
}

function shoot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return page.screenshot({ path: join(SCREENSHOT_DIR, `header-${name}.png`), ...(clip ? { clip } : {}) });
}

for (const width of WIDTHS) {
  describe(`at ${width} px`, () => {
    test.override('viewport', { width, height: width === 390 ? 844 : 900 });

    for (const who of ['visitor', 'member', 'staff'] as const) {
      test(`${who}: every destination in the header or the menu, nothing wider than the screen`, async ({ page, baseURL }) => {
        await signIn(page, baseURL, who);
        const menuButton = await home(page);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        const wanted = DESTINATIONS[who];
        const inHeader = await onScreen(page, wanted);
        if (width === 390 || width === 1440) await shoot(page, `${width}-${who}`, { x: 0, y: 0, width, height: 120 });

        await menuButton.click();
        const menu = page.getByRole('menu');
        await menu.waitFor();
        const withMenu = await onScreen(page, wanted);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        const missing = wanted.map(label).filter((l) => !inHeader.includes(l) && !withMenu.includes(l));
        expect(missing).toEqual([]);
        if (who !== 'staff') expect(await menu.locator('a[href="/admin"]').count()).toBe(0);

        // Nothing offered twice at one width: what the header shows, the menu leaves out (but 회원정보 수정).
        const menuTexts = await menu
          .getByRole('menuitem')
          .evaluateAll((els) =>
            els.filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.getAttribute('href') ?? el.textContent?.trim()),
          );
        for (const l of inHeader.filter((x) => x !== '/myPage')) expect(menuTexts).not.toContain(l);

        if (width === 390) {
          const heights = await menu
            .getByRole('menuitem')
            .evaluateAll((els) =>
              els
                .filter((el) => getComputedStyle(el).display !== 'none')
                .map((el) => [el.textContent?.trim(), el.getBoundingClientRect().height]),
            );
          expect(heights.filter(([, h]) => (h as number) < 44)).toEqual([]);
          // The header's own controls are phone-sized too.
          const controls = await page
            .locator('header > div > div > :is(a, button), header > div > div > div > button')
            .evaluateAll((els) =>
              els.filter((el) => el.getClientRects().length > 0).map((el) => [el.textContent, el.getBoundingClientRect().height]),
            );
          expect(controls.filter(([, h]) => (h as number) < 44)).toEqual([]);
        }
        if (width === 390 || width === 1440) await shoot(page, `${width}-${who}-menu`);
      });
    }
  });
}

describe('on a phone', () => {
  test.override('viewport', PHONE);

  test('the menu takes a visitor to 서비스 소개, and 매물 등록 asks them to log in', async ({ page }) => {
    const menuButton = await home(page);
    await menuButton.click();
    await page.getByRole('menuitem', { name: '서비스 소개' }).click();
    await page.waitForURL((url) => url.pathname === '/intro');
    await menuButton.click();
    await page.getByRole('menuitem', { name: '매물 등록' }).click();
    await page.getByRole('dialog', { name: /로그인/ }).waitFor();
  });
});
