import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { chromiumAvailable } from '../helpers/browser.js';
import type { Body, TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';
import { PanelsSuite } from './panelsKit.js';
import { openBoard } from '../helpers/canvasBoard.js';

const available = chromiumAvailable('the web app assistant browser test');

const s = new PanelsSuite(available, [{ name: 'Vic Viewer', role: 'viewer', plan: 'pro' }]);
const viewer = (): TestUser => s.people[0]!;

async function openPanel(page: Page, name: 'Assistant' | 'Skills'): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('complementary', { name }).waitFor();
}

const spread = Array.from({ length: 8 }, (_, i) => ({ op: 'create', type: 'sticky_note', position: { x: (i % 4) * 900, y: Math.floor(i / 4) * 900 }, data: { text: `Filler note ${i}` } }));

describe.skipIf(!available)('the AI assistant and skills panels', { timeout: 120_000 }, () => {
  test('asking about the board shows the answer, highlights the cited item, and a click on the citation selects it and brings it into view', async () => {
    const boardId = await s.boardWith('Risks', [
      ...spread,
      { op: 'create', type: 'sticky_note', position: { x: 4000, y: 3000 }, data: { text: 'Risk: the vendor may delay delivery' } },
    ]);
    const vendor = (await s.restItems(boardId)).find((i) => String(i.data.text).startsWith('Risk'))!;
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    await openPanel(page, 'Assistant');
    // The panel takes the keyboard: its first field is focused.
    await page.locator('#assistant-question:focus').waitFor();
    await page.keyboard.type('What is the risk with the vendor?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const citation = page.locator(`.citation[data-citation="${vendor.id}"]`);
    await citation.waitFor();
    expect(await page.locator('.answer-text').textContent()).not.toBe('');
    await page.locator(`.cited[data-cited="${vendor.id}"]`).waitFor({ state: 'attached' });
    await citation.click();
    await page.locator(`.item.selected[data-item-id="${vendor.id}"]`).waitFor();
    const surface = (await page.locator('.surface').boundingBox())!;
    const box = (await page.locator(`[data-item-id="${vendor.id}"]`).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(surface.x);
    expect(box.x + box.width).toBeLessThanOrEqual(surface.x + surface.width);
    // What the citation selected is what Delete removes: that note and nothing else.
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await s.restItems(boardId)).map((i) => i.id).includes(vendor.id)).toBe(false);
    expect(await s.restItems(boardId)).toHaveLength(spread.length);
    // Closing the panel by Escape gives the focus back to its button and drops the highlight.
    await page.locator('#assistant-question').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('complementary', { name: 'Assistant' }).count()).toBe(0);
    await page.locator('[data-panel-button=assistant]:focus').waitFor();
  });

  test('generate builds items from a prompt as a job the page follows to its end (which Cancel can cancel), then selects them; rewrite changes the selected note', async () => {
    const boardId = await s.boardWith('Launch', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'ship the beta in may' } }]);
    const [note] = await s.restItems(boardId);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    await openPanel(page, 'Assistant');
    const statuses: string[] = [];
    page.on('response', (r) => {
      if (/\/v1\/(boards\/[^/]+\/ai\/generate|jobs\/)/.test(r.url())) statuses.push(`${r.request().method()} ${new URL(r.url()).pathname.replace(/[^/]+$/, '*')} ${r.status()}`);
    });
    await page.locator('#assistant-prompt').fill('Launch plan: design review, beta, announcement');
    await page.locator('#assistant-output').selectOption('card');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const done = page.getByRole('status').filter({ hasText: /^Created \d+ items/ });
    await done.waitFor();
    const created = (await s.restItems(boardId)).filter((i) => i.id !== note!.id);
    expect(await done.textContent()).toContain(`Created ${created.length} items`);
    expect(new Set(created.map((i) => i.createdBy))).toEqual(new Set([s.owner.id]));
    // Cards, as asked (under a heading the plan adds).
    expect(created.filter((i) => i.type === 'card').map((i) => i.data.title)).toEqual(['design review', 'beta', 'announcement']);
    // It ran as a job the page followed to its end (test/web/assistantCancel.test.ts cancels one).
    expect(statuses[0]).toBe(`POST /v1/boards/${boardId}/ai/* 202`);
    expect(statuses.at(-1)).toBe('GET /v1/jobs/* 200');
    for (const item of created) await page.locator(`.item.selected[data-item-id="${item.id}"]`).waitFor();
    const activity = await json(s.t.api(s.owner.key, 'GET', `/boards/${boardId}/activity`));
    expect(activity.data.map((row: Body) => row.action)).toContain('ai.generated');

    await page.locator(`[data-item-id="${note!.id}"]`).click();
    await page.locator('#assistant-instruction').fill('upper case');
    await page.getByRole('button', { name: 'Rewrite', exact: true }).click();
    await expect.poll(async () => (await s.restItems(boardId)).find((i) => i.id === note!.id)?.data.text).toBe('SHIP THE BETA IN MAY');
    await page.getByRole('status').filter({ hasText: 'Rewrote 1 item' }).waitFor();

    await page.locator('#assistant-instruction').fill('in French please');
    await page.getByRole('button', { name: 'Rewrite', exact: true }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'The assistant cannot do that' }).textContent()).toContain('translate');
    expect((await s.restItems(boardId)).find((i) => i.id === note!.id)?.data.text).toBe('SHIP THE BETA IN MAY');
  });

  test('out of credits, generate says so plainly and writes nothing', async () => {
    const poor = await s.t.createUser({ name: 'Pat Basic', plan: 'basic' });
    const boardId = await s.boardWith('Poor', [], poor);
    await s.t.server.services.usage.consume(poor.workspaceId, 'basic', { credits: 97, messages: 25 });
    const page = await s.pageAs(poor);
    await openBoard(page, s.t, boardId);
    await openPanel(page, 'Assistant');
    await page.locator('.panel-credits[data-credits="3"]').waitFor();
    await page.locator('#assistant-prompt').fill('Three ideas: a, b and c');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not enough AI credits' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('credits');
    expect(await s.restItems(boardId, poor)).toEqual([]);
  });

  test('a skill from the library previews what it would add, writes nothing until confirmed, then adds exactly that', async () => {
    const boardId = await s.boardWith('Offsite', []);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    await openPanel(page, 'Skills');
    await page.getByRole('button', { name: 'Use Brainstorm' }).click();
    const prompt = page.locator('#skill-prompt');
    expect(await prompt.getAttribute('placeholder')).toBe('Offsite ideas: hike, cooking class, escape room');
    await prompt.fill('Offsite ideas: hike, cooking class, escape room');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.waitFor();
    const previewed = (await preview.locator('.preview-items li').allTextContents()).map((s) => s.trim());
    expect(previewed.length).toBeGreaterThan(3);
    expect(await preview.locator('img.preview-picture').count()).toBe(1);
    expect(await s.restItems(boardId)).toEqual([]);
    await page.getByRole('button', { name: 'Add to board' }).click();
    await page.getByRole('status').filter({ hasText: 'Brainstorm added' }).waitFor();
    const items = await s.restItems(boardId);
    expect(items.map((i) => `${i.type.replace(/_/g, ' ')} ${String(i.data.text ?? i.data.title ?? '').split('\n')[0]}`.trim()).sort()).toEqual([...previewed].sort());
    const activity = await json(s.t.api(s.owner.key, 'GET', `/boards/${boardId}/activity`));
    expect(activity.data.map((row: Body) => row.action)).toContain('skill.applied');
  });

  test('a viewer may ask but is offered no generate, rewrite or apply (test/web/webToken.test.ts shows the API refusing them)', async () => {
    const boardId = await s.boardWith('Read only', [{ op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'Budget approved in May' } }]);
    const page = await s.pageAs(viewer());
    await openBoard(page, s.t, boardId);
    await openPanel(page, 'Assistant');
    expect(await page.locator('#assistant-prompt, #assistant-instruction').count()).toBe(0);
    await page.locator('#assistant-question').fill('When was the budget approved?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('.citation').first().waitFor();
    await openPanel(page, 'Skills');
    await page.getByRole('button', { name: 'Use Brainstorm' }).click();
    expect(await page.locator('#skill-prompt').count()).toBe(0);
    await page.getByText('Applying skills needs edit rights on this board.').waitFor();
    expect(await s.restItems(boardId)).toHaveLength(1);
  });
});
