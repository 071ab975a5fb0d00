/**
 * The accessibility check the browser tests share: axe-core (through @axe-core/playwright) with the
 * WCAG 2.1 A and AA rules, keeping the serious and critical violations, one line each.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { settleAnimations } from './browser.ts';

/** Serious and critical WCAG 2.1 A/AA violations of the page as it stands (after its animations). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
