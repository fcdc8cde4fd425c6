import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pngBytes } from '../assets/images.js';
import { signedInContext, signedInPage } from '../helpers/browser.js';
import { webSuite } from '../helpers/boardPage.js';
import { boardWith, itemCentre, openBoard, restItems } from '../helpers/canvasBoard.js';
import type { Body, TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';

const { available, suite } = webSuite('the in-place text editing browser test', ['editor', 'viewer']);

async function pageAs(user: TestUser): Promise<Page> {
  return signedInPage(suite.browser, suite.t, user.id, suite.contexts);
}

async function board(title: string, operations: Body[]): Promise<string> {
  return boardWith(suite.t, suite.owner.key, suite.spaceId, title, operations);
}

/** The board's items through REST, keyed by their type (the first of each) and by id. */
async function items(boardId: string): Promise<Record<string, Body>> {
  const all = await restItems(suite.t, suite.owner.key, boardId);
  return Object.fromEntries([...[...all].reverse().map((i) => [i.type as string, i]), ...all.map((i) => [i.id as string, i])]);
}

async function dataOf(boardId: string, id: string): Promise<Record<string, unknown>> {
  return (await items(boardId))[id]!.data as Record<string, unknown>;
}

/** The element drawing `part` of the item (a connector's label is inside the connectors' layer). */
function partOf(page: Page, id: string, part: string): Locator {
  return page.locator(`[data-item-id="${id}"] [data-part="${part}"]`);
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The focused editor of the item's part: resolves once a person can type into it. */
function focusedEditor(page: Page, id: string, part: string): Promise<void> {
  return page.locator(`textarea.text-editor[data-editing="${id}"][data-part="${part}"]:focus`).waitFor();
}

async function editorCount(page: Page): Promise<number> {
  return page.locator('textarea.text-editor').count();
}

describe.skipIf(!available)('editing every text of an item in place', { timeout: 240_000 }, () => {
  test('each text field of each type: a double-click on it opens its editor, typing changes that field as REST reads it, Escape or Enter ends the edit', async () => {
    const boardId = await board('Every text', [
      { op: 'create', type: 'card', position: { x: -700, y: 0 }, size: { width: 320, height: 200 }, data: { title: 'Plan', description: 'Steps' } },
      { op: 'create', type: 'doc', position: { x: -250, y: 0 }, size: { width: 400, height: 300 }, data: { title: 'Notes', markdown: 'Body' } },
      { op: 'create', type: 'code', position: { x: 250, y: 0 }, size: { width: 400, height: 200 }, data: { title: 'add.ts', language: 'typescript', source: 'let a' } },
      { op: 'create', type: 'table', position: { x: 750, y: 0 }, size: { width: 400, height: 150 }, data: { title: 'Owners', rows: [['Task', 'Owner']] } },
      { op: 'create', type: 'document', position: { x: -700, y: 450 }, size: { width: 240, height: 200 }, data: { title: 'Report.pdf', url: 'https://files.example.com/r.pdf', mimeType: 'application/pdf' } },
      { op: 'create', type: 'embed', position: { x: -250, y: 450 }, size: { width: 300, height: 170 }, data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Demo' } },
      { op: 'create', type: 'stamp', position: { x: 500, y: 450 }, size: { width: 120, height: 120 }, data: { emoji: '👍' } },
      { op: 'create', type: 'section', position: { x: 900, y: 500 }, size: { width: 400, height: 300 }, data: { title: 'Area' } },
    ]);
    const upload = await fetch(`${suite.t.baseUrl}/boards/${boardId}/assets`, { method: 'POST', headers: { Authorization: `Bearer ${suite.owner.key}`, 'Content-Type': 'image/png' }, body: pngBytes(60, 40) });
    const asset = await json(upload);
    expect((await suite.t.api(suite.owner.key, 'POST', `/boards/${boardId}/items`, { type: 'image', position: { x: 150, y: 450 }, size: { width: 240, height: 160 }, data: { assetId: asset.id, title: 'Kick-off' } })).status).toBe(201);
    const by = await items(boardId);
    const page = await pageAs(suite.owner);
    await openBoard(page, suite.t, boardId);

    // [type, part double-clicked, keys typed, field, expected value, key that ends the edit]
    const cases: [string, string, string, string, string, 'Escape' | 'Enter'][] = [
      ['card', 'title', ' now', 'title', 'Plan now', 'Enter'],
      ['card', 'description', ' and more', 'description', 'Steps and more', 'Escape'],
      ['doc', 'title', ' today', 'title', 'Notes today', 'Enter'],
      ['doc', 'markdown', ' text', 'markdown', 'Body text', 'Escape'],
      ['code', 'source', ' = 1', 'source', 'let a = 1', 'Escape'],
      ['code', 'title', 'x', 'title', 'add.tsx', 'Escape'],
      ['table', 'title', ' list', 'title', 'Owners list', 'Enter'],
      ['document', 'title', '!', 'title', 'Report.pdf!', 'Enter'],
      ['embed', 'title', ' video', 'title', 'Demo video', 'Escape'],
      ['image', 'title', ' day', 'title', 'Kick-off day', 'Enter'],
      ['section', 'title', ' one', 'title', 'Area one', 'Escape'],
    ];
    for (const [type, part, typed, field, expected, end] of cases) {
      // The server's message bucket refills by its clock, which the test server only moves when told.
      suite.t.clock.advance(1000);
      const id = by[type]!.id as string;
      const at = type === 'section' ? await centreOf(page.locator(`[data-item-id="${id}"] .section-title`)) : await centreOf(partOf(page, id, part));
      await page.mouse.dblclick(at.x, at.y);
      await focusedEditor(page, id, part);
      await page.keyboard.type(typed);
      await page.keyboard.press(end);
      await expect.poll(() => editorCount(page)).toBe(0);
      await expect.poll(async () => (await dataOf(boardId, id))[field], { message: `${type}.${field}` }).toBe(expected);
    }
    // The stamp's emoji: the editor covers the stamp; a new emoji replaces the old one.
    const stamp = by.stamp!.id as string;
    const at = await itemCentre(page, stamp);
    await page.mouse.dblclick(at.x, at.y);
    await focusedEditor(page, stamp, 'emoji');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('🎉');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await dataOf(boardId, stamp)).emoji).toBe('🎉');
    // The other fields kept their values: each edit changed only the part double-clicked.
    const after = await items(boardId);
    expect(after.card!.data).toMatchObject({ title: 'Plan now', description: 'Steps and more' });
    expect(after.doc!.data).toMatchObject({ title: 'Notes today', markdown: 'Body text' });
    expect(after.code!.data).toMatchObject({ title: 'add.tsx', source: 'let a = 1', language: 'typescript' });
    expect(after.table!.data).toMatchObject({ title: 'Owners list', rows: [['Task', 'Owner']] });
    expect(after.image!.data).toMatchObject({ title: 'Kick-off day', assetId: asset.id });
  });

  test('a double-click on a table cell edits that cell; Tab and Shift+Tab move between cells; Enter on the selected table edits its first cell', async () => {
    const boardId = await board('Cells', [
      { op: 'create', type: 'table', position: { x: 0, y: 0 }, size: { width: 600, height: 200 }, data: { rows: [['Task', 'Owner'], ['', ''], ['', '']] } },
    ]);
    const table = (await items(boardId)).table!.id as string;
    const page = await pageAs(suite.owner);
    await openBoard(page, suite.t, boardId);
    const cell = await centreOf(partOf(page, table, 'cell:1:0'));
    await page.mouse.dblclick(cell.x, cell.y);
    await focusedEditor(page, table, 'cell:1:0');
    await page.keyboard.type('Design');
    await page.keyboard.press('Tab');
    await focusedEditor(page, table, 'cell:1:1');
    await page.keyboard.type('Ana');
    // Tab at the end of a row goes on to the next row.
    await page.keyboard.press('Tab');
    await focusedEditor(page, table, 'cell:2:0');
    await page.keyboard.type('Build');
    await page.keyboard.press('Shift+Tab');
    await focusedEditor(page, table, 'cell:1:1');
    // The cell's text is selected whole: typing replaces it.
    await page.keyboard.type('Ben');
    await page.keyboard.press('Escape');
    await expect.poll(() => editorCount(page)).toBe(0);
    await expect.poll(async () => (await dataOf(boardId, table)).rows).toEqual([['Task', 'Owner'], ['Design', 'Ben'], ['Build', '']]);

    // Enter on the selected table edits its first cell.
    await page.locator(`.item.selected[data-item-id="${table}"]`).waitFor();
    await page.keyboard.press('Enter');
    await focusedEditor(page, table, 'cell:0:0');
    await page.keyboard.type('Step');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await dataOf(boardId, table)).rows).toEqual([['Step', 'Owner'], ['Design', 'Ben'], ['Build', '']]);
  });

  test('a double-click at the middle of a connector without a label creates its label; a double-click on the label edits it', async () => {
    const boardId = await board('Label', [
      { op: 'create', ref: 'a', type: 'sticky_note', position: { x: -300, y: 0 }, data: { text: 'From' } },
      { op: 'create', ref: 'b', type: 'sticky_note', position: { x: 300, y: 0 }, data: { text: 'To' } },
      { op: 'create', type: 'connector', position: { x: 0, y: 0 }, data: { from: 'a', to: 'b', style: 'straight' } },
    ]);
    const connector = (await items(boardId)).connector!;
    const id = connector.id as string;
    expect(connector.data.label).toBe('');
    const page = await pageAs(suite.owner);
    await openBoard(page, suite.t, boardId);
    const a = await itemCentre(page, connector.data.from as string);
    const b = await itemCentre(page, connector.data.to as string);
    await page.mouse.dblclick((a.x + b.x) / 2, (a.y + b.y) / 2);
    await focusedEditor(page, id, 'label');
    await page.keyboard.type('leads to');
    await page.keyboard.press('Enter');
    await expect.poll(() => editorCount(page)).toBe(0);
    await expect.poll(async () => (await dataOf(boardId, id)).label).toBe('leads to');
    // The label is drawn; a double-click on it edits it again.
    const label = partOf(page, id, 'label');
    await expect.poll(() => label.textContent()).toBe('leads to');
    const at = await centreOf(label);
    await page.mouse.dblclick(at.x, at.y);
    await focusedEditor(page, id, 'label');
    await page.keyboard.type(' then');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await dataOf(boardId, id)).label).toBe('leads to then');
    expect(await dataOf(boardId, id)).toMatchObject({ from: connector.data.from, to: connector.data.to, style: 'straight' });
  });

  test("two people editing a card's description (a Y.Text) see each other's caret inside it and both keep their text", async () => {
    const boardId = await board('Carets', [{ op: 'create', type: 'card', position: { x: 0, y: 0 }, size: { width: 360, height: 220 }, data: { title: 'Launch', description: 'Draft' } }]);
    const card = (await items(boardId)).card!.id as string;
    const ana = await pageAs(suite.owner);
    const ben = await pageAs(suite.members.editor!);
    for (const page of [ana, ben]) {
      await openBoard(page, suite.t, boardId);
      const at = await centreOf(partOf(page, card, 'description'));
      await page.mouse.dblclick(at.x, at.y);
      await focusedEditor(page, card, 'description');
    }
    await ana.bringToFront();
    await ana.keyboard.type(' one');
    // Ben's caret stayed before Ana's words (both were at the end); he moves to the end and types.
    await expect.poll(() => ben.locator('textarea.text-editor').inputValue()).toBe('Draft one');
    await ben.bringToFront();
    await ben.keyboard.press('End');
    await ben.keyboard.type(' two');
    await expect.poll(async () => (await dataOf(boardId, card)).description).toBe('Draft one two');
    await ana.locator('.caret-mirror .remote-caret[data-peer="A editor"]').waitFor();
    await ben.locator('.caret-mirror .remote-caret[data-peer="Ana Owner"]').waitFor();
    expect((await dataOf(boardId, card)).title).toBe('Launch');
  });

  test('a viewer cannot edit: a double-click or Enter opens no editor, typing changes nothing', async () => {
    const boardId = await board('Viewer', [
      { op: 'create', type: 'sticky_note', position: { x: -300, y: 0 }, data: { text: 'Read only' } },
      { op: 'create', type: 'table', position: { x: 300, y: 0 }, size: { width: 300, height: 100 }, data: { rows: [['A', 'B']] } },
    ]);
    const by = await items(boardId);
    const page = await pageAs(suite.members.viewer!);
    await openBoard(page, suite.t, boardId);
    const note = await itemCentre(page, by.sticky_note!.id as string);
    await page.mouse.dblclick(note.x, note.y);
    await page.locator(`.item.selected[data-item-id="${by.sticky_note!.id as string}"]`).waitFor();
    await page.keyboard.press('Enter');
    const cell = await centreOf(partOf(page, by.table!.id as string, 'cell:0:1'));
    await page.mouse.dblclick(cell.x, cell.y);
    await page.keyboard.type('zzz');
    expect(await editorCount(page)).toBe(0);
    const after = await items(boardId);
    expect(after.sticky_note!.data.text).toBe('Read only');
    expect(after.table!.data.rows).toEqual([['A', 'B']]);
  });

  test('a locked item cannot be edited: a double-click or Enter opens no editor; locking an item while it is edited ends the edit', async () => {
    const boardId = await board('Locked', [
      { op: 'create', type: 'card', position: { x: -300, y: 0 }, data: { title: 'Held', description: 'Fixed' } },
      { op: 'create', type: 'card', position: { x: 300, y: 0 }, data: { title: 'Open', description: 'Free' } },
    ]);
    const by = await items(boardId);
    const held = (Object.values(by).find((i) => i.data.title === 'Held') as Body).id as string;
    const open = (Object.values(by).find((i) => i.data.title === 'Open') as Body).id as string;
    expect((await suite.t.api(suite.owner.key, 'PATCH', `/boards/${boardId}/items/${held}`, { locked: true })).status).toBe(200);
    const page = await pageAs(suite.owner);
    await openBoard(page, suite.t, boardId);
    await page.locator(`.item[data-item-id="${held}"][data-locked="true"]`).waitFor();
    const at = await centreOf(partOf(page, held, 'description'));
    await page.mouse.dblclick(at.x, at.y);
    await page.locator(`.item.selected[data-item-id="${held}"]`).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('zzz');
    expect(await editorCount(page)).toBe(0);
    expect(await dataOf(boardId, held)).toMatchObject({ title: 'Held', description: 'Fixed' });

    // Someone locks the card being edited: the editor closes and what is typed next goes nowhere.
    const other = await centreOf(partOf(page, open, 'description'));
    await page.mouse.dblclick(other.x, other.y);
    await focusedEditor(page, open, 'description');
    await page.keyboard.type(' a');
    await expect.poll(async () => (await dataOf(boardId, open)).description).toBe('Free a');
    expect((await suite.t.api(suite.owner.key, 'PATCH', `/boards/${boardId}/items/${open}`, { locked: true })).status).toBe(200);
    await expect.poll(() => editorCount(page)).toBe(0);
    await page.keyboard.type('zzz');
    expect((await dataOf(boardId, open)).description).toBe('Free a');
  });

  test('on a touch screen a double-tap starts editing: the main text of a note, and the table cell tapped', async () => {
    const boardId = await board('Touch', [
      { op: 'create', type: 'sticky_note', position: { x: 0, y: -200 }, data: { text: 'Tap' } },
      { op: 'create', type: 'table', position: { x: 0, y: 150 }, size: { width: 300, height: 100 }, data: { rows: [['A', 'B']] } },
    ]);
    const by = await items(boardId);
    const note = by.sticky_note!.id as string;
    const table = by.table!.id as string;
    const context = await signedInContext(suite.browser, suite.t, suite.owner.id, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
    suite.contexts.push(context);
    const page = await context.newPage();
    await openBoard(page, suite.t, boardId);
    const at = await itemCentre(page, note);
    await page.touchscreen.tap(at.x, at.y);
    await page.touchscreen.tap(at.x, at.y);
    await focusedEditor(page, note, 'text');
    await page.keyboard.type(' tapped');
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await dataOf(boardId, note)).text).toBe('Tap tapped');

    const cell = await centreOf(partOf(page, table, 'cell:0:1'));
    await page.touchscreen.tap(cell.x, cell.y);
    await page.touchscreen.tap(cell.x, cell.y);
    await focusedEditor(page, table, 'cell:0:1');
    await page.keyboard.type('Tapped');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await dataOf(boardId, table)).rows).toEqual([['A', 'Tapped']]);
  });
});
