import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from './testServer.js';

/**
 * A page signed in as `userId` in a context that bypasses the app's CSP, which refuses the
 * injected axe script (only for the accessibility checks; the context joins `contexts`).
 */
export async function axePage(browser: Browser, t: TestServer, userId: string, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  contexts.push(context);
  const { token } = await t.server.services.oauth.sessions.createSession(userId);
  await context.addCookies([{ name: 'bds_session', value: token, url: t.url, httpOnly: true, secure: true, sameSite: 'Lax' }]);
  return context.newPage();
}

/** The WCAG 2 A and AA rules axe-core finds broken inside `selector` (which must match), as `rule (nodes)`. */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ content: readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8') });
  return page.evaluate(async (include) => {
    const axe = (globalThis as unknown as { axe: { run(context: string, options: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    const result = await axe.run(include, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  }, selector);
}
