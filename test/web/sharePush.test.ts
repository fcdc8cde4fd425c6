import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, signedInPage, startBrowserSuite } from '../helpers/browser.js';
import { signIn } from '../oauth/helpers/oauthFlow.js';
import type { Body, TestServer, TestUser } from '../helpers/testServer.js';
import { expectEnvelope, json } from '../helpers/testServer.js';

const available = chromiumAvailable('the pushed sharing changes browser test');

let t: TestServer;
let owner: TestUser;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (available) ({ t, owner, browser } = await startBrowserSuite());
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

let addresses = 0;
function newAddress(label: string): string {
  addresses += 1;
  return `${label}.${addresses}.${Date.now()}@example.com`;
}

async function newBoard(title: string): Promise<string> {
  return (await json(t.api(owner.key, 'POST', '/boards', { title }))).id as string;
}

async function members(boardId: string): Promise<Body[]> {
  return (await json(t.api(owner.key, 'GET', `/boards/${boardId}/members?limit=100`))).data;
}

/** `user`'s page on the board, live. */
async function openBoard(user: TestUser, boardId: string): Promise<Page> {
  const page = await signedInPage(browser, t, user.id, contexts);
  await page.goto(`${t.url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]');
  return page;
}

/** The owner's page on the board with its Share dialog open. */
async function openShareDialog(boardId: string, title: string) {
  const page = await openBoard(owner, boardId);
  await page.locator('.topbar').getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${title}”` });
  await dialog.getByRole('region', { name: 'People with access' }).waitFor();
  return { page, dialog };
}

describe.skipIf(!available)('sharing changes pushed to the web app', { timeout: 120_000 }, () => {
  test('the owner lowers an editor to viewer in the dialog: the editor’s tools go away at once, and raised again they come back', async () => {
    const boardId = await newBoard('Roadmap');
    const editor = await t.createUser({ name: 'Eve Editor' });
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: editor.email, role: 'editor' });
    const theirs = await openBoard(editor, boardId);
    await theirs.locator('[data-tool=freehand]').waitFor();
    const { dialog } = await openShareDialog(boardId, 'Roadmap');

    await dialog.getByLabel('Role of Eve Editor').selectOption('viewer');
    await dialog.getByRole('status').filter({ hasText: 'Eve Editor now: can view' }).waitFor();
    expect((await members(boardId)).find((m) => m.email === editor.email)).toMatchObject({ role: 'viewer' });
    // The editor's page follows without a reload: view only, no drawing tools.
    await theirs.locator('.topbar .badge', { hasText: 'View only' }).waitFor();
    await theirs.locator('[data-tool=freehand]').waitFor({ state: 'detached' });
    await theirs.waitForSelector('.status[data-status=connected]');

    await dialog.getByLabel('Role of Eve Editor').selectOption('editor');
    await theirs.locator('[data-tool=freehand]').waitFor();
    await theirs.locator('.topbar .badge', { hasText: 'View only' }).waitFor({ state: 'detached' });
    expect((await members(boardId)).find((m) => m.email === editor.email)).toMatchObject({ role: 'editor' });
  });

  test('a tab hidden while its role changes lets its stream go, and shown again it follows the change', async () => {
    const boardId = await newBoard('Background');
    const editor = await t.createUser({ name: 'Hal Hidden' });
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: editor.email, role: 'editor' });
    const theirs = await openBoard(editor, boardId);
    await theirs.locator('[data-tool=freehand]').waitFor();
    const setVisibility = (state: 'hidden' | 'visible') =>
      theirs.evaluate((value) => {
        // The page's own document (this runs in the browser; the test's typings have no DOM).
        const page = globalThis as unknown as { document: { dispatchEvent(event: unknown): void }; Event: new (type: string) => unknown };
        Object.defineProperty(page.document, 'visibilityState', { configurable: true, get: () => value });
        page.document.dispatchEvent(new page.Event('visibilitychange'));
      }, state);
    const letGo = theirs.waitForEvent('requestfailed', { predicate: (request) => request.url().includes('/web/events'), timeout: 10_000 });
    await setVisibility('hidden');
    await letGo;
    expect((await t.api(owner.key, 'PATCH', `/boards/${boardId}/members/${encodeURIComponent(editor.email)}`, { role: 'viewer' })).status).toBe(200);
    await setVisibility('visible');
    await theirs.locator('.topbar .badge', { hasText: 'View only' }).waitFor();
    await theirs.locator('[data-tool=freehand]').waitFor({ state: 'detached' });
    expect((await members(boardId)).find((m) => m.email === editor.email)).toMatchObject({ role: 'viewer' });
  });

  test('a change made elsewhere shows in an open Share dialog without polling: a role set through the API, an invitation sent by another admin', async () => {
    const boardId = await newBoard('Budget');
    const viewer = await t.createUser({ name: 'Vic Viewer' });
    const admin = await t.createUser({ name: 'Ada Admin' });
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: admin.email, role: 'admin' });
    const { dialog } = await openShareDialog(boardId, 'Budget');
    await dialog.locator(`.member[data-email="${admin.email}"]`).waitFor();

    expect(await json(t.api(admin.key, 'POST', `/boards/${boardId}/members`, { email: viewer.email, role: 'viewer' }))).toMatchObject({ status: 'active' });
    const row = dialog.locator(`.member[data-email="${viewer.email}"]`);
    await row.waitFor();
    expect(await dialog.getByLabel('Role of Vic Viewer').inputValue()).toBe('viewer');
    expect((await t.api(admin.key, 'PATCH', `/boards/${boardId}/members/${encodeURIComponent(viewer.email)}`, { role: 'commenter' })).status).toBe(200);
    await expect.poll(() => dialog.getByLabel('Role of Vic Viewer').inputValue(), { timeout: 10_000 }).toBe('commenter');

    const email = newAddress('invited');
    expect(await json(t.api(admin.key, 'POST', `/boards/${boardId}/members`, { email, role: 'editor' }))).toMatchObject({ status: 'invited' });
    await dialog.getByRole('region', { name: 'Pending invitations' }).locator(`.invitation[data-email="${email}"]`).waitFor();
    expect((await t.api(admin.key, 'DELETE', `/boards/${boardId}/invitations/${encodeURIComponent(email)}`)).status).toBe(204);
    await dialog.getByRole('region', { name: 'Pending invitations' }).waitFor({ state: 'detached' });
  });

  test('an invitation accepted while the dialog is open: it leaves the pending list and the new person appears, as the API says', async () => {
    const boardId = await newBoard('Launch');
    const { dialog } = await openShareDialog(boardId, 'Launch');
    const email = newAddress('joiner');
    await dialog.getByLabel('Email address to invite').fill(email);
    await dialog.getByLabel('Role for the invited person').selectOption('commenter');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const row = dialog.getByRole('region', { name: 'Pending invitations' }).locator(`.invitation[data-email="${email}"]`);
    await row.waitFor();

    await signIn(t, email);
    await row.waitFor({ state: 'detached' });
    await dialog.locator(`.member[data-email="${email}"]`).waitFor();
    expect((await members(boardId)).find((m) => m.email === email)).toMatchObject({ role: 'commenter' });
    expect((await json(t.api(owner.key, 'GET', `/boards/${boardId}/invitations`))).data).toEqual([]);
  });

  test('a space’s Share dialog on the dashboard follows its people; a member whose access ends is told so in their open dialog', async () => {
    const space = await json(t.api(owner.key, 'POST', '/spaces', { name: 'Studio' }));
    const admin = await t.createUser({ name: 'Sam Admin' });
    const newcomer = await t.createUser({ name: 'Nia Newcomer' });
    await t.api(owner.key, 'POST', `/spaces/${space.id}/members`, { email: admin.email, role: 'admin' });
    const mine = await signedInPage(browser, t, owner.id, contexts);
    await mine.goto(`${t.url}/spaces/${space.id}`);
    await mine.getByRole('button', { name: 'Share space' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Share “Studio”' });
    await dialog.locator(`.member[data-email="${admin.email}"]`).waitFor();
    const theirs = await signedInPage(browser, t, admin.id, contexts);
    await theirs.goto(`${t.url}/spaces/${space.id}`);
    await theirs.getByRole('button', { name: 'Share space' }).click();
    const theirDialog = theirs.getByRole('dialog', { name: 'Share “Studio”' });
    await theirDialog.getByLabel('Email address to invite').waitFor();

    // The admin shares the space from their dialog: the owner's shows the newcomer.
    await theirDialog.getByLabel('Email address to invite').fill(newcomer.email);
    await theirDialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.locator(`.member[data-email="${newcomer.email}"]`).waitFor();
    // The owner removes the admin: the admin's open dialog says their access ended, and the API agrees.
    await dialog.getByRole('button', { name: 'Remove Sam Admin' }).click();
    await theirDialog.getByRole('status').filter({ hasText: 'You no longer have access to this space.' }).waitFor();
    await expectEnvelope(await t.api(admin.key, 'GET', `/spaces/${space.id}/members`), 404, 'not_found');
    const left = (await json(t.api(owner.key, 'GET', `/spaces/${space.id}/members?limit=100`))).data.map((m: Body) => m.email);
    expect(left).toContain(newcomer.email);
    expect(left).not.toContain(admin.email);
  });

  test('removed in the dialog: the person is sent to the dashboard and told why; the API refuses them the board', async () => {
    const boardId = await newBoard('Secret plan');
    const guest = await t.createUser({ name: 'Gus Guest' });
    await t.api(owner.key, 'POST', `/boards/${boardId}/members`, { email: guest.email, role: 'editor' });
    const theirs = await openBoard(guest, boardId);
    const { dialog } = await openShareDialog(boardId, 'Secret plan');

    await dialog.getByRole('button', { name: 'Remove Gus Guest' }).click();
    await dialog.locator(`.member[data-email="${guest.email}"]`).waitFor({ state: 'detached' });
    await theirs.waitForURL(`${t.url}/`);
    await theirs.getByRole('status').filter({ hasText: 'You no longer have access to “Secret plan”.' }).waitFor();
    await expectEnvelope(await t.api(guest.key, 'GET', `/boards/${boardId}`), 404, 'not_found');
    expect((await members(boardId)).map((m) => m.email)).not.toContain(guest.email);
  });
});
