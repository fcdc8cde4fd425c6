import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import { encodeAwarenessMessage, encodeSyncUpdate } from '../../../crdt/sync/messages.js';
import { RealtimeHub } from '../../../crdt/sync/RealtimeHub.js';
import type { SyncSocket } from '../../../crdt/sync/SyncSocket.js';
import { SqliteDatabase } from '../../../storage/index.js';

/** A socket that keeps what it is sent. */
class MemorySocket implements SyncSocket {
  sent: Uint8Array[] = [];
  bufferedAmount = 0;
  send(data: Uint8Array): void {
    this.sent.push(data);
  }
  sendMany(messages: readonly Uint8Array[]): void {
    this.sent.push(...messages);
  }
  close(): void {}
  /** The awareness entries this socket was sent, in order: client id and state. */
  awarenessEntries(): { clientId: number; state: unknown }[] {
    const entries: { clientId: number; state: unknown }[] = [];
    for (const message of this.sent) {
      const decoder = decoding.createDecoder(message);
      if (decoding.readVarUint(decoder) !== 1) continue;
      const update = decoding.createDecoder(decoding.readVarUint8Array(decoder));
      const count = decoding.readVarUint(update);
      for (let i = 0; i < count; i++) {
        const clientId = decoding.readVarUint(update);
        decoding.readVarUint(update);
        entries.push({ clientId, state: JSON.parse(decoding.readVarString(update)) as unknown });
      }
    }
    return entries;
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup() {
  const db = new SqliteDatabase({ dataDir: ':memory:' });
  const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
  const hub = new RealtimeHub(registry);
  cleanups.push(() => db.close());
  cleanups.push(() => registry.close());
  cleanups.push(() => hub.close());
  const attach = (boardId: string, userId: string) => {
    const socket = new MemorySocket();
    return { socket, connection: hub.attach(socket, { boardId, actor: { userId }, readOnly: false }) };
  };
  return { hub, attach };
}

/** An awareness message for one client id with a cursor state, at `clock` (a renewal has a higher one). */
function cursorMessage(clientId: number, x: number, clock = 1): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 1);
  encoding.writeVarUint(encoder, clientId);
  encoding.writeVarUint(encoder, clock);
  encoding.writeVarString(encoder, JSON.stringify({ cursor: { x } }));
  return encodeAwarenessMessage(encoding.toUint8Array(encoder));
}

function timers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

describe('what an open board costs in timers', () => {
  it('forty boards with a live connection, awareness and an edit each hold at most one timer between them', async () => {
    const { hub, attach } = setup();
    const before = timers();
    const boards = Array.from({ length: 40 }, (_, i) => `board-${i}`);
    const connections = boards.map((boardId) => attach(boardId, 'u1').connection);
    for (const boardId of boards) await hub.whenReady(boardId);
    connections.forEach((connection, i) => {
      connection.receive(cursorMessage(1000 + i, i));
      const doc = new Y.Doc();
      doc.getMap('notes').set('n', i);
      connection.receive(encodeSyncUpdate(Y.encodeStateAsUpdate(doc)));
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.stats().rooms).toBe(40);
    expect(timers() - before).toBeLessThanOrEqual(1);
    hub.close();
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

describe('awareness timeout', () => {
  it('drops the states their clients did not renew for 30 s, and tells the others', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { hub, attach } = setup();
    const first = attach('b1', 'first');
    const second = attach('b1', 'second');
    const watcher = attach('b1', 'watcher');
    await hub.whenReady('b1');
    const sentAt = Date.now();
    first.connection.receive(cursorMessage(11, 1));
    second.connection.receive(cursorMessage(22, 1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.presence('b1').flatMap((entry) => entry.clientIds)).toEqual([11, 22]);
    const now = vi.spyOn(Date, 'now').mockReturnValue(sentAt + 20_000);
    vi.advanceTimersByTime(3_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.presence('b1').flatMap((entry) => entry.clientIds)).toEqual([11, 22]);
    now.mockReturnValue(sentAt + 31_000);
    vi.advanceTimersByTime(3_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hub.presence('b1').flatMap((entry) => entry.clientIds)).toEqual([]);
    expect(watcher.socket.awarenessEntries()).toEqual(expect.arrayContaining([{ clientId: 11, state: null }, { clientId: 22, state: null }]));
  });
});
