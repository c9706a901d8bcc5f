import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The failures axe rates critical or serious (WCAG A/AA rules and best practices) on the page, one line each. */
export const axeFailures = async (page: Page) => {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    );
};
