import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type * as Y from 'yjs';
import { clientCreateSticky, clientItemIds, clientItems, connectSyncClient } from '../content/helpers/syncClient.js';
import type { SyncClient } from '../content/helpers/syncClient.js';
import { apiRequest, createUserWithKey, spawnBoardsServer } from '../helpers/spawnServer.js';
import type { SpawnedServer } from '../helpers/spawnServer.js';
import { freePort, json } from '../helpers/testServer.js';

/**
 * `boards start` runs from the server's bundle (dist/bundle, built by scripts/build-server.mjs in
 * the test setup): everything that finds files beside its code (the web app and API reference,
 * the snapshot child process, the pretty printer) works from there, and the packages of what is
 * not configured stay in chunks that are never loaded.
 */

const bundle = path.resolve('dist', 'bundle');
/** Output file of the bundle -> the packages whose code it holds (written by the build). */
const chunks = JSON.parse(readFileSync(path.join(bundle, 'chunks.json'), 'utf8')) as Record<string, { packages: string[]; modules: string[] }>;
const metricsToken = 'm'.repeat(32);

/** Kills a spawned server and waits for it to exit. */
async function stop(server: SpawnedServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Waits until the server answers `/readyz` with 200. */
async function ready(url: string): Promise<void> {
  await vi.waitFor(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), { timeout: 60_000, interval: 50 });
}

/** The value of the sample `name` (with its labels, e.g. `x_bucket{le="262144"}`) in a Prometheus text page; 0 when absent. */
function sample(page: string, name: string): number {
  const line = page.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? 0 : Number(line.slice(name.length + 1));
}

describe("the bundle's code", () => {
  const files = Object.keys(chunks);

  test('has no call that redefines the name of a function or class as it is made (esbuild keepNames, a cost on every closure)', () => {
    for (const file of files) expect(readFileSync(path.join(bundle, file), 'utf8').includes('__name('), file).toBe(false);
  });

  test("keeps the declared name of every class the project exports: an error's name is its class's", () => {
    let checked = 0;
    for (const file of files) {
      const code = readFileSync(path.join(bundle, file), 'utf8');
      for (const module of chunks[file]!.modules) {
        for (const [, name] of readFileSync(module, 'utf8').matchAll(/^export (?:abstract )?class ([A-Za-z_$][\w$]*)/gm)) {
          const escaped = name!.replace(/\$/g, '\\$');
          expect(new RegExp(`(?:\\bclass ${escaped}(?![\\w$])|\\b${escaped}=class\\b)`).test(code), `${name} of ${module} in ${file}`).toBe(true);
          expect(new RegExp(`(?:\\bclass ${escaped}\\d+\\b|\\b${escaped}\\d+=class\\b)`).test(code), `${name} of ${module} renamed in ${file}`).toBe(false);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the server started from the bundle', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-bundle-'));
  const env: Record<string, string> = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'info', BOARDS_RATE_LIMIT_PER_MINUTE: '1000000', BOARDS_METRICS_TOKEN: metricsToken };
  let server: SpawnedServer | undefined;
  let key = '';
  const clients: SyncClient[] = [];

  beforeAll(async () => {
    env.BOARDS_PORT = String(await freePort());
    key = await createUserWithKey('bundle@example.com', 'user:read boards:read boards:write', env);
    server = await spawnBoardsServer(env);
    await ready(server.url);
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.destroy();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const request = (method: string, route: string, body?: unknown): Promise<Response> => apiRequest(server!.url, key, method, route, body);

  test('has the CLI and the snapshot process as entry points of their own', () => {
    expect(existsSync(path.join(bundle, 'cli.js'))).toBe(true);
    expect(existsSync(path.join(bundle, 'snapshotWorker.js'))).toBe(true);
  });

  test('serves the web app, the API reference and the OpenAPI document', async () => {
    const index = await fetch(`${server!.url}/`);
    expect(index.status).toBe(200);
    const html = await index.text();
    const appJs = /\/app\/app\.js\?v=[0-9a-f]{12}/.exec(html)?.[0];
    expect(appJs).toBeDefined();
    expect((await fetch(`${server!.url}${appJs}`)).status).toBe(200);
    const docs = await fetch(`${server!.url}/docs`);
    expect(docs.status).toBe(200);
    expect((await fetch(`${server!.url}/docs/redoc.standalone.js`)).status).toBe(200);
    const openapi = await fetch(`${server!.url}/v1/openapi.json`);
    expect(openapi.status).toBe(200);
    expect((await openapi.json()) as { openapi: string }).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });

  test('creates a board over REST, and refuses a malformed one with a 422 naming the field', async () => {
    const created = await request('POST', '/boards', { title: 'From the bundle' });
    expect(created.status).toBe(201);
    const bad = await request('POST', '/boards', { title: 42 });
    expect(bad.status).toBe(422);
    // Zod's English messages (the only locale the bundle keeps).
    expect(await bad.json()).toMatchObject({ error: { code: 'validation_failed', field: 'title', message: expect.stringContaining('expected string') } });
  });

  test('serves MCP from its chunk, loaded on the first call', async () => {
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const answer = await fetch(`${server!.url}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('"tools"');
  });

  test('a stock y-websocket client edits a board live: another client and REST see the edit', async () => {
    const boardId = (await json(request('POST', '/boards', { title: 'Live from the bundle' }))).id as string;
    const userId = (await json(request('GET', '/me'))).user.id as string;
    const [writer, reader] = [connectSyncClient(server!.url, boardId, key), connectSyncClient(server!.url, boardId, key)];
    clients.push(writer, reader);
    await Promise.all([writer.synced(), reader.synced()]);
    clientCreateSticky(writer.doc, 'itm_bundle1', { x: 0, y: 0, text: 'hello from the bundle' }, userId);
    await vi.waitFor(() => expect(clientItemIds(reader.doc)).toContain('itm_bundle1'), { timeout: 30_000, interval: 20 });
    const data = (clientItems(reader.doc).get('itm_bundle1') as Y.Map<unknown>).get('data') as Y.Map<unknown>;
    expect(String(data.get('text'))).toBe('hello from the bundle');
    await vi.waitFor(
      async () => {
        const page = await json(request('GET', `/boards/${boardId}/items`));
        expect((page.data as { id: string }[]).map((item) => item.id)).toContain('itm_bundle1');
      },
      { timeout: 30_000, interval: 50 },
    );
  });

  test('a board too large to compact on the event loop is compacted by the snapshot process, and reads back whole after a restart', async () => {
    const boardId = (await json(request('POST', '/boards', { title: 'Large board' }))).id as string;
    // About 600 KB of text: past the size up to which compaction runs in-thread (256 KB), so a
    // compaction storing a snapshot over 256 KB can only come from the snapshot process.
    const texts = Array.from({ length: 150 }, (_, n) => `${n} `.padEnd(4000, String.fromCharCode(97 + (n % 26))));
    for (const [n, text] of texts.entries()) {
      const response = await request('POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: n, y: n }, data: { text } });
      expect(response.status).toBe(201);
    }
    const metrics = async (): Promise<string> => (await fetch(`${server!.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
    await vi.waitFor(
      async () => {
        const page = await metrics();
        expect(sample(page, 'boards_document_compaction_failures_total')).toBe(0);
        const large = sample(page, 'boards_document_compaction_snapshot_bytes_count') - sample(page, 'boards_document_compaction_snapshot_bytes_bucket{le="262144"}');
        expect(large).toBeGreaterThanOrEqual(1);
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(sample(await metrics(), 'boards_document_compaction_failures_total')).toBe(0);

    for (const client of clients.splice(0)) client.destroy();
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    server = await spawnBoardsServer(env);
    await ready(server.url);
    const read: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await json(request('GET', `/boards/${boardId}/items?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      read.push(...(page.data as { data: { text: string } }[]).map((item) => item.data.text));
      cursor = page.nextCursor as string | null;
    } while (cursor !== null);
    expect(read.sort()).toEqual([...texts].sort());
  });
});

/** Module hooks that append each loaded module's URL to the file `BUNDLE_LOADED`, and the file `--import` runs to register them. */
const loadHooks = "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(process.env.BUNDLE_LOADED, url + '\\n');\n  return next(url, context);\n}\n";
const registerHooks = "import { register } from 'node:module';\nregister('./load-hooks.mjs', import.meta.url);\n";

describe('an idle server started from the bundle on the embedded store', { timeout: 180_000 }, () => {
  test('loads no chunk of the MongoDB or PostgreSQL drivers, the Redis client, the OpenAI client, the mailer, the MCP SDK, the OpenID client or the metrics client', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-bundle-lazy-'));
    const loadedList = path.join(dataDir, 'loaded.txt');
    writeFileSync(path.join(dataDir, 'record-loads.mjs'), registerHooks);
    writeFileSync(path.join(dataDir, 'load-hooks.mjs'), loadHooks);
    writeFileSync(loadedList, '');
    const env = { BOARDS_DATA_DIR: dataDir, BOARDS_PORT: String(await freePort()) };
    let server: SpawnedServer | undefined;
    try {
      const key = await createUserWithKey('idle@example.com', 'user:read boards:read boards:write', env);
      server = await spawnBoardsServer({ ...env, NODE_OPTIONS: `--import=${path.join(dataDir, 'record-loads.mjs')}`, BUNDLE_LOADED: loadedList });
      await ready(server.url);
      const board = await apiRequest(server.url, key, 'POST', '/boards', { title: 'Idle' });
      expect(board.status).toBe(201);
      expect((await apiRequest(server.url, key, 'GET', '/boards')).status).toBe(200);
      const urls = readFileSync(loadedList, 'utf8').split('\n').filter((url) => url !== '');
      // Loaded from the bundle, not from the compiled modules.
      expect(urls.some((url) => url.endsWith('/dist/bundle/cli.js'))).toBe(true);
      expect(urls.some((url) => url.includes('/dist/server/'))).toBe(false);
      const loadedChunks = urls.filter((url) => url.includes('/dist/bundle/')).map((url) => path.basename(new URL(url).pathname));
      const packages = new Set(loadedChunks.flatMap((chunk) => chunks[chunk]?.packages ?? []));
      // Loaded outside the bundle, if any: a package left external.
      for (const url of urls) {
        const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
        if (name !== undefined) packages.add(name);
      }
      expect(packages.has('yjs')).toBe(true);
      for (const unused of ['mongodb', 'pg', 'ioredis', 'openai', 'nodemailer', '@modelcontextprotocol/sdk', 'openid-client', 'prom-client']) {
        expect(packages.has(unused), unused).toBe(false);
      }
    } finally {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
