import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RealtimeHub } from '../../crdt/index.js';
import type { AccessService } from '../../server/access/AccessService.js';
import type { Authenticator } from '../../server/auth/Authenticator.js';
import { SyncGateway, maxQueuedBeforeAuth } from '../../server/realtime/SyncGateway.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A gateway whose token check waits for `release()`, and which records what the hub is handed. */
async function gatedGateway() {
  let release: () => void = () => undefined;
  const checked = new Promise<void>((resolve) => (release = resolve));
  const attached: { receive: Uint8Array[] }[] = [];
  const authenticator = {
    authenticate: async () => {
      await checked;
      return { user: { id: 'u1', name: 'Ada' }, scopes: new Set(['boards:read', 'boards:write']), credential: { kind: 'api_key', id: 'key_1' } };
    },
  } as unknown as Authenticator;
  const access = { boardAccess: async () => ({ canRead: true, canEdit: true, board: { id: 'b1', workspaceId: 'w1' } }) } as unknown as AccessService;
  const hub = {
    attach: () => {
      const record = { receive: [] as Uint8Array[] };
      attached.push(record);
      return { receive: (bytes: Uint8Array) => record.receive.push(bytes), closed: () => undefined, readOnly: false, isOpen: true, boardId: 'b1', actor: { userId: 'u1' } };
    },
  } as unknown as RealtimeHub;
  const gateway = new SyncGateway({ hub, access, authenticator, logger: pino({ level: 'silent' }) });
  const server = http.createServer();
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  cleanups.push(() => gateway.close());
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sync/b1?token=t`;
  return { url, release, attached };
}

async function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  cleanups.push(() => ws.terminate());
  await once(ws, 'open');
  return ws;
}

describe('messages sent before the token is checked', () => {
  it('are kept, in order, and handed over once the socket is authorized', async () => {
    const { url, release, attached } = await gatedGateway();
    const ws = await open(url);
    const sent = Array.from({ length: maxQueuedBeforeAuth }, (_, i) => new Uint8Array([1, i]));
    for (const message of sent) ws.send(message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(attached).toHaveLength(0);
    release();
    await expect.poll(() => attached[0]?.receive.length).toBe(maxQueuedBeforeAuth);
    expect(attached[0]!.receive.map((m) => [...m])).toEqual(sent.map((m) => [...m]));
  });

  it(`past ${maxQueuedBeforeAuth} of them, close the socket 4429 and never hand it to the hub`, async () => {
    const { url, release, attached } = await gatedGateway();
    const ws = await open(url);
    const closed = once(ws, 'close');
    for (let i = 0; i <= maxQueuedBeforeAuth; i++) ws.send(new Uint8Array([1, i]));
    const [code] = (await closed) as [number];
    expect(code).toBe(4429);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(attached).toHaveLength(0);
  });
});

describe('board ids in the path', () => {
  for (const path of ['/v1/sync/%E0%A4%A', '/v1/sync/%', '/v1/sync/%ZZ']) {
    it(`closes 4404 for a malformed percent-escape (${path})`, async () => {
      const { url, release, attached } = await gatedGateway();
      release();
      const ws = new WebSocket(url.replace('/v1/sync/b1', path));
      cleanups.push(() => ws.terminate());
      const [code] = (await once(ws, 'close')) as [number];
      expect(code).toBe(4404);
      expect(attached).toHaveLength(0);
    });
  }
});
