import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

/**
 * The physical-limit baseline, run as its own process (`node dist/bench/content/rawServer.js`)
 * so it costs what our server costs in process hops: HTTP `POST` answered 201 with a small JSON
 * body after reading the request (no storage), WebSocket `/echo` that echoes, and any other
 * WebSocket path a relay that sends each message to every other socket on it (no Yjs).
 * Prints `{"port":N}` on stdout once listening.
 */
export function startRawServer(): void {
  let counter = 0;
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      counter += 1;
      const body = JSON.stringify({ id: `raw_${counter}`, bytes: Buffer.concat(chunks).byteLength });
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json' });
      res.end(body);
    });
  });
  const wss = new WebSocketServer({ server: http });
  const relay = new Set<WebSocket>();
  wss.on('connection', (socket, request) => {
    if (request.url === '/echo') {
      socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
      return;
    }
    relay.add(socket);
    socket.on('close', () => relay.delete(socket));
    socket.on('message', (data, isBinary) => {
      for (const other of relay) if (other !== socket) other.send(data, { binary: isBinary });
    });
  });
  http.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: (http.address() as AddressInfo).port })}\n`);
  });
}

startRawServer();
