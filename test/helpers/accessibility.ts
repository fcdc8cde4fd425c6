import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One failed axe-core rule: what it checks and the elements that fail it. */
export interface AccessibilityViolation {
  readonly id: string;
  readonly impact: 'minor' | 'moderate' | 'serious' | 'critical';
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[]; readonly html: string; readonly failureSummary: string }[];
}

let axeSource: string | undefined;

/** The page's globals these checks use (the project compiles without the DOM library; the functions run in the page). */
interface AxeGlobals {
  readonly axe?: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> };
  readonly document: unknown;
}

/** axe-core's browser build, read once. */
function axe(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Runs axe-core on the page as it is now, within `include` (a CSS selector) or the whole
 * document. axe is evaluated through the DevTools protocol, which the page's CSP (no inline or
 * eval'd script) does not apply to, so the page needs no special context.
 */
async function runAxe(page: Page, include: string | undefined, options: object): Promise<AccessibilityViolation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe());
  const violations = await page.evaluate(
    async ({ include, options }) => {
      const page = globalThis as unknown as AxeGlobals;
      if (!page.axe) throw new Error('axe-core did not load in the page');
      const result = await page.axe.run(include ?? page.document, options);
      return result.violations as AccessibilityViolation[];
    },
    { include: include ?? null, options },
  );
  return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })) }));
}

/**
 * The violations of impact serious or critical (WCAG 2.x A and AA rules and axe's best
 * practices); `include` limits the check to one part of the page, e.g. a dialog.
 */
export async function seriousAccessibilityViolations(page: Page, options: { include?: string } = {}): Promise<AccessibilityViolation[]> {
  const violations = await runAxe(page, options.include, { resultTypes: ['violations'] });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Every broken WCAG 2 A and AA rule inside `include` (which must match), whatever its impact, as
 * `rule: help (targets)`; with `bestPractices`, axe's best-practice rules too.
 */
export async function wcagViolations(page: Page, include: string, options: { bestPractices?: boolean } = {}): Promise<string[]> {
  const tags = ['wcag2a', 'wcag2aa', ...(options.bestPractices === true ? ['best-practice'] : [])];
  const violations = await runAxe(page, include, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  return violations.map((v) => `${v.id}: ${v.help} (${JSON.stringify(v.nodes.map((n) => n.target))})`);
}

/** The violations as lines a failed assertion can show: rule, impact, help and each failing element. */
export function describeViolations(violations: readonly AccessibilityViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.html}`).join('\n')}`).join('\n');
}
