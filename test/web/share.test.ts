import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wcagViolations } from '../helpers/accessibility.js';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the sharing browser test');

let t: TestServer;
let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let spaceId: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer({ env: { BOARDS_RATE_LIMIT_PER_MINUTE: '100000' } });
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  editor = await t.createUser({ name: 'Ben Editor' });
  viewer = await t.createUser({ name: 'Cleo Viewer' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Product' }))).id;
  for (const [person, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const) {
    expect((await t.api(owner.key, 'POST', `/spaces/${spaceId}/members`, { email: person.email, role })).status).toBe(200);
  }
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

function pageAs(user: TestUser): Promise<Page> {
  return signedInPage(browser, t, user.id, contexts);
}

async function newBoard(title: string, inSpace: string | null = spaceId): Promise<string> {
  return (await json(t.api(owner.key, 'POST', '/boards', { title, ...(inSpace ? { spaceId: inSpace } : {}) }))).id as string;
}

async function members(kind: 'boards' | 'spaces', id: string): Promise<Body[]> {
  return (await json(t.api(owner.key, 'GET', `/${kind}/${id}/members?limit=100`))).data;
}

async function openBoard(page: Page, boardId: string): Promise<void> {
  await page.goto(`${t.url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]');
}

async function openShare(page: Page, title: string) {
  const button = page.locator('.topbar').getByRole('button', { name: 'Share' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: `Share “${title}”` });
  await dialog.waitFor();
  return { button, dialog };
}

describe.skipIf(!available)('sharing in the web app', { timeout: 120_000 }, () => {
  test('the owner shares a board by email as editor from the board, changes the role and removes them; Escape closes and focus returns', async () => {
    const boardId = await newBoard('Roadmap', null);
    const colleague = await t.createUser({ name: 'Dana Colleague' });
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    const { button, dialog } = await openShare(page, 'Roadmap');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');

    await dialog.getByLabel('Email address to invite').fill(colleague.email);
    await dialog.getByLabel('Role for the invited person').selectOption('editor');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect.poll(async () => (await members('boards', boardId)).find((m) => m.email === colleague.email)).toMatchObject({ role: 'editor', source: 'board' });

    await dialog.getByLabel('Role of Dana Colleague').selectOption('viewer');
    await expect.poll(async () => (await members('boards', boardId)).find((m) => m.email === colleague.email)?.role).toBe('viewer');
    expect((await json(t.api(colleague.key, 'GET', `/boards/${boardId}`))).role).toBe('viewer');

    await dialog.getByRole('button', { name: 'Remove Dana Colleague' }).click();
    await expect.poll(async () => (await members('boards', boardId)).map((m) => m.email)).not.toContain(colleague.email);
    expect((await t.api(colleague.key, 'GET', `/boards/${boardId}`)).status).toBe(404);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el.matches(':focus'))).toBe(true);
  });

  test('focus returns to the Share button also when the page paints late and focus moved into the dialog before its next paint', async () => {
    const boardId = await newBoard('Late paint', null);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    // A page in the background paints late: no animation frame comes, and what waits for one runs ~100 ms later.
    await page.evaluate('window.requestAnimationFrame = () => 0');
    const button = page.locator('.topbar').getByRole('button', { name: 'Share' });
    // Opened from the keyboard, and the email field clicked into before the next paint.
    await page.evaluate(`(async () => {
      const share = [...document.querySelectorAll('.topbar button')].find((b) => b.textContent.trim() === 'Share');
      share.focus();
      share.click();
      for (let i = 0; i < 20 && document.querySelector('[role=dialog] input[type=email]') === null; i += 1) await new Promise((resolve) => setTimeout(resolve, 1));
      document.querySelector('[role=dialog] input[type=email]').focus();
    })()`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el.matches(':focus'))).toBe(true);
  });

  test('an invalid email shows the API error in the dialog and stores nothing', async () => {
    const boardId = await newBoard('Careful', null);
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    const { dialog } = await openShare(page, 'Careful');
    const sent = t.server.services.oauth.devOutbox?.messages.length ?? 0;
    await dialog.getByLabel('Email address to invite').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const refused = await json(t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: 'not-an-email', role: 'editor' }));
    expect(refused.error.code).toBe('validation_failed');
    expect(await alert.textContent()).toBe(refused.error.message);
    expect((await members('boards', boardId)).map((m) => m.email)).toEqual([owner.email]);
    expect(await t.server.services.invitations.count('board', boardId)).toBe(0);
    expect(t.server.services.oauth.devOutbox?.messages.length ?? 0).toBe(sent);
  });

  test("the member list shows the space's members as inherited from the space, with no controls for them", async () => {
    const boardId = await newBoard('Specs');
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    const { dialog } = await openShare(page, 'Specs');
    const row = dialog.locator(`.member[data-email="${editor.email}"]`);
    await row.waitFor();
    expect(await row.locator('.inherited').textContent()).toBe('via space Product');
    expect(await row.locator('select').count()).toBe(0);
    expect(await dialog.locator(`.member[data-email="${viewer.email}"] .inherited`).count()).toBe(1);
    const rest = await members('boards', boardId);
    expect(rest.find((m) => m.email === editor.email)).toMatchObject({ source: 'space', role: 'editor', inheritedFrom: { spaceId, name: 'Product' } });
  });

  test('the public link turned on as viewer in the dialog opens the board read-only for a signed-out person', async () => {
    const boardId = await newBoard('Open house', null);
    await t.api(owner.key, 'POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'hello' } });
    const page = await pageAs(owner);
    await openBoard(page, boardId);
    const { dialog } = await openShare(page, 'Open house');
    await dialog.getByRole('checkbox', { name: 'Anyone with the link' }).check();
    await dialog.getByLabel('Public link role').selectOption('viewer');
    const address = dialog.getByLabel('Public link address');
    await address.waitFor();
    await expect.poll(async () => (await json(t.api(owner.key, 'GET', `/boards/${boardId}/public-link`))) as Body).toMatchObject({ enabled: true, role: 'viewer' });
    const url = await address.inputValue();
    expect(url).toBe((await json(t.api(owner.key, 'GET', `/boards/${boardId}/public-link`))).url);

    const stranger = await browser.newContext();
    contexts.push(stranger);
    const visitor = await stranger.newPage();
    await visitor.goto(url);
    await visitor.waitForSelector('.status[data-status=connected]');
    await visitor.locator('.item').first().waitFor();
    expect(await visitor.locator('.badge', { hasText: 'View only' }).count()).toBe(1);
    expect(await visitor.locator('[data-tool=sticky_note]').count()).toBe(0);
  });

  test('a board moves into a space from the dashboard, and back to Default from its Share dialog', async () => {
    const boardId = await newBoard('Loose ends', null);
    const page = await pageAs(owner);
    await page.goto(`${t.url}/`);
    const row = page.locator(`.board-row[data-board-id="${boardId}"]`);
    await row.getByRole('button', { name: 'Move to… another space: Loose ends' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move “Loose ends”' });
    await dialog.getByLabel('Move to space').selectOption({ label: 'Product' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect.poll(async () => (await json(t.api(owner.key, 'GET', `/boards/${boardId}`))).spaceId).toBe(spaceId);

    await openBoard(page, boardId);
    const share = await openShare(page, 'Loose ends');
    await share.dialog.getByLabel('Move to space').selectOption({ label: 'Default' });
    await share.dialog.getByRole('button', { name: 'Move' }).click();
    await expect.poll(async () => (await json(t.api(owner.key, 'GET', `/boards/${boardId}`))).spaceId).toBeNull();
  });

  test("an editor's dashboard and board page offer no Move to trash, rename or sharing controls; the API refuses them too", async () => {
    const boardId = await newBoard('Team board');
    const page = await pageAs(editor);
    await page.goto(`${t.url}/spaces/${spaceId}`);
    const row = page.locator(`.board-row[data-board-id="${boardId}"]`);
    await row.getByRole('button', { name: 'Share Team board' }).waitFor();
    expect(await row.getByRole('button', { name: 'Move to trash' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Rename' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Move to… another space: Team board' }).count()).toBe(1);
    // Only spaces of the board's workspace where the editor adds boards: none but Product, where it is; not the owner's Default.
    await row.getByRole('button', { name: 'Move to… another space: Team board' }).click();
    const move = page.getByRole('dialog', { name: 'Move “Team board”' });
    await move.getByText('No other space to move this board into.').waitFor();
    expect((await t.api(editor.key, 'PATCH', `/boards/${boardId}`, { spaceId: 'default' })).status).toBe(422);
    await page.keyboard.press('Escape');
    expect((await t.api(editor.key, 'DELETE', `/boards/${boardId}`)).status).toBe(403);
    expect((await t.api(editor.key, 'PATCH', `/boards/${boardId}`, { title: 'Mine' })).status).toBe(403);

    await openBoard(page, boardId);
    const { dialog } = await openShare(page, 'Team board');
    await dialog.locator(`.member[data-email="${owner.email}"]`).waitFor();
    await dialog.getByText('Off. Admins turn it on.').waitFor();
    expect(await dialog.getByLabel('Email address to invite').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await dialog.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Move to trash' }).count()).toBe(0);
    expect((await t.api(editor.key, 'POST', `/boards/${boardId}/members`, { email: viewer.email, role: 'editor' })).status).toBe(403);

    const ownerPage = await pageAs(owner);
    await ownerPage.goto(`${t.url}/spaces/${spaceId}`);
    await ownerPage.locator(`.board-row[data-board-id="${boardId}"]`).getByRole('button', { name: 'Move to trash' }).waitFor();
  });

  test('a space is shared from the dashboard in the same dialog; the Default space says why it cannot be', async () => {
    const colleague = await t.createUser({ name: 'Eli Colleague' });
    const page = await pageAs(owner);
    await page.goto(`${t.url}/spaces/${spaceId}`);
    await page.getByRole('button', { name: 'Share space' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share “Product”' });
    await dialog.getByLabel('Email address to invite').fill(colleague.email);
    await dialog.getByLabel('Role for the invited person').selectOption('viewer');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expect.poll(async () => (await members('spaces', spaceId)).find((m) => m.email === colleague.email)?.role).toBe('viewer');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /^Default/ }).click();
    await page.getByRole('button', { name: 'Share space' }).click();
    const fallback = page.getByRole('dialog', { name: 'Share “Default”' });
    await fallback.getByText('cannot be shared as a whole').waitFor();
    expect(await fallback.getByRole('textbox').count()).toBe(0);
    expect((await t.api(owner.key, 'POST', '/spaces/default/members', { email: colleague.email, role: 'viewer' })).status).toBe(409);
  });

  test('the Share dialog passes the axe checks: every control named, the dialog labelled and modal', async () => {
    const boardId = await newBoard('Checked');
    const page = await signedInPage(browser, t, owner.id, contexts);
    await openBoard(page, boardId);
    const { dialog } = await openShare(page, 'Checked');
    await dialog.locator('.member').nth(2).waitFor();
    await dialog.getByLabel('Move to space').waitFor();
    const violations = await wcagViolations(page, '[role=dialog]');
    expect(violations).toEqual([]);
  });
});
