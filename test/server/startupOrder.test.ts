import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { withCommandServices } from '../../server/commandServices.js';
import { clientCreateSticky, connectSyncClient } from '../content/helpers/syncClient.js';
import { boardsBin } from '../helpers/spawnServer.js';
import { freePort, json } from '../helpers/testServer.js';

/**
 * Start-up order of `boards start` (compiled `dist/`, built by the test setup): the port is held
 * and live sync is served before the HTTP app's modules are loaded (the larger part of start-up),
 * so the live clients of a restart resync first. A module hook holds the load of the HTTP app's
 * module until the test creates a file.
 */

const folder = mkdtempSync(path.join(tmpdir(), 'boards-startup-order-'));
const dataDir = path.join(folder, 'data');
const release = path.join(folder, 'release');
const requested = path.join(folder, 'requested');
// The app's module is replaced by one that waits at its top level, then exports the real one: the loader itself (which workers share) never waits.
const held = `import { existsSync, writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(requested)}, '');
while (!existsSync(${JSON.stringify(release)})) await new Promise((resolve) => setTimeout(resolve, 20));
`;
const hooks = [
  'export async function load(url, context, next) {',
  "  if (!url.endsWith('/dist/rest/app.js')) return next(url, context);",
  `  return { format: 'module', shortCircuit: true, source: ${JSON.stringify(held)} + "export * from '" + url + "?held';\\n" };`,
  '}',
].join('\n');
writeFileSync(path.join(folder, 'hooks.mjs'), hooks);
writeFileSync(path.join(folder, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");

afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('a board syncs and takes live edits while the HTTP app still loads; HTTP answers 503 until the app is wired', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { BOARDS_HOST: '127.0.0.1', BOARDS_PORT: String(port), BOARDS_PUBLIC_URL: url, BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'warn' };
  const { key, boardId } = await withCommandServices(loadConfig(env), async (services) => {
    const { user } = await services.accounts.createUser({ email: 'order@example.com', plan: 'basic' });
    const { secret } = await services.apiKeys.create({ userId: user.id, scopes: 'boards:read boards:write' });
    const principal = await services.apiKeys.authenticate(secret);
    if (!principal) throw new Error('the key just made does not authenticate');
    return { key: secret, boardId: (await services.boards.create(principal, { title: 'Order' })).board.id };
  });
  const child = spawn(process.execPath, ['--import', path.join(folder, 'register.mjs'), boardsBin, 'start'], { env: { ...process.env, ...env }, stdio: 'ignore' });
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
