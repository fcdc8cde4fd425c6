import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { connect } from 'node:net';
import { HeldUpgrades, heldBytesLimit } from '../../../server/net/HeldUpgrades.js';

/**
 * `HeldUpgrades`: the live-sync connections that arrive while the server starts wait for it
 * instead of failing (which sends y-websocket clients into longer and longer waits).
 */

const servers: Server[] = [];
const sockets = new Set<Socket>();

afterEach(async () => {
  // Upgraded and held sockets are no longer the HTTP server's to close.
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function heldServer(limit = 100): Promise<{ upgrades: HeldUpgrades; url: string; wss: WebSocketServer }> {
  const http = createServer((_request, response) => response.writeHead(503).end());
  servers.push(http);
  http.on('connection', (socket: Socket) => sockets.add(socket));
  const upgrades = new HeldUpgrades(limit);
  upgrades.listen(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const wss = new WebSocketServer({ noServer: true });
  return { upgrades, url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/v1/sync/b`, wss };
}

/** What happens to a client socket: it opens, fails with an HTTP status, or fails otherwise. */
function watch(socket: WebSocket): { outcome: string | undefined } {
  const seen: { outcome: string | undefined } = { outcome: undefined };
  socket.on('open', () => (seen.outcome ??= 'open'));
  socket.on('unexpected-response', (_request, response) => {
    seen.outcome ??= `status ${response.statusCode}`;
    socket.terminate();
  });
  socket.on('error', (error) => (seen.outcome ??= `error ${error.message}`));
  return seen;
}

test('an upgrade that arrives before live sync is served is held, then upgraded once it is', async () => {
  const { upgrades, url, wss } = await heldServer();
  const socket = new WebSocket(url);
  const seen = watch(socket);
  await vi.waitFor(() => expect(upgrades.size).toBe(1));
  // Held: neither refused nor upgraded while the server starts.
  expect(seen.outcome).toBeUndefined();
  const messages: string[] = [];
  upgrades.serve((request, raw, head) => wss.handleUpgrade(request, raw, head, (ws) => ws.send('synced')));
  socket.on('message', (data: Buffer) => messages.push(data.toString()));
  await vi.waitFor(() => expect(messages).toEqual(['synced']));
  expect(seen.outcome).toBe('open');
  expect(upgrades.size).toBe(0);
  // Later upgrades go straight to the handler.
  const later = new WebSocket(url);
  const laterSeen = watch(later);
  await vi.waitFor(() => expect(laterSeen.outcome).toBe('open'));
  socket.close();
  later.close();
});

test('a held socket whose client goes away is forgotten and never handed on', async () => {
  const { upgrades, url } = await heldServer();
  const socket = new WebSocket(url);
  watch(socket);
  await vi.waitFor(() => expect(upgrades.size).toBe(1));
  socket.terminate();
  await vi.waitFor(() => expect(upgrades.size).toBe(0));
  const handler = vi.fn();
  upgrades.serve(handler);
  expect(handler).not.toHaveBeenCalled();
});

test('beyond the limit, and after a failed start-up, upgrades are answered 503 instead of held', async () => {
  const { upgrades, url } = await heldServer(1);
  const first = watch(new WebSocket(url));
  await vi.waitFor(() => expect(upgrades.size).toBe(1));
  const second = watch(new WebSocket(url));
  await vi.waitFor(() => expect(second.outcome).toBe('status 503'));
  expect(upgrades.size).toBe(1);
  upgrades.refuse('503 Service Unavailable\r\nRetry-After: 1');
  await vi.waitFor(() => expect(first.outcome).toBe('status 503'));
  const third = watch(new WebSocket(url));
  await vi.waitFor(() => expect(third.outcome).toBe('status 503'));
  expect(upgrades.size).toBe(0);
});

test('a held client that sends more than a waiting client would is closed and forgotten, not buffered', async () => {
  const { upgrades, url } = await heldServer();
  const { port } = new URL(url);
  const raw = connect(Number(port), '127.0.0.1');
  sockets.add(raw);
  const closed = new Promise<void>((resolve) => raw.on('close', () => resolve()));
  raw.on('error', () => undefined);
  raw.write(`GET /v1/sync/b HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
  await vi.waitFor(() => expect(upgrades.size).toBe(1));
  raw.write(Buffer.alloc(heldBytesLimit + 1));
  await closed;
  expect(upgrades.size).toBe(0);
  const handler = vi.fn();
  upgrades.serve(handler);
  expect(handler).not.toHaveBeenCalled();
});
