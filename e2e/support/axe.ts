/** Accessibility checks for journeys (DESIGN.md §5). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Serious or critical WCAG 2 A/AA violations axe finds on the page as it is, one line each (rule, nodes). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
