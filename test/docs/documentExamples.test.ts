import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listItemTypes } from '../../crdt/items/catalogue.js';
import { findItemTypeDefinition } from '../../crdt/items/catalogue.js';
import { chromiumAvailable, launchChromium } from '../helpers/browser.js';
import type { TestServer, TestUser } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

const run = promisify(execFile);

/** The first ```js block after `heading` in a Markdown file of the repository. */
function jsBlockAfter(file: string, heading: string): string {
  const text = readFileSync(path.resolve(file), 'utf8');
  const start = text.indexOf(heading);
  if (start < 0) throw new Error(`${file} has no "${heading}"`);
  const block = /```js\n([\s\S]*?)```/.exec(text.slice(start));
  if (!block?.[1]) throw new Error(`${file} has no js block after "${heading}"`);
  return block[1];
}

/** The snippet with its placeholders (the example host, board id and token) pointed at the test server. */
function pointed(snippet: string, t: TestServer, boardId: string, token: string): string {
  const out = snippet
    .replace('wss://boards.example.com/v1/sync', `${t.url.replace(/^http/, 'ws')}/v1/sync`)
    .replace(/const boardId = '[^']*';/, `const boardId = ${JSON.stringify(boardId)};`)
    .replace(/const token = '[^']*';/, `const token = ${JSON.stringify(token)};`);
  if (out.includes('example.com') || out.includes("'brd_…'") || out.includes("'bds_…'")) throw new Error('a placeholder was not replaced');
  return out;
}

/** Runs `source` as an ES module under Node (resolving packages from the repository), and answers its stdout. */
async function runModule(dir: string, name: string, source: string): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  const { stdout } = await run(process.execPath, [file], { timeout: 20_000 });
  return stdout;
}

let t: TestServer;
let ada: TestUser;
let dir: string;

beforeAll(async () => {
  t = await startTestServer();
  ada = await t.createUser({ name: 'Ada' });
  // Inside the repository, so `import 'yjs'` resolves from its node_modules.
  mkdirSync(path.resolve('test/artifacts'), { recursive: true });
  dir = mkdtempSync(path.resolve('test/artifacts/doc-examples-'));
});

afterAll(async () => {
  await t?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function newBoard(): Promise<string> {
  const board = await json(t.api(ada.key, 'POST', '/boards', { title: 'Examples' }));
  const note = await t.api(ada.key, 'POST', `/boards/${board.id}/items`, { type: 'sticky_note', position: { x: -500, y: 0 }, data: { text: 'From REST' } });
  expect(note.status).toBe(201);
  return board.id as string;
}

describe("the README's live-sync snippet", () => {
  it('runs as written under Node 20 and sees the board', async () => {
    const boardId = await newBoard();
    const out = await runModule(dir, 'readme.mjs', pointed(jsBlockAfter('README.md', '## Live sync'), t, boardId, ada.key));
    expect(out.trim()).toBe('1 items on the board');
  });

  it('runs as written in a browser', async (context) => {
    if (!chromiumAvailable('the README snippet in a browser')) return context.skip();
    const boardId = await newBoard();
    const source = pointed(jsBlockAfter('README.md', '## Live sync'), t, boardId, ada.key);
    const entry = path.join(dir, 'readme-browser.mjs');
    writeFileSync(entry, source);
    // Bundled as a browser would get it from any bundler; `ws` is never loaded there (the page has WebSocket).
    const bundle = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', write: false, external: ['ws'], logLevel: 'silent' });
    const code = bundle.outputFiles[0]?.text ?? '';
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const logged = new Promise<string>((resolve) => page.on('console', (message) => message.type() === 'log' && resolve(message.text())));
      await page.goto(`${t.url}/healthz`);
      await page.addScriptTag({ content: code, type: 'module' });
      expect(await logged).toBe('1 items on the board');
    } finally {
      await browser.close();
    }
  });
});

describe('docs/document.md', () => {
  it("its browser example adds a valid note that REST reads, with the server's authorship", async () => {
    const boardId = await newBoard();
    const out = await runModule(dir, 'document.mjs', pointed(jsBlockAfter('docs/document.md', '## Example'), t, boardId, ada.key));
    const id = /created (itm_[0-9a-f]{20})/.exec(out)?.[1];
    expect(id).toBeDefined();
    await expect.poll(async () => (await t.api(ada.key, 'GET', `/boards/${boardId}/items/${id}`)).status, { timeout: 5000 }).toBe(200);
    const items = await json(t.api(ada.key, 'GET', `/boards/${boardId}/items`));
    const note = items.data.find((item: { id: string }) => item.id === id);
    expect(note).toMatchObject({ type: 'sticky_note', data: { text: 'Hello from a live client', color: '#fff9b1' }, createdBy: ada.id, updatedBy: ada.id });
    // On top of the note REST made first.
    const rest = items.data.find((item: { id: string }) => item.id !== id);
    expect(note.z > rest.z).toBe(true);
  });

  it('lists every item type with its text, list and reference fields as the catalogue has them', () => {
    const text = readFileSync(path.resolve('docs/document.md'), 'utf8');
    const rows = new Map<string, string[]>();
    for (const match of text.matchAll(/^\| `([a-z_]+)` \|([^\n]*)\|$/gm)) {
      const cells = (match[2] ?? '').split('|').map((cell) => [...cell.matchAll(/`([a-zA-Z]+)`/g)].map((m) => m[1]).join(','));
      rows.set(match[1] ?? '', cells);
    }
    const types = listItemTypes().map((info) => info.type);
    expect([...rows.keys()].filter((type) => types.includes(type)).sort()).toEqual([...types].sort());
    for (const type of types) {
      const definition = findItemTypeDefinition(type);
      expect(rows.get(type), type).toEqual([
        definition?.textFields.join(','),
        definition?.listFields.join(','),
        definition?.referenceFields.join(','),
      ]);
    }
  });
});

describe('item examples in the OpenAPI document', () => {
  it('create, patch and validate accept their examples as they are', async () => {
    const example = (operationId: string): unknown => t.server.routes.find((route) => route.operationId === operationId)?.bodyExample;
    const board = await json(t.api(ada.key, 'POST', '/boards', { title: 'Item examples' }));
    const created = await t.api(ada.key, 'POST', `/boards/${board.id}/items`, example('createItem'));
    expect(created.status).toBe(201);
    const { id } = await json(created);
    expect((await t.api(ada.key, 'PATCH', `/boards/${board.id}/items/${id}`, example('patchItem'))).status).toBe(200);
    expect((await t.api(ada.key, 'POST', '/item-types/sticky_note:validate', example('validateItem'))).status).toBe(200);
  });
});

describe('connector examples', () => {
  it("the batch operation's example applies as it is, its connector spanning the ends where the batch leaves them", async () => {
    const route = t.server.routes.find((candidate) => candidate.operationId === 'batchItems');
    const board = await json(t.api(ada.key, 'POST', '/boards', { title: 'Batch example' }));
    const response = await t.api(ada.key, 'POST', `/boards/${board.id}/items:batch`, route?.bodyExample);
    expect(response.status).toBe(200);
    const { results } = await json(response);
    const connector = results.find((result: { item?: { type: string } }) => result.item?.type === 'connector');
    expect(connector.item).toMatchObject({ position: { x: 200, y: 100 }, size: { width: 400, height: 200 } });
  });

  it("the catalogue's connector example has the geometry its ends give, for ends at (0, 0) and (400, 0)", async () => {
    const example = await json(t.api(ada.key, 'GET', '/item-types/connector'));
    expect(example.example).toMatchObject({ position: { x: 200, y: 0 }, size: { width: 400, height: 1 } });
    const board = await json(t.api(ada.key, 'POST', '/boards', { title: 'Catalogue example' }));
    const ids: string[] = [];
    for (const x of [0, 400]) ids.push((await json(t.api(ada.key, 'POST', `/boards/${board.id}/items`, { type: 'sticky_note', position: { x, y: 0 }, data: { text: 'end' } }))).id);
    const body = { ...example.example, data: { ...example.example.data, from: ids[0], to: ids[1] } };
    const created = await t.api(ada.key, 'POST', `/boards/${board.id}/items`, body);
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({ position: example.example.position, size: example.example.size, rotation: 0 });
  });
});
