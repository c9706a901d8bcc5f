import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The failures axe rates critical or serious (WCAG A/AA rules and best practices) on the page, one line each;
 * `exclude` leaves out parts the app does not draw itself (antd-mobile's action sheet buttons).
 */
export const axeFailures = async (page: Page, exclude: string[] = []) => {
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    );
};
