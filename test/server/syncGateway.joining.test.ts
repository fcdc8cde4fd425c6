import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import type { RealtimeHub } from '../../crdt/index.js';
import type { AccessService } from '../../server/access/AccessService.js';
import type { Authenticator } from '../../server/auth/Authenticator.js';
import { SyncGateway } from '../../server/realtime/SyncGateway.js';

/**
 * `SyncGateway.joining`: the sockets still being authorized or waiting for their board, which a
 * starting server lets finish before it loads its HTTP app.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A gateway whose token check waits for `release()`, and whose hub's connections start to sync when the test says. */
async function gateway(grant: boolean) {
  let release: () => void = () => undefined;
  const checked = new Promise<void>((resolve) => (release = resolve));
  const attached: { isStarted: boolean }[] = [];
  const authenticator = {
    authenticate: async () => {
      await checked;
      return grant ? { user: { id: 'u1', name: 'Ada' }, scopes: new Set(['boards:read', 'boards:write']), credential: { kind: 'api_key', id: 'key_1' } } : null;
    },
  } as unknown as Authenticator;
  const access = { boardAccess: async () => ({ canRead: true, canEdit: true, board: { id: 'b1', workspaceId: 'w1' } }) } as unknown as AccessService;
  const hub = {
    attach: () => {
      const connection = { receive: () => undefined, closed: () => undefined, readOnly: false, isOpen: true, isStarted: false, boardId: 'b1', actor: { userId: 'u1' } };
      attached.push(connection);
      return connection;
    },
  } as unknown as RealtimeHub;
  const sync = new SyncGateway({ hub, access, authenticator, logger: pino({ level: 'silent' }) });
  const server = http.createServer();
  server.on('upgrade', (request, socket, head) => sync.handleUpgrade(request, socket, head));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  cleanups.push(() => sync.close());
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sync/b1?token=t`;
  return { sync, url, release, attached };
}

async function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  cleanups.push(() => ws.terminate());
  await once(ws, 'open');
  return ws;
}

test('a socket joins while its token is checked and its board loads, and has joined once it syncs', async () => {
  const { sync, url, release, attached } = await gateway(true);
  expect(sync.joining).toBe(0);
  await open(url);
  await open(url);
  await expect.poll(() => sync.joining).toBe(2);
  release();
  await expect.poll(() => attached.length).toBe(2);
  // Authorized, its board still loading.
  expect(sync.joining).toBe(2);
  attached[0]!.isStarted = true;
  expect(sync.joining).toBe(1);
  attached[1]!.isStarted = true;
  expect(sync.joining).toBe(0);
});

test('a socket refused, or closed while it joins, is no longer joining', async () => {
  const refused = await gateway(false);
  const ws = await open(refused.url);
  await expect.poll(() => refused.sync.joining).toBe(1);
  const closed = once(ws, 'close');
  refused.release();
  expect(((await closed) as [number])[0]).toBe(4401);
  expect(refused.sync.joining).toBe(0);

  const gone = await gateway(true);
  const leaving = await open(gone.url);
  await expect.poll(() => gone.sync.joining).toBe(1);
  leaving.terminate();
  await expect.poll(() => gone.sync.joining).toBe(0);
  gone.release();
});
