import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import { afterAll, expect, test, vi } from 'vitest';
import { WebSocket } from 'ws';
import { loadConfig } from '../../server/config.js';
import { withCommandServices } from '../../server/commandServices.js';
import { clientCreateSticky, connectSyncClient } from '../content/helpers/syncClient.js';
import { boardsBin } from '../helpers/spawnServer.js';
import { freePort, json } from '../helpers/testServer.js';

/**
 * Start-up order of `boards start` (the server's bundle, built by the test setup, or the compiled
 * modules of `dist/` without it): the port is held
 * and live sync is served before the HTTP app's modules are loaded (the larger part of start-up),
 * so the live clients of a restart resync first; a live connection made before that is held and
 * answered once live sync is served. A module hook holds the load of a module until the test
 * creates a file.
 */

const folder = mkdtempSync(path.join(tmpdir(), 'boards-startup-order-'));
const dataDir = path.join(folder, 'data');

/**
 * A module hook that holds the load of the built module whose URL ends with `suffix` until the
 * file `<name>-release` exists (it creates `<name>-requested` when asked for the module); returns
 * the `--import` argument that registers it and the two files.
 */
function holdModule(name: string, suffix: string): { importArg: string; requested: string; release: string } {
  const requested = path.join(folder, `${name}-requested`);
  const release = path.join(folder, `${name}-release`);
  // The module is replaced by one that waits at its top level, then exports the real one: the loader itself (which workers share) never waits.
  const held = `import { existsSync, writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(requested)}, '');
while (!existsSync(${JSON.stringify(release)})) await new Promise((resolve) => setTimeout(resolve, 20));
`;
  const hooks = [
    'export async function load(url, context, next) {',
    `  if (!url.endsWith(${JSON.stringify(suffix)})) return next(url, context);`,
    `  return { format: 'module', shortCircuit: true, source: ${JSON.stringify(held)} + "export * from '" + url + "?held';\\n" };`,
    '}',
  ].join('\n');
  writeFileSync(path.join(folder, `${name}-hooks.mjs`), hooks);
  writeFileSync(path.join(folder, `${name}-register.mjs`), `import { register } from 'node:module';\nregister('./${name}-hooks.mjs', import.meta.url);\n`);
  return { importArg: path.join(folder, `${name}-register.mjs`), requested, release };
}

/**
 * How the URL of the built module of `source` (`rest/app.ts`) ends: the file of the server's
 * bundle that holds it (its `chunks.json`), or its compiled module when there is no bundle.
 */
function builtModule(source: string): string {
  const index = path.resolve('dist', 'bundle', 'chunks.json');
  if (!existsSync(index)) return `/dist/${source.replace(/\.ts$/, '.js')}`;
  const chunks = JSON.parse(readFileSync(index, 'utf8')) as Record<string, { modules: string[] }>;
  const file = Object.entries(chunks).find(([, chunk]) => chunk.modules.includes(source))?.[0];
  if (file === undefined) throw new Error(`${source} is in no file of the server's bundle`);
  return `/dist/bundle/${file}`;
}

const app = holdModule('app', builtModule('rest/app.ts'));
const { requested, release } = app;
const gateway = holdModule('gateway', builtModule('server/realtime/SyncGateway.ts'));

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * The settings of a server on a free port over the shared data folder, and a person (`email`)
 * with an API key (boards:read boards:write) and a board titled `title`, made through the commands' services.
 */
async function prepare(email: string, title: string): Promise<{ port: number; url: string; env: Record<string, string>; key: string; boardId: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { BOARDS_HOST: '127.0.0.1', BOARDS_PORT: String(port), BOARDS_PUBLIC_URL: url, BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn' };
  const { key, boardId } = await withCommandServices(loadConfig(env), async (services) => {
    const { user } = await services.accounts.createUser({ email, plan: 'basic' });
    const { secret } = await services.apiKeys.create({ userId: user.id, scopes: 'boards:read boards:write' });
    const principal = await services.apiKeys.authenticate(secret);
    if (!principal) throw new Error('the key just made does not authenticate');
    return { key: secret, boardId: (await services.boards.create(principal, { title })).board.id };
  });
  return { port, url, env, key, boardId };
}

test('a board syncs and takes live edits while the HTTP app still loads; HTTP answers 503 until the app is wired', async () => {
  const { url, env, key, boardId } = await prepare('order@example.com', 'Order');
  const child = spawn(process.execPath, ['--import', app.importArg, boardsBin, 'start'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const client = connectSyncClient(url, boardId, key);
  const headers = { Authorization: `Bearer ${key}` };
  try {
    await client.synced();
    // The app's module is being loaded, and is held: everything HTTP still answers 503.
    await vi.waitFor(() => expect(existsSync(requested)).toBe(true), { timeout: 60_000, interval: 50 });
    const starting = await fetch(`${url}/readyz`);
    expect(starting.status).toBe(503);
    expect(starting.headers.get('retry-after')).toBe('1');
    const early = await fetch(`${url}/v1/boards/${boardId}/items`, { headers });
    expect(early.status).toBe(503);
    const envelope = (await early.json()) as { error: { code: string; docsUrl: string }; requestId: string };
    expect(envelope.error.code).toBe('service_unavailable');
    expect(envelope.error.docsUrl).toMatch(/\/docs\/errors\/service_unavailable$/);
    expect(envelope.requestId).toMatch(/^req_[0-9a-f]{16}$/);
    expect(early.headers.get('request-id')).toBe(envelope.requestId);
    clientCreateSticky(client.doc, 'itm_live_while_loading', { x: 10, y: 20, text: 'early' }, 'usr_early');

    writeFileSync(release, '');
    await vi.waitFor(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), { timeout: 60_000, interval: 100 });
    await vi.waitFor(
      async () => {
        const listed = await json(fetch(`${url}/v1/boards/${boardId}/items`, { headers }));
        expect((listed.data as { id: string }[]).map((item) => item.id)).toContain('itm_live_while_loading');
      },
      { timeout: 20_000, interval: 100 },
    );
  } finally {
    writeFileSync(release, '');
    client.destroy();
    child.kill('SIGTERM');
    await exited;
  }
}, 120_000);

test('a live connection made after the port is held and before live sync is served waits, then syncs on that same socket', async () => {
  const { port, env, key, boardId } = await prepare('early-socket@example.com', 'Early socket');
  const child = spawn(process.execPath, ['--import', gateway.importArg, boardsBin, 'start'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let socket: WebSocket | undefined;
  try {
    // The port is held before the live-sync gateway's module is asked for; that module is held.
    await vi.waitFor(() => expect(existsSync(gateway.requested)).toBe(true), { timeout: 60_000, interval: 50 });
    const events: string[] = [];
    const messages: Uint8Array[] = [];
    let connected = false;
    socket = new WebSocket(`ws://127.0.0.1:${port}/v1/sync/${boardId}?token=${encodeURIComponent(key)}`);
    socket.on('upgrade', () => events.push('upgrade'));
    socket.on('open', () => events.push('open'));
    socket.on('unexpected-response', (_request, response) => events.push(`status ${response.statusCode}`));
    socket.on('error', (error) => events.push(`error ${error.message}`));
    socket.on('close', (code) => events.push(`close ${code}`));
    socket.on('message', (data: Buffer) => messages.push(new Uint8Array(data)));
    // The request is on the wire once its TCP connection is up (the client writes it at once).
    (socket as unknown as { _req: { on(event: 'socket', listener: (raw: Socket) => void): void } })._req.on('socket', (raw) => raw.once('connect', () => (connected = true)));
    await vi.waitFor(() => expect(connected).toBe(true), { timeout: 20_000, interval: 20 });
    writeFileSync(gateway.release, '');
    // Answered on the same socket once live sync is served: no failure, so no reconnect and no backoff.
    await vi.waitFor(() => expect(events).toEqual(['upgrade', 'open']), { timeout: 60_000, interval: 50 });
    // The server opens with its sync step 1 (y-websocket message type 0, sync step 0).
    await vi.waitFor(() => expect(messages.some((m) => m[0] === 0 && m[1] === 0)).toBe(true), { timeout: 20_000, interval: 50 });
    expect(events).toEqual(['upgrade', 'open']);
  } finally {
    writeFileSync(gateway.release, '');
    socket?.terminate();
    child.kill('SIGTERM');
    await exited;
  }
}, 120_000);

const storage = holdModule('storage', builtModule('storage/index.ts'));

test('the port is held before the storage and document layers load: HTTP answers 503 and a live connection waits meanwhile', async () => {
  const { url, env, key, boardId } = await prepare('early-port@example.com', 'Early port');
  const child = spawn(process.execPath, ['--import', storage.importArg, boardsBin, 'start'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let client: ReturnType<typeof connectSyncClient> | undefined;
  try {
    // The storage layer (which the document layer imports) is asked for and held: the port already answers.
    await vi.waitFor(() => expect(existsSync(storage.requested)).toBe(true), { timeout: 60_000, interval: 50 });
    await vi.waitFor(async () => expect((await fetch(`${url}/readyz`)).status).toBe(503), { timeout: 20_000, interval: 50 });
    const early = await fetch(`${url}/v1/boards/${boardId}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(early.status).toBe(503);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    client = connectSyncClient(url, boardId, key);
    writeFileSync(storage.release, '');
    await client.synced();
    clientCreateSticky(client.doc, 'itm_early_port', { x: 1, y: 2, text: 'early port' }, 'usr_early');
    await vi.waitFor(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), { timeout: 60_000, interval: 100 });
    await vi.waitFor(
      async () => {
        const listed = await json(fetch(`${url}/v1/boards/${boardId}/items`, { headers: { Authorization: `Bearer ${key}` } }));
        expect((listed.data as { id: string }[]).map((item) => item.id)).toContain('itm_early_port');
      },
      { timeout: 20_000, interval: 100 },
    );
  } finally {
    writeFileSync(storage.release, '');
    client?.destroy();
    child.kill('SIGTERM');
    await exited;
  }
}, 120_000);
