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
}

/** Opens a board and waits until it is live and painted, with its editing tools ready; answers the first paint in ms. */
async function openBoard(page: Page, url: string, boardId: string): Promise<number> {
  await page.goto(`${url}/boards/${boardId}`);
  await page.waitForSelector('.status[data-status=connected]', { timeout: 120_000 });
  await page.locator('body[data-first-paint-ms]').waitFor({ state: 'attached', timeout: 120_000 });
  return Number(await page.locator('body').getAttribute('data-first-paint-ms'));
}

/** The page's globals the bench uses (the project compiles without the DOM library; these functions run in the page). */
interface PageGlobals {
  requestAnimationFrame(callback: (time: number) => void): number;
  benchFrames: number[];
  benchRecording: boolean;
  readonly document: {
    querySelectorAll(selector: string): Iterable<{
      getAttribute(name: string): string | null;
      getBoundingClientRect(): { x: number; y: number; left: number; top: number; right: number; bottom: number; width: number; height: number };
    }>;
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

/** Up to `count` items wholly on the canvas, top to bottom, with the centre of each (page coordinates). */
async function visibleItems(page: Page, count: number): Promise<{ id: string; x: number; y: number }[]> {
  const surface = await page.locator('.surface').boundingBox();
  if (!surface) throw new Error('the board has no canvas');
  const items = await page.evaluate(
    (area) =>
      [...(globalThis as unknown as PageGlobals).document.querySelectorAll('.item[data-item-id]')]
        .map((element) => {
          const r = element.getBoundingClientRect();
          return { id: element.getAttribute('data-item-id') ?? '', x: r.x + r.width / 2, y: r.y + r.height / 2, left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
        })
        .filter((c) => c.width >= 4 && c.left >= area.x && c.top >= area.y && c.right <= area.x + area.width && c.bottom <= area.y + area.height),
    surface,
  );
  items.sort((a, b) => a.y - b.y || a.x - b.x);
  return items.slice(0, count).map(({ id, x, y }) => ({ id, x, y }));
}

async function positionOf(url: string, key: string, boardId: string, itemId: string): Promise<string> {
  const item = (await call(url, key, 'GET', `/boards/${boardId}/items/${itemId}`, undefined, 200)) as { position: { x: number; y: number } };
  return `${item.position.x},${item.position.y}`;
}

/** Selects `select` items with shift-clicks and drags them with the mouse, one move a frame, for `dragMs`; answers the frame times and how many items REST shows moved. */
async function measureDrag(page: Page, api: { url: string; key: string; boardId: string }, config: WebBenchConfig): Promise<{ frameMs: number[]; moved: number }> {
  const chosen = await visibleItems(page, config.select);
  if (chosen.length < config.select) throw new Error(`only ${chosen.length} items are wholly on the canvas, ${config.select} are to be selected`);
  const before = new Map<string, string>();
  for (const item of chosen) before.set(item.id, await positionOf(api.url, api.key, api.boardId, item.id));
  await page.keyboard.down('Shift');
  for (const item of chosen) await page.mouse.click(item.x, item.y);
  await page.keyboard.up('Shift');
  const grip = chosen[0];
  if (!grip) throw new Error('nothing to drag');
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await startFrameRecorder(page);
  const start = performance.now();
  for (let step = 1; performance.now() - start < config.dragMs; step += 1) {
    // A slow diagonal, about 2 px a frame, back and forth so the items stay on the canvas.
    const offset = (step % 120) < 60 ? step % 60 : 60 - (step % 60);
    await page.mouse.move(grip.x + offset * 2, grip.y + offset);
    await nextFrame(page);
  }
  await page.mouse.move(grip.x + 40, grip.y + 20);
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
 * one selects `select` items and drags them for `dragMs` while the page records its frame times.
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
