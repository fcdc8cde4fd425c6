import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { FrameWriter, WsSyncSocket, binaryFrame } from '../../server/realtime/frames.js';

/** ws's own framer (exported at runtime, not in its type definitions): the oracle for `binaryFrame`. */
const { Sender } = createRequire(import.meta.url)('ws') as {
  Sender: { frame(data: Buffer, options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[] };
};

const bytes = (length: number, seed = 1): Uint8Array => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);

describe('binaryFrame', () => {
  test.each([0, 1, 125, 126, 127, 65_535, 65_536, 70_000])('matches the frame ws builds for a %i-byte payload', (length) => {
    const payload = bytes(length);
    const expected = Buffer.concat(Sender.frame(Buffer.from(payload), { fin: true, opcode: 2, mask: false, readOnly: false, rsv1: false }));
    expect(binaryFrame(payload).equals(expected)).toBe(true);
  });

  test('frames a view at its own offset, not the start of its buffer', () => {
    const whole = bytes(300);
    const view = whole.subarray(100, 140);
    expect([...binaryFrame(view).subarray(2)]).toEqual([...view]);
  });
});

describe('FrameWriter over real sockets', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A server whose accepted sockets are handed back with their raw stream, and `n` clients. */
  async function pair(n: number): Promise<{ servers: { ws: WebSocket; socket: Duplex }[]; clients: WebSocket[] }> {
    const http = createServer();
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    const servers: { ws: WebSocket; socket: Duplex }[] = [];
    http.on('upgrade', (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => servers.push({ ws, socket })));
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    cleanups.push(() => new Promise<void>((resolve) => http.close(() => resolve())));
    const port = (http.address() as AddressInfo).port;
    const clients = await Promise.all(
      Array.from({ length: n }, async () => {
        const client = new WebSocket(`ws://127.0.0.1:${port}/`);
        cleanups.push(() => client.terminate());
        await once(client, 'open');
        return client;
      }),
    );
    while (servers.length < n) await new Promise((resolve) => setTimeout(resolve, 5));
    return { servers, clients };
  }

  function collect(client: WebSocket, count: number): Promise<Buffer[]> {
    const received: Buffer[] = [];
    return new Promise((resolve) => {
      client.on('message', (data: Buffer, isBinary: boolean) => {
        expect(isBinary).toBe(true);
        received.push(data);
        if (received.length === count) resolve(received);
      });
    });
  }

  test('every client gets the same messages, whole and in order, between pings from ws', async () => {
    const { servers, clients } = await pair(3);
    const writer = new FrameWriter();
    const messages = [bytes(5), bytes(300, 2), bytes(70_000, 3), bytes(0), bytes(126, 4)];
    const received = clients.map((client) => collect(client, messages.length));
    const pings = clients.map((client) => once(client, 'ping'));
    for (const [index, message] of messages.entries()) {
      for (const { ws, socket } of servers) {
        writer.write(ws, socket, message);
        if (index === 2) ws.ping();
      }
    }
    await Promise.all(pings);
    for (const got of await Promise.all(received)) {
      expect(got.map((data) => [...data])).toEqual(messages.map((message) => [...message]));
    }
  });

  test('a batch arrives as separate messages in order, mixed with single writes, and is framed once for every socket', async () => {
    const { servers, clients } = await pair(2);
    const writer = new FrameWriter();
    const batch = [bytes(3), bytes(200, 5), bytes(66_000, 6)];
    const single = bytes(7, 9);
    const received = clients.map((client) => collect(client, 4));
    const writes: Buffer[] = [];
    for (const { ws, socket } of servers) {
      const write = socket.write.bind(socket);
      socket.write = ((chunk: Buffer, ...rest: never[]) => {
        writes.push(chunk);
        return write(chunk, ...rest);
      }) as typeof socket.write;
      writer.writeMany(ws, socket, batch);
      writer.write(ws, socket, single);
    }
    for (const got of await Promise.all(received)) {
      expect(got.map((data) => [...data])).toEqual([...batch, single].map((message) => [...message]));
    }
    // One write per socket for the batch, and both sockets were handed the same framed buffer.
    expect(writes).toHaveLength(4);
    expect(writes[2]).toBe(writes[0]);
  });

  test('bufferedAmount (ws and the SyncSocket adapter) counts what is not yet written', async () => {
    const { servers } = await pair(1);
    const { ws, socket } = servers[0]!;
    (socket as unknown as { cork(): void }).cork();
    const adapter = new WsSyncSocket(ws, socket, new FrameWriter());
    adapter.send(bytes(1000));
    expect(ws.bufferedAmount).toBe(1004);
    expect(adapter.bufferedAmount).toBe(1004);
    adapter.sendMany([bytes(10), bytes(20)]);
    expect(adapter.bufferedAmount).toBe(1004 + 12 + 22);
    (socket as unknown as { uncork(): void }).uncork();
  });

  test('writes nothing once the socket is closing', async () => {
    const { servers, clients } = await pair(1);
    const { ws, socket } = servers[0]!;
    const messages: Buffer[] = [];
    clients[0]!.on('message', (data: Buffer) => messages.push(data));
    const closed = once(clients[0]!, 'close');
    ws.close(1000, 'bye');
    new FrameWriter().write(ws, socket, bytes(10));
    const [code] = (await closed) as [number];
    expect(code).toBe(1000);
    expect(messages).toEqual([]);
  });
});
