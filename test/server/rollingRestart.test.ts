import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import * as Y from 'yjs';
import type { SyncClient } from '../content/helpers/syncClient.js';
import { clientCreateSticky, clientItemIds, clientItems, connectSyncClient } from '../content/helpers/syncClient.js';
import type { SpawnedServer } from '../helpers/spawnServer.js';
import { createUserWithKey, apiRequest, spawnBoardsServer } from '../helpers/spawnServer.js';
import { freePort, json } from '../helpers/testServer.js';

/**
 * A rolling restart loses nothing: under REST writers and live clients, `boards start` gets
 * SIGTERM, exits 0, and a new server starts on the same data folder and port. Every REST write
 * answered 2xx is there afterwards, every live edit another client saw is there, and every live
 * client (the stock y-websocket provider, which reconnects after the 1001 close) converges to
 * what the server answers over REST.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'boards-rolling-restart-'));
const env: Record<string, string> = { BOARDS_DATA_DIR: dataDir, BOARDS_LOG_LEVEL: 'info', BOARDS_RATE_LIMIT_PER_MINUTE: '1000000' };
const restWriters = 4;
const clientsPerBoard = 3;
let key = '';
let userId = '';
let server: SpawnedServer | undefined;
const clients: SyncClient[] = [];

beforeAll(async () => {
  env.BOARDS_PORT = String(await freePort());
  key = await createUserWithKey('rolling@example.com', 'user:read boards:read boards:write', env);
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.destroy();
  if (server) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function request(method: string, route: string, body?: unknown): Promise<Response> {
  return apiRequest(server!.url, key, method, route, body);
}

/** Waits until a server answers `/readyz` on the port (after a refused connection or a 503). */
async function ready(): Promise<void> {
  await vi.waitFor(
    async () => {
      const response = await fetch(`${server!.url}/readyz`);
      expect(response.status).toBe(200);
    },
    { timeout: 120_000, interval: 100 },
  );
}

/** Item id -> text of every item of the board, as the server answers over REST. */
async function itemsOverRest(boardId: string): Promise<Record<string, string>> {
  const items: Record<string, string> = {};
  let cursor: string | null = null;
  do {
    const page = await json(request('GET', `/boards/${boardId}/items?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    for (const item of page.data as { id: string; data: { text: string } }[]) items[item.id] = item.data.text;
    cursor = page.nextCursor as string | null;
  } while (cursor !== null);
  return items;
}

/** Item id -> text of every item in a client's document. */
function itemsInClient(client: SyncClient): Record<string, string> {
  const items: Record<string, string> = {};
  for (const id of clientItemIds(client.doc)) {
    const data = (clientItems(client.doc).get(id) as Y.Map<unknown>).get('data');
    items[id] = data instanceof Y.Map ? String(data.get('text')) : '';
  }
  return items;
}

describe('rolling restart', { timeout: 600_000 }, () => {
  test('SIGTERM under REST writers and live clients loses no acknowledged write, and the clients converge', async () => {
    server = await spawnBoardsServer(env);
    userId = (await json(request('GET', '/me'))).user.id as string;
    const boardIds: string[] = [];
    for (const title of ['Rolling A', 'Rolling B']) boardIds.push((await json(request('POST', '/boards', { title }))).id as string);

    /** Item id -> board, for REST writes answered 2xx. */
    const restAcknowledged = new Map<string, string>();
    /** Item id -> board, for live edits another client of the board saw. */
    const liveAcknowledged = new Map<string, string>();
    /** REST answers that were neither 2xx nor the shutdown's 503 (with Retry-After). */
    const unexpected: string[] = [];
    let retryAfterMissing = 0;
    const refusals = { connection: 0, unavailable: 0 };
    let stopping = false;

    const boardClients = boardIds.map((boardId) => {
      const group = Array.from({ length: clientsPerBoard }, () => connectSyncClient(server!.url, boardId, key));
      clients.push(...group);
      return { boardId, group };
    });
    await Promise.all(clients.map((client) => client.synced()));
    // A client's item counts as acknowledged once another client of the board has it.
    for (const { boardId, group } of boardClients) {
      for (const [index, client] of group.entries()) {
        clientItems(client.doc).observe((event) => {
          for (const id of event.keysChanged) {
            const creator = /^itm_live(\d)/.exec(id)?.[1];
            if (creator !== undefined && Number(creator) !== index && clientItems(client.doc).has(id)) liveAcknowledged.set(id, boardId);
          }
        });
      }
    }

    const restWriter = async (writer: number): Promise<void> => {
      for (let n = 0; n < 400 && !stopping; n++) {
        const boardId = boardIds[n % boardIds.length]!;
        const response = await request('POST', `/boards/${boardId}/items`, { type: 'sticky_note', position: { x: writer * 50, y: n * 10 }, data: { text: `rest ${writer}.${n}` } }).catch(
          () => null,
        );
        if (response === null) {
          refusals.connection += 1;
          await ready();
        } else if (response.status === 201) {
          restAcknowledged.set((await json(response)).id as string, boardId);
        } else {
          if (response.status !== 503) unexpected.push(`${response.status} ${await response.text()}`);
          else if (response.headers.get('retry-after') === null) retryAfterMissing += 1;
          else refusals.unavailable += 1;
          await ready();
        }
      }
    };

    const liveEditor = async (boardIndex: number, index: number): Promise<void> => {
      const client = boardClients[boardIndex]!.group[index]!;
      for (let n = 0; n < 200 && !stopping; n++) {
        const id = `itm_live${index}b${boardIndex}n${n}x${Date.now().toString(36)}`;
        clientCreateSticky(client.doc, id, { x: index * 300, y: n * 10, text: `live ${index}.${n}` }, userId);
        // Paced by the acknowledgement itself: the next edit once another client saw this one.
        await vi.waitFor(() => expect(liveAcknowledged.has(id)).toBe(true), { timeout: 120_000, interval: 20 });
      }
    };

    const load = Promise.all([
      ...Array.from({ length: restWriters }, (_, writer) => restWriter(writer)),
      ...boardClients.flatMap((_, boardIndex) => Array.from({ length: clientsPerBoard }, (__, index) => liveEditor(boardIndex, index))),
    ]);

    // Mid-load: SIGTERM, then a new server on the same folder and port.
    await vi.waitFor(() => expect(restAcknowledged.size >= 20 && liveAcknowledged.size >= 12).toBe(true), { timeout: 120_000, interval: 50 });
    const before = { rest: restAcknowledged.size, live: liveAcknowledged.size };
    const old = server;
    old.child.kill('SIGTERM');
    expect(await old.exited).toBe(0);
    expect(old.output()).toContain('"stopped"');
    server = await spawnBoardsServer(env);

    // The load goes on against the new server, then stops.
    await vi.waitFor(() => expect(restAcknowledged.size >= before.rest + 20 && liveAcknowledged.size >= before.live + 12).toBe(true), {
      timeout: 180_000,
      interval: 50,
    });
    stopping = true;
    await load;

    console.log(
      `rolling restart: ${before.rest} REST writes and ${before.live} live edits acknowledged before SIGTERM, ${restAcknowledged.size} and ${liveAcknowledged.size} in all; ` +
        `${refusals.connection} refused connections and ${refusals.unavailable} 503s with Retry-After retried`,
    );
    expect(unexpected).toEqual([]);
    expect(retryAfterMissing).toBe(0);
    for (const boardId of boardIds) {
      const stored = new Set(Object.keys(await itemsOverRest(boardId)));
      const lostRest = [...restAcknowledged].filter(([id, board]) => board === boardId && !stored.has(id)).map(([id]) => id);
      const lostLive = [...liveAcknowledged].filter(([id, board]) => board === boardId && !stored.has(id)).map(([id]) => id);
      expect(lostRest, `REST writes lost on ${boardId}`).toEqual([]);
      expect(lostLive, `live edits lost on ${boardId}`).toEqual([]);
    }
    // Every client converges to the server's state.
    for (const { boardId, group } of boardClients) {
      await vi.waitFor(
        async () => {
          const stored = await itemsOverRest(boardId);
          for (const client of group) expect(itemsInClient(client)).toEqual(stored);
          const [first, ...others] = group.map((client) => Y.encodeStateVector(client.doc));
          for (const vector of others) expect(vector).toEqual(first);
        },
        { timeout: 120_000, interval: 200 },
      );
    }
  });
});
