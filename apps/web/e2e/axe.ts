import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { hydrated } from './browser';

/**
 * axe-core in the journeys' Chromium (issue 14 §2). The page's CSP blocks an inline <script>, so the
 * library is evaluated through the DevTools protocol (`page.evaluate`), which the policy does not see.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** What axe found wrong on one page: the rule, what it asks, and the elements it flagged (the first few). */
export interface Violation {
  where: string;
  id: string;
  impact: string;
  help: string;
  count: number;
  targets: string[];
  /** axe's explanation for the first element (for contrast: the ratio and both colours). */
  detail: string;
}

/** Runs axe on the whole document as it is now, `where` naming the page or what is open on it. */
export async function axeViolations(page: Page, where: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Colours mid-transition (a tab just deselected, say) are neither the old nor the new ones: let
  // every finite animation end first (a skeleton's pulse runs forever and is left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { runOnly: tags, resultTypes: ['violations'] });
    return results.violations.map((v) => {
      const first = v.nodes[0];
      const checks = first ? [...first.any, ...first.all, ...first.none] : [];
      return {
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        count: v.nodes.length,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        detail: checks.map((c) => c.message).join(' / '),
      };
    });
  }, AXE_TAGS);
  return found.map((v) => ({ where, ...v }));
}

/**
 * One paragraph per distinct problem (the same rule on the same elements), with every page it was
 * found on: what a failing run prints.
 */
export function describeViolations(found: Violation[]): string {
  const groups = new Map<string, { v: Violation; where: string[] }>();
  for (const v of found) {
    const key = `${v.id} ${v.targets.join(' ')}`;
    const group = groups.get(key);
    if (group) group.where.push(v.where);
    else groups.set(key, { v, where: [v.where] });
  }
  return [...groups.values()]
    .map(
      ({ v, where }) =>
        `- ${v.id} (${v.impact}): ${v.help}\n  ${v.count} element(s): ${v.targets.join(' | ')}\n  ${v.detail}\n  on: ${where.join(', ')}`,
    )
    .join('\n');
}

/**
 * Waits until the page is what a person would be checking: React has hydrated, the header menu's
 * Radix code has replaced its server-rendered stand-in (its button then carries data-state, decision
 * 0021), so have any tabs', and no list is still loading.
 */
export async function settled(page: Page): Promise<void> {
  await hydrated(page.locator('header button[aria-label="메뉴"][data-state]'));
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="tab"]')).every((tab) => tab.hasAttribute('data-state')) &&
      document.querySelector('[aria-busy="true"], [data-list-state="loading"]') === null,
  );
}
