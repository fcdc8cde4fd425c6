import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumAvailable, closeBrowserSuite, ensureWebApp, launchChromium, signedInPage } from '../helpers/browser.js';
import { boardWith, itemCentre, itemsByText, openBoard, restItems } from '../helpers/canvasBoard.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const available = chromiumAvailable('the canvas text editing browser test');

let t: TestServer;
let owner: TestUser;
let editor: TestUser;
let spaceId: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!available) return;
  ensureWebApp();
  t = await startTestServer();
  owner = await t.createUser({ name: 'Ana Owner', plan: 'business' });
  editor = await t.createUser({ name: 'Ben Editor' });
  spaceId = (await json(t.api(owner.key, 'POST', '/spaces', { name: 'Editing' }))).id;
  expect((await t.api(owner.key, 'POST', `/spaces/${spaceId}/members`, { email: editor.email, role: 'editor' })).status).toBe(200);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (available) await closeBrowserSuite(contexts, browser, t);
});

function pageAs(user: TestUser): Promise<Page> {
  return signedInPage(browser, t, user.id, contexts);
}

function editorOf(page: Page, id: string) {
  return page.locator(`textarea.text-editor[data-editing="${id}"]`);
}

/** Resolves once the editor of the item has the keyboard focus. */
function focused(page: Page, id: string): Promise<void> {
  return page.locator(`textarea.text-editor[data-editing="${id}"]:focus`).waitFor();
}

describe.skipIf(!available)('editing text on the canvas', { timeout: 120_000 }, () => {
  test('double-clicking a sticky note, a shape and a text item edits their text; REST reads the new text; Escape ends the edit', async () => {
    const boardId = await boardWith(t, owner.key, spaceId, 'Double-click', [
      { op: 'create', type: 'sticky_note', position: { x: -400, y: 0 }, data: { text: 'Alpha' } },
      { op: 'create', type: 'shape', position: { x: 0, y: 0 }, data: { shape: 'rectangle', text: 'Beta' } },
      { op: 'create', type: 'text', position: { x: 400, y: 0 }, size: { width: 240, height: 60 }, data: { text: 'Gamma' } },
    ]);
    const before = await itemsByText(t, owner.key, boardId);
    const page = await pageAs(owner);
    await openBoard(page, t, boardId);
    for (const [name, typed] of [
      ['Alpha', ' one'],
      ['Beta', ' two'],
      ['Gamma', ' three'],
    ] as const) {
      const id = before[name].id as string;
      const at = await itemCentre(page, id);
      await page.mouse.dblclick(at.x, at.y);
      await focused(page, id);
      await page.keyboard.type(typed);
      await page.keyboard.press('Escape');
      await expect.poll(() => editorOf(page, id).count()).toBe(0);
      await expect.poll(async () => (await restItems(t, owner.key, boardId)).find((i) => i.id === id).data.text).toBe(`${name}${typed}`);
    }
    // Typing after Escape goes nowhere: the texts are as edited.
    await page.keyboard.type('zzz');
    expect((await restItems(t, owner.key, boardId)).map((i) => i.data.text).sort()).toEqual(['Alpha one', 'Beta two', 'Gamma three']);
  });

  test('Enter on the selected item edits its text (a note and a card title); a click on the background ends the edit', async () => {
    const boardId = await boardWith(t, owner.key, spaceId, 'Enter', [
      { op: 'create', type: 'sticky_note', position: { x: -300, y: 0 }, data: { text: 'Note' } },
      { op: 'create', type: 'card', position: { x: 300, y: 0 }, data: { title: 'Card' } },
    ]);
    const before = await itemsByText(t, owner.key, boardId);
    const page = await pageAs(owner);
    await openBoard(page, t, boardId);
    const surface = (await page.locator('.surface').boundingBox())!;
    for (const [name, field] of [
      ['Note', 'text'],
      ['Card', 'title'],
    ] as const) {
      const id = before[name].id as string;
      const at = await itemCentre(page, id);
      await page.mouse.click(at.x, at.y);
      await page.locator(`.item.selected[data-item-id="${id}"]`).waitFor();
      expect(await editorOf(page, id).count()).toBe(0);
      await page.keyboard.press('Enter');
      await focused(page, id);
      await page.keyboard.type(' edited');
      await page.mouse.click(surface.x + 40, surface.y + surface.height - 40);
      await expect.poll(() => editorOf(page, id).count()).toBe(0);
      await expect.poll(async () => (await restItems(t, owner.key, boardId)).find((i) => i.id === id).data[field]).toBe(`${name} edited`);
    }
  });

  test("two people typing in the same note at once both keep their text, and each sees the other's caret", async () => {
    const boardId = await boardWith(t, owner.key, spaceId, 'Together', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Shared' } }]);
    const { Shared: shared } = await itemsByText(t, owner.key, boardId);
    const a = await pageAs(owner);
    const b = await pageAs(editor);
    await openBoard(a, t, boardId);
    await openBoard(b, t, boardId);
    for (const page of [a, b]) {
      const at = await itemCentre(page, shared.id);
      await page.mouse.dblclick(at.x, at.y);
      await focused(page, shared.id);
    }
    await a.keyboard.press('Home');
    await a.keyboard.press('ArrowRight');
    await a.keyboard.press('ArrowRight');
    for (let round = 0; round < 4; round += 1) {
      await a.keyboard.type('a');
      await b.keyboard.type('b');
    }
    const text = async () => (await restItems(t, owner.key, boardId))[0].data.text as string;
    await expect.poll(text).toBe('Shaaaaaredbbbb');
    await expect.poll(() => a.locator('textarea.text-editor').inputValue()).toBe('Shaaaaaredbbbb');
    await expect.poll(() => b.locator('textarea.text-editor').inputValue()).toBe('Shaaaaaredbbbb');
    await a.locator('.caret-mirror .remote-caret[data-peer="Ben Editor"]').waitFor();
    await b.locator('.caret-mirror .remote-caret[data-peer="Ana Owner"]').waitFor();
    // Ana's caret stayed where she typed while Ben's text arrived: her next letter lands after her own.
    await a.keyboard.type('!');
    await expect.poll(text).toBe('Shaaaa!aredbbbb');
  });
});
