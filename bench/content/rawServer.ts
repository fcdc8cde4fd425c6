import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';

/** A batch operation as the bench sends `items:batch`: a move of an item, or a create of a sticky note. */
interface FloorOperation {
  op: 'move' | 'create';
  id?: string;
  position: { x: number; y: number };
  data?: { text?: string };
}

/**
 * The least a durable batch endpoint does, on the board's own document: parse the JSON, apply
 * the operations as one Yjs transaction (moves set `x` and `y`; creates write the fields a
 * sticky note has), append the transaction's update to a file and `fdatasync` it, then answer
 * with each item's id, type, position, size, z and text. No validation, auth, events or index.
 */
class DurableFloor {
  readonly #doc = new Y.Doc();
  readonly #items = this.#doc.getMap<Y.Map<unknown>>('items');
  #log: FileHandle | undefined;
  #created = 0;

  constructor(readonly dir: string) {}

  load(state: Uint8Array): void {
    Y.applyUpdate(this.#doc, state);
  }

  async batch(operations: readonly FloorOperation[]): Promise<unknown[]> {
    let update: Uint8Array | undefined;
    const capture = (u: Uint8Array): void => {
      update = u;
    };
    this.#doc.on('update', capture);
    const ids: string[] = [];
    try {
      this.#doc.transact(() => {
        for (const operation of operations) {
          if (operation.op === 'move' && operation.id !== undefined) {
            const entry = this.#items.get(operation.id);
            entry?.set('x', operation.position.x);
            entry?.set('y', operation.position.y);
            ids.push(operation.id);
          } else if (operation.op === 'create') {
            this.#created += 1;
            const id = `floor_${this.#created}`;
            const entry = new Y.Map<unknown>();
            const fields = { type: 'sticky_note', x: operation.position.x, y: operation.position.y, width: 200, height: 200, rotation: 0, z: `b${this.#created}` };
            for (const [key, value] of Object.entries(fields)) entry.set(key, value);
            const data = new Y.Map<unknown>();
            data.set('text', new Y.Text(operation.data?.text ?? ''));
            entry.set('data', data);
            for (const [key, value] of Object.entries({ createdBy: 'u', createdAt: 0, updatedBy: 'u', updatedAt: 0 })) entry.set(key, value);
            this.#items.set(id, entry);
            ids.push(id);
          }
        }
      });
    } finally {
      this.#doc.off('update', capture);
    }
    if (update !== undefined) {
      this.#log ??= await open(path.join(this.dir, 'log'), 'a');
      await this.#log.write(update);
      await this.#log.datasync();
    }
    return ids.map((id) => {
      const entry = this.#items.get(id);
      const text = entry?.get('data') instanceof Y.Map ? String((entry.get('data') as Y.Map<unknown>).get('text') ?? '') : '';
      return {
        id,
        type: entry?.get('type'),
        position: { x: entry?.get('x'), y: entry?.get('y') },
        size: { width: entry?.get('width'), height: entry?.get('height') },
        z: entry?.get('z'),
        data: { text },
      };
    });
  }
}

/**
 * The physical-limit baseline, run as its own process (`node dist/bench/content/rawServer.js`)
 * so it costs what our server costs in process hops: HTTP `POST` answered 201 with a small JSON
 * body after reading the request (no storage), WebSocket `/echo` that echoes, and any other
 * WebSocket path a relay that sends each message to every other socket on it (no Yjs). Also the
 * durable floor of a batch (`DurableFloor`): `POST /floor/load` with a board's state, then
 * `POST /floor/batch` with `{ operations }`. Answers carry `Server-Timing: app;dur=` as ours do. Prints `{"port":N}` on stdout once listening.
 */
export function startRawServer(): void {
  let counter = 0;
  const floor = new DurableFloor(mkdtempSync(path.join(tmpdir(), 'boards-floor-')));
  process.on('exit', () => rmSync(floor.dir, { recursive: true, force: true }));
  process.on('SIGTERM', () => process.exit(0));
  const http = createServer((req, res) => {
    // As our server's `Server-Timing`: from the request reaching the application to its answer, encoded, being sent.
    const startedAt = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const answer = (status: number, json: unknown): void => {
        const text = JSON.stringify(json);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Server-Timing': `app;dur=${(performance.now() - startedAt).toFixed(2)}` });
        res.end(text);
      };
      if (req.url === '/floor/load') {
        floor.load(new Uint8Array(body));
        answer(200, { loaded: body.byteLength });
        return;
      }
      if (req.url === '/floor/batch') {
        const { operations } = JSON.parse(body.toString('utf8')) as { operations: FloorOperation[] };
        floor.batch(operations).then(
          (results) => answer(200, { results }),
          (error: unknown) => answer(500, { error: String(error) }),
        );
        return;
      }
      counter += 1;
      answer(req.method === 'POST' ? 201 : 200, { id: `raw_${counter}`, bytes: body.byteLength });
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
