import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { acceptQueuedConnections } from '../../../server/net/queuedConnections.js';

/**
 * `acceptQueuedConnections`: before the server loads its HTTP app in long synchronous stretches,
 * the clients waiting in the listen queue (a restart's live clients) are accepted, and what they
 * started finishes, instead of one being accepted per stretch.
 */

const servers: Server[] = [];
const sockets = new Set<Socket>();

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function listening(): Promise<{ server: Server; port: number; accepted: () => number }> {
  const server = createServer();
  servers.push(server);
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    sockets.add(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, accepted: () => accepted };
}

/**
 * `count` clients connected on their side: queued in the kernel, whether or not the server took
 * them yet (the event loop accepts one connection per turn).
 */
async function queuedClients(port: number, count: number): Promise<Socket[]> {
  const clients = Array.from({ length: count }, () => {
    const client = connect(port, '127.0.0.1');
    sockets.add(client);
    return client;
  });
  await Promise.all(clients.map((client) => once(client, 'connect')));
  return clients;
}

test('every connection waiting in the listen queue is accepted by the time it resolves', async () => {
  const { server, port, accepted } = await listening();
  const clients = await queuedClients(port, 40);
  expect(accepted()).toBeLessThan(clients.length);
  await acceptQueuedConnections(server, { maxWaits: 1_000, maxMs: 60_000 });
  expect(accepted()).toBe(clients.length);
});

test('a wait counts only once the loop has polled: held past the timer of its first wait, it still accepts every queued connection', async () => {
  const { server, port, accepted } = await listening();
  const clients = await queuedClients(port, 40);
  expect(accepted()).toBeLessThan(clients.length);
  const done = acceptQueuedConnections(server, { maxWaits: 1_000, maxMs: 60_000 });
  // A loaded machine: the turn lasts past the wait's timer, which the next turn runs before its poll.
  const until = performance.now() + 5;
  while (performance.now() < until);
  await done;
  expect(accepted()).toBe(clients.length);
});

test('with an empty queue and nothing busy it waits once', async () => {
  const { server } = await listening();
  expect(await acceptQueuedConnections(server, { maxWaits: 1_000, maxMs: 60_000 })).toBe(1);
});

test('waits while `busy` says accepted connections still need the loop, and no longer', async () => {
  const { server } = await listening();
  let asked = 0;
  const waits = await acceptQueuedConnections(server, { maxWaits: 1_000, maxMs: 60_000, busy: () => ++asked < 4 });
  expect(asked).toBe(4);
  expect(waits).toBe(4);
});

test('waits at most `maxWaits` times, however long `busy` stays true', async () => {
  const { server } = await listening();
  expect(await acceptQueuedConnections(server, { maxWaits: 5, maxMs: 60_000, busy: () => true })).toBe(5);
  expect(server.listenerCount('connection')).toBe(1);
  expect(server.listenerCount('upgrade')).toBe(0);
});

test('waits no longer than `maxMs`, however few waits that allows: a wait of a millisecond lasts longer on a loaded machine', async () => {
  const { server } = await listening();
  // Each reading of the clock is 10 ms later: the bound of 35 ms allows four waits.
  let clock = 0;
  const waits = await acceptQueuedConnections(server, { maxWaits: 1_000, maxMs: 35, busy: () => true, now: () => (clock += 10) });
  expect(waits).toBe(4);
});
