/**
 * The accessibility check the browser tests share: axe-core (through @axe-core/playwright) with
 * every rule it has — the WCAG A and AA ones, WCAG 2.2's target size, best practices and the
 * experimental rules axe leaves off by default (label-content-name-mismatch among them) and the
 * WCAG AAA ones (7:1 contrast: docs/adr/0083-text-contrast-aaa.md), keeping the serious and critical
 * violations, one line each.
 */
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { settleAnimations } from './browser.ts';

/** Every rule of axe-core, experimental and AAA included (naming them turns them on). */
export const ALL_AXE_RULES = axe.getRules().map((rule) => rule.ruleId);

/** Serious and critical violations of the page as it stands (after its animations), any rule. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page }).withRules(ALL_AXE_RULES).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
