import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { TestServer } from '../helpers/testServer.js';
import { json, startTestServer } from '../helpers/testServer.js';

/**
 * What a stopping server does with the requests and sockets it holds: a request being served
 * finishes (its write acknowledged and kept) and tells the client to reconnect; a request that
 * starts after the stop began is refused 503 with `Retry-After` and stores nothing; a live socket
 * whose client never answers the 1001 close is dropped once the grace is over.
 */

const dirs: string[] = [];
let t: TestServer | undefined;
afterEach(async () => {
  await t?.stop();
  t = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boards-shutdown-'));
  dirs.push(dir);
  return dir;
}

/** Everything the server sends on `socket` until it closes the connection. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
  });
}

function createItemRequest(boardId: string, key: string, body: string, bytes = body): string {
  return [
    `POST /v1/boards/${boardId}/items HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: Bearer ${key}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    bytes,
  ].join('\r\n');
}

/** The opening of a live sync connection to the board, as the stock provider sends it. */
function upgradeRequest(boardId: string, key: string): string {
  return [
    `GET /v1/sync/${boardId}?token=${key} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n');
}

describe('graceful shutdown', () => {
  test('a request in flight finishes with Connection: close; a request or live connection whose headers complete after the stop began gets 503 with Retry-After and stores nothing', async () => {
    const dir = dataDir();
    t = await startTestServer({ dataDir: dir });
    const alice = await t.createUser({ scopes: 'boards:read boards:write' });
    const boardId = (await json(t.api(alice.key, 'POST', '/boards', { title: 'Stopping' }))).id as string;
    const first = JSON.stringify({ type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'in flight' } });
    const second = JSON.stringify({ type: 'sticky_note', position: { x: 0, y: 0 }, data: { text: 'after the stop began' } });

    // In flight: its headers and half its body are in before the stop. Starting after: half their headers.
    const inFlight = connect(t.server.port, '127.0.0.1');
    const late = connect(t.server.port, '127.0.0.1');
    const lateSync = connect(t.server.port, '127.0.0.1');
    const inFlightAnswer = readAll(inFlight);
    const lateAnswer = readAll(late);
    const lateSyncAnswer = readAll(lateSync);
    const lateRequest = createItemRequest(boardId, alice.key, second);
    const lateUpgrade = upgradeRequest(boardId, alice.key);
    await new Promise<void>((resolve) => late.write(lateRequest.slice(0, 40), () => resolve()));
    await new Promise<void>((resolve) => lateSync.write(lateUpgrade.slice(0, 40), () => resolve()));
    // A request answered after those bytes were sent: the server has read them by then (they are not idle connections).
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    let closing: Promise<void> | undefined;
    const server = t;
    server.server.http.once('request', () => {
      closing = server.server.close();
      setImmediate(() => {
        inFlight.write(first.slice(10));
        late.write(lateRequest.slice(40));
        lateSync.write(lateUpgrade.slice(40));
      });
    });
    inFlight.write(createItemRequest(boardId, alice.key, first, first.slice(0, 10)));
    const [finished, refused, refusedSync] = await Promise.all([inFlightAnswer, lateAnswer, lateSyncAnswer]);
    await closing;
    t = undefined;

    expect(finished).toMatch(/^HTTP\/1\.1 201 /);
    expect(finished).toMatch(/\r\nConnection: close\r\n/i);
    const created = JSON.parse(finished.slice(finished.indexOf('\r\n\r\n') + 4)) as { id: string };
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toMatch(/\r\nRetry-After: 1\r\n/i);
    expect(refused).toMatch(/\r\nConnection: close\r\n/i);
    const envelope = JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4)) as { error: { code: string; docsUrl: string }; requestId: string };
    expect(envelope.error.code).toBe('service_unavailable');
    expect(envelope.error.docsUrl).toMatch(/\/docs\/errors\/service_unavailable$/);
    expect(envelope.requestId).toMatch(/^req_[0-9a-f]+$/);
    // A live client is told to come back, not that the endpoint is missing.
    expect(refusedSync).toMatch(/^HTTP\/1\.1 503 /);
    expect(refusedSync).toMatch(/\r\nRetry-After: 1\r\n/i);

    t = await startTestServer({ dataDir: dir });
    const items = (await json(t.api(alice.key, 'GET', `/boards/${boardId}/items`))).data as { id: string; data: { text: string } }[];
    expect(items.map((item) => item.id)).toEqual([created.id]);
  });

  test('a live socket whose client never answers the 1001 close is dropped once the grace is over', async () => {
    t = await startTestServer({ dataDir: dataDir(), env: { BOARDS_SHUTDOWN_GRACE_MS: '200' } });
    const alice = await t.createUser({ scopes: 'boards:read boards:write' });
    const boardId = (await json(t.api(alice.key, 'POST', '/boards', { title: 'Silent client' }))).id as string;
    // A client that completes the upgrade, then never answers anything (not even the close frame).
    const socket = connect(t.server.port, '127.0.0.1');
    const received = readAll(socket);
    socket.write(upgradeRequest(boardId, alice.key));
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    const server = t;
    t = undefined;
    // Without the drop, the stop would wait for the socket library's own 30 s close timeout.
    await server.server.close();
    expect(await received).toMatch(/^HTTP\/1\.1 101 /);
    expect(socket.destroyed || socket.readableEnded).toBe(true);
  }, 20_000);
});
