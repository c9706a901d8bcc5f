import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The failures axe rates critical or serious (WCAG A/AA rules and best practices) on the page, one line each. */
export const axeFailures = async (page: Page) => {
  // A toast is left out: it fades in and out, and axe, catching it half-faded, measures a contrast it never
  // has at rest (white on 70 % black).
  const result = await new AxeBuilder({ page }).exclude('.adm-toast-mask').analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    );
};

/**
 * Waits (up to 3 s) until every open dialog, sheet and mask has finished its entrance: antd-mobile animates
 * their opacity and position, and axe, run mid-fade, measures colours blended with the page behind.
 */
const overlaysSettled = (page: Page) =>
  page
    .waitForFunction(
      () =>
        Array.from(
          document.querySelectorAll('.adm-mask, .adm-center-popup-wrap > div, .adm-popup-body'),
        ).every((el) => {
          const style = getComputedStyle(el);
          const still = style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)';
          return style.display === 'none' || (style.opacity === '1' && still);
        }),
      undefined,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => undefined);

/** What `checkPage` found since the last test ended; `axe-guard.ts` fails the test with them. */
export const pageFindings: string[] = [];
const checkedStates = new Set<string>();

/**
 * Runs axe on what the page shows, once per route, theme, width class and open overlay in a test file: every
 * screenshot a browser test takes calls it (`shot`), so every page the browser tests visit is checked. A state
 * with findings is not remembered, so a retry checks it again.
 */
export const checkPage = async (page: Page, name: string) => {
  const state = await page.evaluate(() => {
    const route = location.hash.replace(/\?.*$/, '') || location.pathname;
    const theme = document.documentElement.dataset.theme ?? 'light';
    const width = window.innerWidth >= 960 ? 'wide' : 'phone';
    const overlay = document.querySelector('.adm-popup-body, .adm-center-popup-wrap, .adm-action-sheet')
      ? 'overlay'
      : 'page';
    return `${route} ${theme} ${width} ${overlay}`;
  });
  if (checkedStates.has(state)) return;
  await overlaysSettled(page);
  const found = await axeFailures(page);
  if (found.length === 0) checkedStates.add(state);
  else pageFindings.push(...found.map((finding) => `${name} (${state}): ${finding}`));
};
