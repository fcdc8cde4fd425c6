import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, signedInPage, startBrowserSuite } from '../helpers/browser.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';

const available = chromiumAvailable('the web app rough-edges browser test');

let t: TestServer;
let owner: TestUser;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ({ t, owner, browser } = await startBrowserSuite());
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

/** What a page did: console errors and warnings, every request, and every answer of 400 or more. */
interface Recorded {
  console: string[];
  requests: string[];
  failures: string[];
}

function record(page: Page): Recorded {
  const seen: Recorded = { console: [], requests: [], failures: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('request', (request) => seen.requests.push(`${request.method()} ${request.url()}`));
  page.on('requestfailed', (request) => {
    // A request the next navigation cancels (the page it belonged to is gone) is not a failure of the page.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    seen.failures.push(`${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) seen.failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return seen;
}

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return context;
}

async function openBoard(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('.status[data-status=connected]');
  await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached' });
}

/** Adds a note with the Note tool at the middle of the canvas and types `text`. */
async function addNote(page: Page, text: string): Promise<void> {
  await page.click('button[data-tool=sticky_note]:not([disabled])');
  const box = (await page.locator('.surface').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector('textarea.text-editor');
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

async function noteTexts(boardId: string): Promise<string[]> {
  const page = await json(t.api(owner.key, 'GET', `/boards/${boardId}/items?limit=100`));
  return page.data.map((item: Body) => item.data.text as string);
}

describe.skipIf(!available)('web app rough edges in a browser', { timeout: 120_000 }, () => {
  test('the dashboard and a board, opened at 127.0.0.1 and at localhost, log no CSP or other error, load the icon, and the live socket works', async () => {
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Both names' }));
    const { port } = new URL(t.url);
    for (const host of ['127.0.0.1', 'localhost']) {
      const origin = `http://${host}:${port}`;
      const context = await newContext();
      const { token } = await t.server.services.oauth.sessions.createSession(owner.id);
      await context.addCookies([{ name: 'bds_session', value: token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
      const page = await context.newPage();
      const seen = record(page);
      await page.goto(`${origin}/`);
      await page.waitForSelector(`.board-row[data-board-id="${board.id}"]`);
      await openBoard(page, `${origin}/boards/${board.id}`);
      await addNote(page, `Note from ${host}`);
      await expect.poll(() => noteTexts(board.id)).toContain(`Note from ${host}`);
      expect(seen.console, host).toEqual([]);
      expect(seen.failures, host).toEqual([]);
      expect(seen.requests).toContain(`GET ${origin}/favicon.svg`);
    }
  });

  test('a board whose token requests first meet a server error and a dropped connection still opens live; a refusal is not asked again', async () => {
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Hiccup' }));
    const page = await signedInPage(browser, t, owner.id, contexts);
    const asked: string[] = [];
    await page.route('**/web/token', async (route) => {
      asked.push(route.request().method());
      if (asked.length === 1) {
        await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'storage_unavailable', message: 'The store is unavailable.' } }) });
      } else if (asked.length === 2) {
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await openBoard(page, `${t.url}/boards/${board.id}`);
    // The first two failed (other parts of the page ask for tokens of their own, answered as usual).
    expect(asked.length).toBeGreaterThanOrEqual(3);
    await page.unroute('**/web/token');

    // A refusal (404 here) is the answer: the page says so at once and does not ask again.
    const other = await signedInPage(browser, t, owner.id, contexts);
    let refused = 0;
    await other.route('**/web/token', async (route) => {
      refused += 1;
      await route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'not_found', message: 'Board not found.' } }) });
    });
    await other.goto(`${t.url}/boards/${board.id}`);
    await other.getByRole('heading', { name: 'Board not found' }).waitFor();
    expect(refused).toBe(1);
  });

  test('a signed-out visit shows the sign-in prompt without a refused token request or a console error', async () => {
    const board = await json(t.api(owner.key, 'POST', '/boards', { title: 'Private' }));
    const page = await (await newContext()).newPage();
    const seen = record(page);
    await page.goto(`${t.url}/`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto(`${t.url}/boards/${board.id}`);
    await page.getByRole('link', { name: /sign in/i }).first().waitFor();
    expect(seen.requests.filter((r) => r.includes('/web/token'))).toEqual([]);
    expect(seen.console).toEqual([]);
    expect(seen.failures).toEqual([]);
    // Nothing was read or changed on the way: the board is as it was.
    expect((await json(t.api(owner.key, 'GET', `/boards/${board.id}`))).title).toBe('Private');
  });

  test('/docs renders the API reference with no request outside this server and no console error', async () => {
    const page = await (await newContext()).newPage();
    const seen = record(page);
    await page.goto(`${t.url}/docs`);
    // Redoc has rendered the operations of the OpenAPI document, and its side menu's footer.
    await page.locator('.api-content').getByText('Create a board').first().waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator('a[href="https://redocly.com/redoc/"]').waitFor({ state: 'attached' });
    // Its logo image is dropped once it fails to load (refused, or empty): by then any refusal was logged.
    await expect.poll(() => page.locator('img[alt="redocly logo"]').count()).toBe(0);
    const openapi = await json(fetch(`${t.url}/v1/openapi.json`));
    expect(openapi.openapi).toMatch(/^3\./);
    const outside = seen.requests.filter((r) => !r.split(' ')[1]?.startsWith(`${t.url}/`) && !r.includes(' data:') && !r.includes(' blob:'));
    expect(outside).toEqual([]);
    expect(seen.console).toEqual([]);
    expect(seen.failures).toEqual([]);
  });

  test('"Create board" opens the new board, and the dashboard says when boards changed: relative when recent, a date otherwise, the full time in <time>', async () => {
    const now = Date.now();
    const yesterdayNoon = new Date(now);
    yesterdayNoon.setDate(yesterdayNoon.getDate() - 1);
    yesterdayNoon.setHours(12, 0, 0, 0);
    const made: Record<string, { at: number; id: string }> = {};
    for (const [title, at] of [
      ['Five minutes', now - 5 * 60_000],
      ['Yesterday', yesterdayNoon.getTime()],
      ['Ten days', now - 10 * 24 * 3_600_000],
    ] as const) {
      t.clock.set(at);
      made[title] = { at, id: (await json(t.api(owner.key, 'POST', '/boards', { title }))).id };
    }
    t.clock.set(Date.now());

    const page = await signedInPage(browser, t, owner.id, contexts);
    await page.goto(`${t.url}/`);
    const row = (title: string) => page.locator(`.board-row[data-board-id="${made[title]?.id}"] time`);
    await row('Five minutes').waitFor();
    expect(await row('Five minutes').textContent()).toBe('5 min ago');
    // At 12:00 a day before, so "yesterday" whatever the hour now.
    expect(await row('Yesterday').textContent()).toBe('yesterday');
    expect(await row('Ten days').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}(, \d{4})?$/);
    for (const title of Object.keys(made)) {
      const stored = await json(t.api(owner.key, 'GET', `/boards/${made[title]?.id}`));
      expect(await row(title).getAttribute('datetime')).toBe(stored.updatedAt);
      expect(new Date(stored.updatedAt).getTime()).toBe(made[title]?.at);
      // The full date and time, with the year, for a pointer that rests on it.
      expect(await row(title).getAttribute('title')).toContain(String(new Date(stored.updatedAt).getFullYear()));
    }

    await page.getByPlaceholder('New board title').fill('Opened at once');
    await page.getByRole('button', { name: 'Create board' }).click();
    await page.waitForURL(/\/boards\/brd_[^/]+$/);
    await page.waitForSelector('.status[data-status=connected]');
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    const created = await json(t.api(owner.key, 'GET', `/boards/${id}`));
    expect(created.title).toBe('Opened at once');
    await addNote(page, 'First thought');
    await expect.poll(() => noteTexts(id)).toEqual(['First thought']);
  });
});
