import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { chromiumAvailable } from '../helpers/browser.js';
import type { TestUser } from '../helpers/testServer.js';
import { json } from '../helpers/testServer.js';
import { downloaded, PanelsSuite, pixelsOf, pngSize } from './panelsKit.js';
import { openBoard } from '../helpers/canvasBoard.js';

const available = chromiumAvailable('the web app export browser test');

const s = new PanelsSuite(available, [{ name: 'Vic Viewer', role: 'viewer' }]);
const viewer = (): TestUser => s.people[0]!;

async function exportAs(page: Page, format: string): Promise<{ name: string; bytes: Buffer }> {
  return downloaded(page, async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    await page.locator(`[role=menuitem][data-export=${format}]`).click();
  });
}

const notes = [
  { op: 'create', type: 'sticky_note', position: { x: -200, y: 0 }, data: { text: 'Ship the beta', color: '#fff9b1' } },
  { op: 'create', type: 'sticky_note', position: { x: 200, y: 100 }, data: { text: 'Hire a designer', color: '#fff9b1' } },
];

describe.skipIf(!available)('exporting a board from the web app', { timeout: 120_000 }, () => {
  test('Export → PNG downloads a PNG named after the board, two pixels per board unit of its items plus the margin, with the notes drawn', async () => {
    const boardId = await s.boardWith('Q3 plan: launch', notes);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    // By keyboard: the menu button opens with the arrow key and the first entry (PNG of the board) is focused.
    const file = await downloaded(page, async () => {
      await page.getByRole('button', { name: 'Export' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.locator('[role=menuitem][data-export=png]:focus').waitFor();
      await page.keyboard.press('Enter');
    });
    expect(file.name).toBe('Q3 plan- launch.png');
    const items = await s.restItems(boardId);
    const left = Math.min(...items.map((i) => i.position.x - i.size.width / 2));
    const right = Math.max(...items.map((i) => i.position.x + i.size.width / 2));
    const top = Math.min(...items.map((i) => i.position.y - i.size.height / 2));
    const bottom = Math.max(...items.map((i) => i.position.y + i.size.height / 2));
    expect(pngSize(file.bytes)).toEqual({ width: Math.round((right - left + 80) * 2), height: Math.round((bottom - top + 80) * 2) });
    const pixels = await pixelsOf(s.browser, file.bytes, 'image/png', [0xff, 0xf9, 0xb1]);
    // Two notes' worth of note colour (text drawn over part of them), and the rest white.
    const noteArea = items.reduce((sum, i) => sum + i.size.width * i.size.height * 4, 0);
    expect(pixels.matching).toBeGreaterThan(noteArea * 0.6);
    expect(pixels.matching).toBeLessThanOrEqual(noteArea);
    expect(pixels.nonWhite).toBeLessThan(pixels.width * pixels.height * 0.6);
  });

  test('SVG holds the items as drawn, with their texts and colours and nothing loaded from elsewhere; the selection alone holds only it', async () => {
    const boardId = await s.boardWith('Roadmap', [
      ...notes,
      { op: 'create', type: 'shape', position: { x: 0, y: 300 }, data: { shape: 'ellipse', text: 'Go <now> & "ok"', fillColor: '#d3f9d8' } },
    ]);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    const whole = await exportAs(page, 'svg');
    expect(whole.name).toBe('Roadmap.svg');
    const svg = whole.bytes.toString('utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    for (const text of ['Ship the beta', 'Hire a designer', 'Go &#60;now&#62; &#38; &#34;ok&#34;']) expect(svg).toContain(text);
    expect(svg).toContain('fill="#d3f9d8"');
    expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|href=|url\(/);

    const items = await s.restItems(boardId);
    const beta = items.find((i) => i.data.text === 'Ship the beta')!;
    expect(await page.locator('[role=menuitem][data-export=svg-selection]').count()).toBe(0);
    await page.getByRole('button', { name: 'Export' }).click();
    expect(await page.locator('[role=menuitem][data-export=svg-selection]').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[role=menu]').count()).toBe(0);
    await page.locator('button[aria-haspopup=menu]:focus').waitFor();
    await page.locator(`[data-item-id="${beta.id}"]`).click();
    const part = await exportAs(page, 'svg-selection');
    expect(part.name).toBe('Roadmap (selection).svg');
    expect(part.bytes.toString('utf8')).toContain('Ship the beta');
    expect(part.bytes.toString('utf8')).not.toContain('Hire a designer');
  });

  test('Escape pressed as the menu opens, before the next frame, closes it and leaves the focus on the Export button', async () => {
    const boardId = await s.boardWith('Quick keys', notes);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    // Both in one task of the page: the menu renders, and Escape arrives before any frame is painted.
    const focused = await page.evaluate(`(async () => {
      const button = [...document.querySelectorAll('button[aria-haspopup=menu]')].find((b) => b.textContent.trim() === 'Export');
      button.focus();
      button.click();
      for (let i = 0; i < 5; i++) await Promise.resolve();
      const opened = document.querySelector('[role=menu]') !== null;
      document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      for (let i = 0; i < 5; i++) await Promise.resolve();
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      return { opened, menu: document.querySelector('[role=menu]') !== null, onButton: document.activeElement === button };
    })()`);
    expect(focused).toEqual({ opened: true, menu: false, onButton: true });
  });

  test('JSON holds every item exactly as REST answers it, and a viewer can export it', async () => {
    const operations = Array.from({ length: 120 }, (_, i) => ({ op: 'create', type: 'sticky_note', position: { x: (i % 12) * 250, y: Math.floor(i / 12) * 250 }, data: { text: `Idea ${i}` } }));
    const boardId = await s.boardWith('Ideas', [...operations.slice(0, 100)]);
    expect((await s.t.api(s.owner.key, 'POST', `/boards/${boardId}/items:batch`, { operations: operations.slice(100) })).status).toBe(200);
    const page = await s.pageAs(viewer());
    await openBoard(page, s.t, boardId);
    const file = await exportAs(page, 'json');
    expect(file.name).toBe('Ideas.json');
    const body = JSON.parse(file.bytes.toString('utf8'));
    expect(body).toMatchObject({ format: 'boards.board', version: 1, board: { id: boardId, title: 'Ideas' } });
    const first = await json(s.t.api(s.owner.key, 'GET', `/boards/${boardId}/items?limit=100`));
    const second = await json(s.t.api(s.owner.key, 'GET', `/boards/${boardId}/items?limit=100&cursor=${encodeURIComponent(first.nextCursor)}`));
    expect(body.items).toEqual([...first.data, ...second.data]);
    expect(body.items).toHaveLength(120);
  });

  test('PDF has one page per frame, each the frame rasterised to JPEG, in a well-formed file', async () => {
    const boardId = await s.boardWith('Frames', [
      { op: 'create', type: 'section', position: { x: 0, y: 0 }, size: { width: 600, height: 400 }, data: { title: 'First' } },
      { op: 'create', type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'In the first' } },
      { op: 'create', type: 'section', position: { x: 0, y: 800 }, size: { width: 800, height: 300 }, data: { title: 'Second' } },
      { op: 'create', type: 'sticky_note', position: { x: 900, y: 0 }, data: { text: 'In no frame' } },
    ]);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    const file = await exportAs(page, 'pdf');
    expect(file.name).toBe('Frames.pdf');
    const pdf = file.bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    expect(/\/Count 2\b/.test(pdf)).toBe(true);
    // Pages in reading order, each as large as its frame with its title and a margin.
    const boxes = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes).toEqual([
      [640, 470],
      [840, 370],
    ]);
    const images = [...pdf.matchAll(/\/Filter \/DCTDecode \/Length (\d+) >>\nstream\n/g)];
    expect(images).toHaveLength(2);
    for (const image of images) {
      const start = image.index + image[0].length;
      const jpeg = file.bytes.subarray(start, start + Number(image[1]));
      expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(jpeg.subarray(-2).toString('hex')).toBe('ffd9');
    }
    // The cross-reference table points at every object.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    const entries = pdf.slice(xref).split('\n').slice(3).filter((line) => / 00000 n $/.test(line));
    entries.forEach((line, i) => expect(pdf.slice(Number(line.slice(0, 10)), Number(line.slice(0, 10)) + 12)).toMatch(new RegExp(`^${i + 1} 0 obj`)));
    const first = images[0]!;
    const jpeg = file.bytes.subarray(first.index + first[0].length, first.index + first[0].length + Number(first[1]));
    const pixels = await pixelsOf(s.browser, jpeg, 'image/jpeg', [0xff, 0xf9, 0xb1]);
    expect(pixels).toMatchObject({ width: 1280, height: 940 });
    expect(pixels.matching).toBeGreaterThan(1000);
  });
  test('a guest on a public link exports the board as an image, and is offered neither the JSON nor the AI panels', async () => {
    const boardId = await s.boardWith('Shared', notes);
    const link = await json(s.t.api(s.owner.key, 'PUT', `/boards/${boardId}/public-link`, { enabled: true, role: 'viewer' }));
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await page.goto(link.url);
      await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached' });
      expect(await page.locator('[data-panel-button]').count()).toBe(0);
      const file = await exportAs(page, 'svg');
      expect(file.bytes.toString('utf8')).toContain('Hire a designer');
      await page.getByRole('button', { name: 'Export' }).click();
      expect(await page.locator('[role=menuitem]').allTextContents()).not.toContain('JSON data of the board');
      expect(await page.locator('[role=menuitem][data-export=pdf]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
