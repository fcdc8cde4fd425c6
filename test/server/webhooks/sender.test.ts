import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../../server/webhooks/WebhookSender.js';

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/**
 * A receiver counting connections and requests. `dropSecondRequest`: a connection's second
 * request is cut without an answer, as when a receiver closes an idle connection just as it is
 * reused.
 */
async function receiver(options: { dropSecondRequest?: boolean; status?: number } = {}): Promise<{ url: string; connections: () => number; requests: () => number }> {
  let connections = 0;
  let requests = 0;
  const perSocket = new WeakMap<Socket, number>();
  const server = createServer((request, response) => {
    const socket = request.socket;
    const n = (perSocket.get(socket) ?? 0) + 1;
    perSocket.set(socket, n);
    request.resume();
    request.on('end', () => {
      if (options.dropSecondRequest === true && n === 2) {
        socket.destroy();
        return;
      }
      requests += 1;
      response.writeHead(options.status ?? 204).end();
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, connections: () => connections, requests: () => requests };
}

const send = (url: string): ReturnType<typeof sendWebhook> => sendWebhook(url, '{"id":"msg_1"}', { 'webhook-id': 'msg_1' }, { allowPrivate: true, timeoutMs: 5_000 });

describe('webhook sender connections', () => {
  it('keeps the connection to a receiver open between deliveries', async () => {
    const r = await receiver();
    for (let i = 0; i < 5; i++) expect(await send(r.url)).toMatchObject({ ok: true, statusCode: 204 });
    expect(r.requests()).toBe(5);
    expect(r.connections()).toBe(1);
  });

  it('sends again, once, on a new connection when the receiver closed the one reused', async () => {
    const r = await receiver({ dropSecondRequest: true });
    expect(await send(r.url)).toMatchObject({ ok: true });
    expect(await send(r.url)).toMatchObject({ ok: true, statusCode: 204 });
    expect(r.requests()).toBe(2);
    expect(r.connections()).toBe(2);
  });

  it('does not send again after an answer, even a failing one', async () => {
    const r = await receiver({ status: 500 });
    expect(await send(r.url)).toMatchObject({ ok: false, statusCode: 500 });
    expect(await send(r.url)).toMatchObject({ ok: false, statusCode: 500 });
    expect(r.requests()).toBe(2);
  });
});
