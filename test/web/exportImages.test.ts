import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { describeViolations, seriousAccessibilityViolations } from '../helpers/accessibility.js';
import { chromiumAvailable } from '../helpers/browser.js';
import { json } from '../helpers/testServer.js';
import { openBoard } from '../helpers/canvasBoard.js';
import { pngBytes } from '../assets/images.js';
import { parsePdf } from '../helpers/pdfText.js';
import { downloaded, PanelsSuite, pixelsOf } from './panelsKit.js';

const available = chromiumAvailable('the web app image and comment export browser test');

const s = new PanelsSuite(available, [{ name: 'Cora Commenter', role: 'commenter' }]);

/** A colour no item of the export draws but the uploaded picture (and not the placeholder's #eef1f5). */
const pictureRgb: [number, number, number] = [200, 30, 60];

async function upload(boardId: string, bytes: Buffer): Promise<string> {
  const res = await fetch(`${s.t.baseUrl}/boards/${boardId}/assets`, { method: 'POST', headers: { Authorization: `Bearer ${s.owner.key}`, 'Content-Type': 'image/png' }, body: bytes });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

async function exportAs(page: Page, format: string): Promise<{ name: string; bytes: Buffer }> {
  return downloaded(page, async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    await page.locator(`[role=menuitem][data-export=${format}]`).click();
  });
}

/** The JPEG pages of a PDF the export wrote, in order. */
function pdfImages(bytes: Buffer): Buffer[] {
  const pdf = bytes.toString('latin1');
  return [...pdf.matchAll(/\/Filter \/DCTDecode \/Length (\d+) >>\nstream\n/g)].map((m) => bytes.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[1])));
}

describe.skipIf(!available)('exports show uploaded images and, on demand, comment pins', { timeout: 180_000 }, () => {
  test('an uploaded image is embedded in the SVG as its own bytes, drawn in the PNG where the item is, and on its frame’s PDF page', async () => {
    const boardId = await s.boardWith('Pictures', [{ op: 'create', type: 'section', position: { x: 0, y: 0 }, size: { width: 700, height: 500 }, data: { title: 'Mood' } }]);
    const bytes = pngBytes(120, 80, { rgb: pictureRgb });
    const assetId = await upload(boardId, bytes);
    expect((await s.t.api(s.owner.key, 'POST', `/boards/${boardId}/items:batch`, {
      operations: [
        { op: 'create', type: 'image', position: { x: 0, y: 0 }, size: { width: 300, height: 200 }, data: { assetId, alt: 'Red swatch' } },
        { op: 'create', type: 'image', position: { x: 0, y: 900 }, size: { width: 200, height: 150 }, data: { url: 'https://pictures.example/cat.png', alt: 'A cat' } },
        { op: 'create', type: 'section', position: { x: 0, y: 900 }, size: { width: 600, height: 300 }, data: { title: 'Elsewhere' } },
      ],
    })).status).toBe(200);
    const page = await s.pageAs(s.owner);
    // The other site's picture is never fetched: the page would otherwise try to reach it from the canvas.
    await page.route('https://pictures.example/**', (route) => route.abort());
    await openBoard(page, s.t, boardId);

    const svg = (await exportAs(page, 'svg')).bytes.toString('utf8');
    const embedded = /href="data:(image\/[a-z]+);base64,([A-Za-z0-9+/=]+)"/.exec(svg);
    expect(embedded?.[1]).toBe('image/png');
    expect(Buffer.from(embedded?.[2] ?? '', 'base64').equals(bytes)).toBe(true);
    // Cropped to the item's box as the canvas shows it, filling it.
    expect(svg).toMatch(/<image x="-150" y="-100" width="300" height="200" preserveAspectRatio="xMidYMid slice"/);
    // An image from another site is not fetched: a labelled placeholder names where it lives.
    expect(svg).toContain('A cat (pictures.example)');
    expect(svg).not.toContain('https://pictures.example');
    expect(svg.match(/data:image/g)).toHaveLength(1);

    const png = await exportAs(page, 'png');
    const pixels = await pixelsOf(s.browser, png.bytes, 'image/png', pictureRgb);
    // Two pixels per board unit: the picture covers (nearly all of) its 300 × 200 box; the placeholder's grey would give none.
    expect(pixels.matching).toBeGreaterThan(300 * 200 * 4 * 0.9);
    expect(pixels.matching).toBeLessThanOrEqual(300 * 200 * 4);

    const pdf = await exportAs(page, 'pdf');
    expect(pdf.bytes.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    const [first, second] = pdfImages(pdf.bytes);
    expect((await pixelsOf(s.browser, first!, 'image/jpeg', pictureRgb)).matching).toBeGreaterThan(300 * 200 * 4 * 0.5);
    expect((await pixelsOf(s.browser, second!, 'image/jpeg', pictureRgb)).matching).toBe(0);
    expect(await page.locator('[data-export-notice]').count()).toBe(0);
  });

  test('an image whose upload is not on the board exports as its placeholder with a visible notice, and the rest of the export is complete', async () => {
    const other = await s.boardWith('Elsewhere', []);
    const foreign = await upload(other, pngBytes(40, 40, { rgb: pictureRgb }));
    const boardId = await s.boardWith('Copied', [
      { op: 'create', type: 'sticky_note', position: { x: -300, y: 0 }, data: { text: 'Still here' } },
      { op: 'create', type: 'image', position: { x: 0, y: 0 }, size: { width: 200, height: 200 }, data: { assetId: foreign, alt: 'Copied logo' } },
    ]);
    // The asset belongs to the other board: this board answers 404 for it.
    expect((await s.t.api(s.owner.key, 'GET', `/boards/${boardId}/assets/${foreign}`)).status).toBe(404);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    const file = await exportAs(page, 'svg');
    const svg = file.bytes.toString('utf8');
    expect(file.name).toBe('Copied.svg');
    expect(svg).toContain('Still here');
    expect(svg).toContain('Copied logo');
    expect(svg).not.toContain('data:image');
    const notice = page.locator('[data-export-notice]');
    await notice.waitFor();
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.locator('span').textContent()).toBe('1 image could not be embedded and shows as a placeholder: “Copied logo” (it is no longer on the server).');
    expect(await page.getByRole('button', { name: 'Export' }).isEnabled()).toBe(true);
    // The notice, and the open menu (its entries, the comments checkbox, its note), have no serious axe violation.
    const withNotice = await seriousAccessibilityViolations(page);
    expect(withNotice, describeViolations(withNotice)).toEqual([]);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Include comments' }).waitFor();
    const withMenu = await seriousAccessibilityViolations(page);
    expect(withMenu, describeViolations(withMenu)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);

    const png = await exportAs(page, 'png');
    expect((await pixelsOf(s.browser, png.bytes, 'image/png', pictureRgb)).matching).toBe(0);
    expect((await pixelsOf(s.browser, png.bytes, 'image/png', [0xee, 0xf1, 0xf5])).matching).toBeGreaterThan(200 * 200 * 4 * 0.5);
  });

  test('"Include comments" (off by default) draws numbered pins, and a PDF gains a page of the threads as real text; connectors keep both heads and their label', async () => {
    const boardId = await s.boardWith('Review', [
      { op: 'create', type: 'section', position: { x: 0, y: 0 }, size: { width: 800, height: 500 }, data: { title: 'Draft' } },
      { op: 'create', type: 'sticky_note', position: { x: -200, y: 0 }, data: { text: 'Plan' } },
      { op: 'create', type: 'sticky_note', position: { x: 200, y: 0 }, data: { text: 'Build' } },
    ]);
    const notes = (await s.restItems(boardId)).filter((i) => i.type === 'sticky_note');
    const [plan, build] = [notes.find((i) => i.data.text === 'Plan')!, notes.find((i) => i.data.text === 'Build')!];
    expect((await s.t.api(s.owner.key, 'POST', `/boards/${boardId}/items`, { type: 'connector', position: { x: 0, y: 0 }, data: { from: plan.id, to: build.id, style: 'straight', startArrow: 'circle', endArrow: 'triangle', label: 'then' } })).status).toBe(201);
    const commenter = s.people[0]!;
    const comment = await json(s.t.api(commenter.key, 'POST', `/boards/${boardId}/items`, { type: 'comment', position: { x: 100, y: -150 }, data: { text: 'Is the plan final?' } }));
    expect(comment.id).toBeTruthy();

    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    const plain = (await exportAs(page, 'svg')).bytes.toString('utf8');
    expect(plain).not.toContain(`data-item-id="${comment.id}"`);
    expect(plain).toContain('>then</tspan>');
    expect(plain).toMatch(/<circle cx="[-\d.]+" cy="[-\d.]+" r="6" fill="#1a1a1a"\/>/);
    expect(plain).toMatch(/<polygon points="[^"]+" fill="#1a1a1a"\/>/);
    const plainPdf = await exportAs(page, 'pdf');
    expect(pdfImages(plainPdf.bytes)).toHaveLength(1);

    // A person ticks the option in the menu (by keyboard: it stays open and says it is checked).
    await page.getByRole('button', { name: 'Export' }).click();
    const option = page.getByRole('menuitemcheckbox', { name: 'Include comments' });
    expect(await option.getAttribute('aria-checked')).toBe('false');
    await option.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => option.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[role=menu]').count()).toBe(0);

    const withPins = (await exportAs(page, 'svg')).bytes.toString('utf8');
    expect(withPins).toMatch(new RegExp(`data-item-id="${comment.id}"><path d="[^"]+" fill="#ffd43b" stroke="#ffffff" stroke-width="2"/><text[^>]*><tspan[^>]*>1</tspan>`));
    const pdf = await exportAs(page, 'pdf');
    const pages = pdfImages(pdf.bytes);
    // The frame's page is its picture, showing the yellow pin; the threads' page is real text, no picture.
    expect(pages).toHaveLength(1);
    expect((await pixelsOf(s.browser, pages[0]!, 'image/jpeg', [0xff, 0xd4, 0x3b])).matching).toBeGreaterThan(100);
    const parsed = parsePdf(pdf.bytes);
    expect(parsed).toHaveLength(2);
    expect(parsed[0]!.runs).toEqual([]);
    expect(parsed[1]!.text).toBe(['Comments on Review', '1', 'Cora Commenter', 'Is the plan final?'].join('\n'));
  });

  test('while the images are fetched the page shows how many of them are in, and the file comes once they all are', async () => {
    const boardId = await s.boardWith('Gallery', []);
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await upload(boardId, pngBytes(20 + i, 20, { rgb: pictureRgb })));
    expect((await s.t.api(s.owner.key, 'POST', `/boards/${boardId}/items:batch`, {
      operations: ids.map((assetId, i) => ({ op: 'create', type: 'image', position: { x: i * 250, y: 0 }, size: { width: 200, height: 200 }, data: { assetId } })),
    })).status).toBe(200);
    const page = await s.pageAs(s.owner);
    await openBoard(page, s.t, boardId);
    // The canvas has shown (and keeps) its pictures; what is fetched from now on is the export's.
    await expect.poll(() => page.locator('img[data-asset-id]').count()).toBe(3);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    await page.route('**/v1/boards/*/assets/*', async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    const file = downloaded(page, async () => {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.locator('[role=menuitem][data-export=svg]').click();
      const status = page.getByRole('status').filter({ hasText: 'Fetching images' });
      await status.waitFor();
      expect(await status.textContent()).toBe('Fetching images: 0 of 3');
      expect(await page.getByRole('button', { name: 'Exporting…' }).isDisabled()).toBe(true);
      release();
    });
    const svg = (await file).bytes.toString('utf8');
    expect(asked).toHaveLength(3);
    expect(svg.match(/href="data:image\/png;base64,/g)).toHaveLength(3);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Fetching images' }).count()).toBe(0);
  });
});
