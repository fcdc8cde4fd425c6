import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { DocumentRegistry } from '../../../crdt/documents/DocumentRegistry.js';
import type * as FanOutModule from '../../../crdt/sync/fanOut.js';
import type { Outgoing } from '../../../crdt/sync/fanOut.js';
import { encodeAwarenessMessage, encodeSyncUpdate } from '../../../crdt/sync/messages.js';
import { RealtimeHub } from '../../../crdt/sync/RealtimeHub.js';
import type { SyncSocket } from '../../../crdt/sync/SyncSocket.js';
import { SqliteDatabase } from '../../../storage/index.js';

/** Every `outgoing` array the rooms hand to `fanOut`, as it was handed. */
const relayed = vi.hoisted(() => [] as (readonly Outgoing[])[]);

vi.mock('../../../crdt/sync/fanOut.js', async (importOriginal) => {
  const original = await importOriginal<typeof FanOutModule>();
  return {
    ...original,
    fanOut: (connections: Parameters<typeof original.fanOut>[0], outgoing: readonly Outgoing[]) => {
      relayed.push(outgoing);
      return original.fanOut(connections, outgoing);
    },
  };
});

class QuietSocket implements SyncSocket {
  bufferedAmount = 0;
  send(): void {}
  sendMany(): void {}
  close(): void {}
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  relayed.length = 0;
});

function cursorMessage(clientId: number, x: number): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = clientId;
  const awareness = new Awareness(doc);
  awareness.setLocalState({ cursor: { x } });
  const message = encodeAwarenessMessage(encodeAwarenessUpdate(awareness, [clientId]));
  awareness.destroy();
  return message;
}

function liveUpdate(clientId: number, key: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = clientId;
  doc.getMap('m').set(key, 1);
  return encodeSyncUpdate(Y.encodeStateAsUpdate(doc));
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("the messages a room hands to fanOut (run once per turn for every socket, compiled for the shapes it has met)", () => {
  it('are never an empty batch, and every message has the same fields in the same order: awareness, live updates and REST writes alike', async () => {
    const db = new SqliteDatabase({ dataDir: ':memory:' });
    const registry = new DocumentRegistry(db.documents, { sweepIntervalMs: 0 });
    const hub = new RealtimeHub(registry, {});
    cleanups.push(() => db.close(), () => registry.close(), () => hub.close());
    const a = hub.attach(new QuietSocket(), { boardId: 'b1', actor: { userId: 'a' }, readOnly: false });
    const b = hub.attach(new QuietSocket(), { boardId: 'b1', actor: { userId: 'b' }, readOnly: false });
    await hub.whenReady('b1');

    a.receive(cursorMessage(11, 1));
    await nextTurn();
    a.receive(liveUpdate(11, 'x'));
    await nextTurn();
    a.receive(liveUpdate(11, 'y'));
    b.receive(cursorMessage(12, 2));
    await nextTurn();
    await registry.transact('b1', (doc) => doc.getMap('m').set('rest', 1));
    await nextTurn();

    const messages = relayed.flat();
    expect(messages.map((m) => m.update)).toEqual(expect.arrayContaining([true, false]));
    expect(relayed.every((outgoing) => outgoing.length > 0)).toBe(true);
    for (const message of messages) expect(Object.keys(message)).toEqual(['message', 'skip', 'update']);
  });
});
