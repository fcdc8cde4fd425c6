import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { call, createBoard, seedBoard } from '../content/restBench.js';
import { createBenchUser, startBoards } from '../content/serverProcess.js';
import type { WebBenchConfig } from './config.js';
import type { WebBenchResults } from './report.js';
import { renderWebReport } from './report.js';

/** Debian's Chromium, as the browser tests use it. */
export const benchChromiumPath = '/usr/bin/chromium';

/** The person `createBenchUser` makes; the browser signs in as them with the email code. */
const benchEmail = 'bench@example.com';

function log(message: string): void {
  process.stderr.write(`[bench:web] ${message}\n`);
}

/** The newest sign-in code mailed to `email` in the server's development outbox. */
function codeFromOutbox(dataDir: string, email: string): string {
  const lines = readFileSync(path.join(dataDir, 'dev-outbox.jsonl'), 'utf8').trim().split('\n');
  for (const line of lines.reverse()) {
    const message = JSON.parse(line) as { to?: string; subject?: string };
    const code = message.to === email ? /(\d{6})/.exec(message.subject ?? '')?.[1] : undefined;
    if (code !== undefined) return code;
  }
  throw new Error(`no sign-in code for ${email} in the development outbox`);
}

/** Signs the browser's context in as a person would: the email form, then the code the server wrote to its outbox. */
async function signIn(page: Page, url: string, dataDir: string): Promise<void> {
  await page.goto(`${url}/oauth/signin?return_to=/`);
  await page.fill('input[name=email]', benchEmail);
  await page.click('button[type=submit]');
  await page.waitForSelector('input[name=code]');
  await page.fill('input[name=code]', codeFromOutbox(dataDir, benchEmail));
  await page.click('button[type=submit]');
  await page.waitForURL(`${url}/`);
  // A new account is asked its name once; left open, the dialog would take the bench's clicks and keys.
  const prompt = page.getByRole('dialog', { name: 'What should we call you?' });
  if (await prompt.waitFor({ timeout: 15_000 }).then(() => true, () => false)) {
    await prompt.getByRole('textbox', { name: 'Your name' }).fill('Bench');
    await prompt.getByRole('textbox', { name: 'Your name' }).press('Enter');
    await prompt.waitFor({ state: 'detached' });
  }
}

/** Opens a board and waits until it is live and painted, with its editing tools ready; answers the first paint in ms. */
async function openBoard(page: Page, url: string, boardId: string): Promise<number> {
  await page.goto(`${url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]', { timeout: 120_000 });
  await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached', timeout: 120_000 });
  return Number(await page.locator('body').getAttribute('data-first-paint-ms'));
}

/** The page's globals the bench uses (the project compiles without the DOM library; these functions run in the page). */
interface PageElement {
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { x: number; y: number; left: number; top: number; right: number; bottom: number; width: number; height: number };
  closest(selector: string): PageElement | null;
}
interface PageGlobals {
  requestAnimationFrame(callback: (time: number) => void): number;
  benchFrames: number[];
  benchRecording: boolean;
  readonly document: {
    querySelectorAll(selector: string): Iterable<PageElement>;
    elementFromPoint(x: number, y: number): PageElement | null;
  };
}

/** Resolves after the page's next animation frame. */
function nextFrame(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => (globalThis as unknown as PageGlobals).requestAnimationFrame(() => resolve())));
}

/** Starts recording requestAnimationFrame deltas in the page. */
async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    w.benchFrames = [];
    w.benchRecording = true;
    let last = 0;
    const tick = (time: number): void => {
      if (last !== 0) w.benchFrames.push(time - last);
      last = time;
      if (w.benchRecording) w.requestAnimationFrame(tick);
    };
    w.requestAnimationFrame(tick);
  });
}

/** Stops recording and answers the deltas, in ms. */
function stopFrameRecorder(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    w.benchRecording = false;
    return w.benchFrames;
  });
}

/** An item's box on the screen (page coordinates). */
interface ScreenBox {
  readonly id: string;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * The items wholly on the canvas and not under anything drawn over it (the toolbar, the minimap,
 * a button): each corner of the item, 1 px in, hits the item itself.
 */
async function visibleItems(page: Page): Promise<ScreenBox[]> {
  const surface = await page.locator('.surface').boundingBox();
  if (!surface) throw new Error('the board has no canvas');
  return page.evaluate((area) => {
    const { document } = globalThis as unknown as PageGlobals;
    const hits = (id: string, x: number, y: number) => document.elementFromPoint(x, y)?.closest('[data-item-id]')?.getAttribute('data-item-id') === id;
    return [...document.querySelectorAll('.item[data-item-id]')]
      .map((element) => {
        const r = element.getBoundingClientRect();
        return { id: element.getAttribute('data-item-id') ?? '', left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      })
      .filter((c) => c.right - c.left >= 4 && c.left >= area.x && c.top >= area.y && c.right <= area.x + area.width && c.bottom <= area.y + area.height)
      .filter((c) => hits(c.id, c.left + 1, c.top + 1) && hits(c.id, c.right - 1, c.top + 1) && hits(c.id, c.left + 1, c.bottom - 1) && hits(c.id, c.right - 1, c.bottom - 1));
  }, surface);
}

/** Whether a press at (x, y) lands on the board's background: on the canvas, not on an item or a control over it. */
function onBackground(page: Page, point: { x: number; y: number }): Promise<boolean> {
  return page.evaluate(({ x, y }) => {
    const hit = (globalThis as unknown as PageGlobals).document.elementFromPoint(x, y);
    return hit !== null && hit.closest('.surface') !== null && hit.closest('[data-item-id], button, [role=toolbar], .minimap, input, textarea') === null;
  }, point);
}

/** The seeded notes on the screen as rows (top first) of boxes (left first). */
function rowsOf(items: readonly ScreenBox[]): ScreenBox[][] {
  const rows: ScreenBox[][] = [];
  for (const item of [...items].sort((a, b) => a.top - b.top || a.left - b.left)) {
    const row = rows.at(-1);
    const first = row?.[0];
    if (row !== undefined && first !== undefined && Math.abs(item.top - first.top) < (first.bottom - first.top) / 2) row.push(item);
    else rows.push([item]);
  }
  return rows;
}

/** `count` as columns × rows of the seeded grid (100 notes a row): the divisor of `count` nearest a 2:1 block. */
function blockOf(count: number): { columns: number; rows: number } {
  let columns = 1;
  for (let c = 1; c <= Math.min(count, 100); c += 1) {
    if (count % c === 0 && Math.abs(c - Math.sqrt(2 * count)) < Math.abs(columns - Math.sqrt(2 * count))) columns = c;
  }
  return { columns, rows: count / columns };
}

/**
 * A block of `count` seeded notes on the screen, all wholly drawn and uncovered, and the rubber
 * band around it, its corners in the gaps around the block and on the background. Zooms to
 * 100 % first, then out until such a block is on the canvas, so the gaps stay a few pixels wide.
 * Rows the toolbar or the minimap covers in part are skipped: their first uncovered note is not
 * in the column of the others.
 */
async function blockOnScreen(page: Page, count: number): Promise<{ chosen: ScreenBox[]; from: { x: number; y: number }; to: { x: number; y: number } }> {
  const { columns, rows } = blockOf(count);
  if ((await page.locator('.surface').getAttribute('data-zoom')) !== '1') await zoomWith(page, () => page.locator('button.zoom').click());
  for (let zoomOuts = 0; ; zoomOuts += 1) {
    const all = rowsOf(await visibleItems(page));
    const leftmost = Math.min(...all.map((row) => row[0]?.left ?? Infinity));
    // The first column is left out: the band starts in the gap to its right, inside the canvas.
    const grid = all.filter((row) => Math.abs((row[0]?.left ?? Infinity) - leftmost) < 2).map((row) => row.slice(1));
    for (let top = 0; top + rows <= grid.length; top += 1) {
      const block = grid.slice(top, top + rows).map((row) => row.slice(0, columns));
      const first = block[0]?.[0];
      const right = block[0]?.[1] ?? grid[top]?.[1];
      const below = grid[top + 1]?.[0];
      const last = block.at(-1)?.at(-1);
      if (!block.every((row) => row.length === columns) || !first || !last) break;
      const gapX = right === undefined ? Number.NaN : right.left - first.right;
      const gapY = below === undefined ? gapX : below.top - first.bottom;
      if (!(gapX >= 4 && gapY >= 4)) throw new Error(`the gaps between notes are ${gapX.toFixed(1)} × ${gapY.toFixed(1)} px: too narrow to start a rubber band in`);
      const from = { x: first.left - gapX / 2, y: first.top - gapY / 2 };
      const to = { x: last.right + gapX / 2, y: last.bottom + gapY / 2 };
      if ((await onBackground(page, from)) && (await onBackground(page, to))) return { chosen: block.flat(), from, to };
    }
    if (zoomOuts === 12) throw new Error(`no uncovered block of ${columns} × ${rows} notes fits on the canvas`);
    await zoomWith(page, () => page.getByRole('button', { name: 'Zoom out', exact: true }).click());
  }
}

/** Clicks a zoom button of the toolbar and waits until the canvas's zoom has changed and holds still for a frame (zooming may be animated). */
async function zoomWith(page: Page, press: () => Promise<void>): Promise<void> {
  const zoom = async () => Number(await page.locator('.surface').getAttribute('data-zoom'));
  const before = await zoom();
  await press();
  let last = before;
  for (let frame = 0; frame < 300; frame += 1) {
    await nextFrame(page);
    const now = await zoom();
    if (now !== before && now === last) return;
    last = now;
  }
  throw new Error(`the zoom stayed at ${before} after a zoom button was clicked`);
}

async function positionOf(url: string, key: string, boardId: string, itemId: string): Promise<string> {
  const item = (await call(url, key, 'GET', `/boards/${boardId}/items/${itemId}`, undefined, 200)) as { position: { x: number; y: number } };
  return `${item.position.x},${item.position.y}`;
}

/**
 * Selects `select` items with a rubber band on the background (as a person would: the notes are
 * too many to shift-click) and drags them with the mouse, one move a frame, for `dragMs`; answers
 * the frame times and how many items REST shows moved. Throws when the band selects another
 * number of items.
 */
async function measureDrag(page: Page, api: { url: string; key: string; boardId: string }, config: WebBenchConfig): Promise<{ frameMs: number[]; moved: number }> {
  const { chosen, from, to } = await blockOnScreen(page, config.select);
  const before = new Map<string, string>();
  for (const item of chosen) before.set(item.id, await positionOf(api.url, api.key, api.boardId, item.id));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) await page.mouse.move(from.x + ((to.x - from.x) * step) / 8, from.y + ((to.y - from.y) * step) / 8);
  await page.mouse.up();
  // A 5,000-item board takes a few frames to draw the new selection.
  let selected = 0;
  for (let frame = 0; frame < 300; frame += 1) {
    selected = await page.locator('.item.selected').count();
    if (selected === chosen.length) break;
    await nextFrame(page);
  }
  if (selected !== chosen.length) throw new Error(`the rubber band selected ${selected} items, not the ${chosen.length} asked for`);
  const grip = chosen[0];
  if (!grip) throw new Error('nothing to drag');
  const gripX = (grip.left + grip.right) / 2;
  const gripY = (grip.top + grip.bottom) / 2;
  await page.mouse.move(gripX, gripY);
  await page.mouse.down();
  await startFrameRecorder(page);
  const start = performance.now();
  for (let step = 1; performance.now() - start < config.dragMs; step += 1) {
    // A slow diagonal, about 2 px a frame, back and forth so the items stay on the canvas.
    const offset = (step % 120) < 60 ? step % 60 : 60 - (step % 60);
    await page.mouse.move(gripX + offset * 2, gripY + offset);
    await nextFrame(page);
  }
  await page.mouse.move(gripX + 40, gripY + 20);
  await page.mouse.up();
  const frameMs = await stopFrameRecorder(page);
  // The drag's last position reaches the store; count the items whose stored position changed.
  let moved = 0;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    moved = 0;
    for (const item of chosen) if ((await positionOf(api.url, api.key, api.boardId, item.id)) !== before.get(item.id)) moved += 1;
    if (moved === chosen.length) break;
    await nextFrame(page);
  }
  return { frameMs, moved };
}

/**
 * `npm run bench:web`: starts the server as `npm start` does, seeds a board of `items` notes and
 * one of `paintItems` through REST batches, signs headless Chromium in through the email code,
 * measures the first paint of the smaller board over `paintRuns` fresh loads, then on the larger
 * one selects `select` items with a rubber band and drags them for `dragMs` while the page records its frame times.
 */
export async function runWebBench(config: WebBenchConfig): Promise<WebBenchResults> {
  if (!existsSync(benchChromiumPath)) throw new Error(`bench:web drives Chromium at ${benchChromiumPath} (apt-get install chromium)`);
  const loadStart = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-bench-web-'));
  let browser: Browser | undefined;
  try {
    const key = await createBenchUser(dataDir);
    const server = await startBoards({ dataDir });
    try {
      const big = await createBoard(server.url, key, `Drag ${config.items}`);
      const small = await createBoard(server.url, key, `Paint ${config.paintItems}`);
      log(`seeding ${config.items} and ${config.paintItems} items`);
      await seedBoard({ url: server.url, key, boardId: big }, config.items);
      await seedBoard({ url: server.url, key, boardId: small }, config.paintItems);
      await server.whenQuiet();
      browser = await chromium.launch({
        executablePath: benchChromiumPath,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signIn(page, server.url, dataDir);
      const firstPaintMs: number[] = [];
      for (let run = 0; run < config.paintRuns; run += 1) {
        const fresh = await context.newPage();
        firstPaintMs.push(await openBoard(fresh, server.url, small));
        await fresh.close();
        log(`first paint ${run + 1}/${config.paintRuns}: ${firstPaintMs.at(-1)} ms`);
      }
      await openBoard(page, server.url, big);
      await page.waitForSelector('button[data-tool=sticky_note]:not([disabled])', { timeout: 120_000 });
      log(`dragging ${config.select} items for ${config.dragMs} ms`);
      const drag = await measureDrag(page, { url: server.url, key, boardId: big }, config);
      // Frame times of a drag that moved fewer items are not those of the drag asked for: no figure then.
      if (drag.moved < config.select) throw new Error(`the drag moved ${drag.moved} of ${config.select} selected items (read back through REST); no frame times are reported`);
      return {
        items: config.items,
        paintItems: config.paintItems,
        select: config.select,
        dragMs: config.dragMs,
        frameMs: drag.frameMs,
        moved: drag.moved,
        firstPaintMs,
        loadAverage: { start: loadStart, end: loadavg()[0] ?? 0 },
        chromium: browser.version(),
        node: process.version,
        cores: availableParallelism(),
        when: new Date().toISOString(),
      };
    } finally {
      await browser?.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the web bench and writes its report to `bench/results/web-latest.md`; answers the report. */
export async function runAndWriteWebBench(config: WebBenchConfig): Promise<string> {
  const report = renderWebReport(await runWebBench(config));
  const out = path.resolve('bench', 'results', 'web-latest.md');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, report);
  log(`wrote ${out}`);
  return report;
}
