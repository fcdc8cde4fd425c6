import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { encodeAwarenessEntries, encodeAwarenessMessage, encodeSyncUpdate } from '../../../crdt/sync/messages.js';
import { ManualClock } from '../../../storage/index.js';
import { closeCode, startSyncServer } from './syncTestServer.js';
import type { SyncTestServer } from './syncTestServer.js';

let server: SyncTestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const queryAwareness = new Uint8Array([3]);

describe('limits over real sockets', () => {
  it('closes a socket that sends a message over maxMessageBytes with 1009', async () => {
    server = await startSyncServer({ hub: { maxMessageBytes: 1024 } });
    const ws = await server.raw('b1');
    const closed = closeCode(ws);
    ws.send(new Uint8Array(2048));
    expect(await closed).toBe(1009);
  });

  it('closes a socket over its message rate with 4429 and leaves others alone', async () => {
    const clock = new ManualClock();
    server = await startSyncServer({ hub: { messagesPerSecond: 10, messageBurst: 5, clock } });
    const calm = await server.raw('b1', 'calm');
    const noisy = await server.raw('b1', 'noisy');
    const closed = closeCode(noisy);
    for (let i = 0; i < 6; i++) noisy.send(queryAwareness);
    expect(await closed).toBe(4429);

    clock.advance(1000);
    const answers: unknown[] = [];
    calm.on('message', (data) => answers.push(data));
    for (let i = 0; i < 5; i++) calm.send(queryAwareness);
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(5);
    expect(calm.readyState).toBe(calm.OPEN);
  });

  it('refuses connections past maxConnectionsPerBoard with 4429 at attach', async () => {
    server = await startSyncServer({ hub: { maxConnectionsPerBoard: 2 } });
    await server.raw('b1');
    await server.raw('b1');
    const third = await server.raw('b1');
    expect(await closeCode(third)).toBe(4429);
    const otherBoard = await server.raw('b2');
    expect(otherBoard.readyState).toBe(otherBoard.OPEN);
    expect(server.hub.stats()).toEqual({ rooms: 2, connections: 3 });
  });

  it('closes a socket whose update would make the board exceed maxDocumentBytes with 4413', async () => {
    server = await startSyncServer({ registry: { maxDocumentBytes: 1000 } });
    const ws = await server.raw('b1');
    await server.hub.whenReady('b1');
    const closed = closeCode(ws);
    const big = new Y.Doc();
    big.getText('t').insert(0, 'x'.repeat(2000));
    ws.send(encodeSyncUpdate(Y.encodeStateAsUpdate(big)));
    expect(await closed).toBe(4413);
    expect((await server.registry.open('b1')).getText('t').length).toBe(0);
  });

  it('closes a socket that sends a corrupt message with 1007', async () => {
    server = await startSyncServer();
    const ws = await server.raw('b1');
    const closed = closeCode(ws);
    ws.send(new Uint8Array([0, 2, 50, 1, 2]));
    expect(await closed).toBe(1007);
  });

  it('ignores awareness entries that claim a client id another connection owns', async () => {
    server = await startSyncServer();
    const owner = await server.raw('b1', 'owner');
    const spoofer = await server.raw('b1', 'spoofer');
    await server.hub.whenReady('b1');
    owner.send(encodeAwarenessMessage(encodeAwarenessEntries([{ clientId: 42, clock: 1, state: '{"n":"owner"}' }])));
    await expect.poll(() => server!.hub.presence('b1').find((p) => p.userId === 'owner')?.clientIds).toEqual([42]);
    spoofer.send(
      encodeAwarenessMessage(
        encodeAwarenessEntries([
          { clientId: 42, clock: 5, state: 'null' },
          { clientId: 7, clock: 1, state: '{"n":"spoofer"}' },
        ]),
      ),
    );
    await expect.poll(() => server!.hub.presence('b1').find((p) => p.userId === 'spoofer')?.clientIds).toEqual([7]);
    expect(server.hub.presence('b1').find((p) => p.userId === 'owner')?.clientIds).toEqual([42]);
  });
});
