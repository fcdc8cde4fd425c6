import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
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
// Sync step 1 with an empty state vector: charged against the rate, answered with a step 2 (0, 1).
const syncStep1 = new Uint8Array([0, 0, 1, 0]);

/**
 * Sends `count` sync step 1 messages at once to a socket whose room is ready; resolves with how
 * many were answered and the close code, or `undefined` when all were answered and it is open.
 */
function probe(ws: WebSocket, count: number): Promise<{ answered: number; code: number | undefined }> {
  return new Promise((resolve) => {
    let answered = 0;
    const onMessage = (data: Buffer): void => {
      if (data[0] !== 0 || data[1] !== 1) return;
      answered += 1;
      if (answered === count) done(undefined);
    };
    const onClose = (code: number): void => done(code);
    const done = (code: number | undefined): void => {
      ws.off('message', onMessage);
      ws.off('close', onClose);
      resolve({ answered, code });
    };
    ws.on('message', onMessage);
    ws.on('close', onClose);
    for (let i = 0; i < count; i++) ws.send(syncStep1);
  });
}

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
    expect(server.hub.stats()).toMatchObject({ rooms: 2, connections: 3 });
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

describe('the message budget across reconnects', () => {
  // 10 messages/s, bursts of 20: a drained bucket is full again 2 s after it ran dry.
  const rate = { messagesPerSecond: 10, messageBurst: 20 };

  /** A raw socket of `user` on `boardId`, once its room is ready. */
  async function ready(boardId: string, user: string, rateKey?: string): Promise<WebSocket> {
    const ws = await server!.raw(boardId, user, rateKey);
    await server!.hub.whenReady(boardId);
    return ws;
  }

  it('a reconnect after a 4429 continues the drained bucket instead of getting a fresh burst', async () => {
    const clock = new ManualClock();
    server = await startSyncServer({ hub: { ...rate, clock } });
    expect(await probe(await ready('b1', 'abuser'), 30)).toEqual({ answered: 20, code: 4429 });
    clock.advance(1000);
    expect(await probe(await ready('b1', 'abuser'), 30)).toEqual({ answered: 10, code: 4429 });
  });

  it('closes a reconnect 4429 at once, before it joins, while the drained bucket is under half full', async () => {
    const clock = new ManualClock();
    server = await startSyncServer({ hub: { ...rate, clock } });
    expect(await probe(await ready('b1', 'abuser'), 30)).toEqual({ answered: 20, code: 4429 });
    clock.advance(999);
    const early = await server.raw('b1', 'abuser');
    const received: Buffer[] = [];
    early.on('message', (data: Buffer) => received.push(data));
    expect(await closeCode(early)).toBe(4429);
    // Refused before joining: not even the server's sync step 1.
    expect(received).toEqual([]);
    expect(server.hub.stats()).toMatchObject({ rooms: 0, connections: 0 });
    clock.advance(1);
    expect(await probe(await ready('b1', 'abuser'), 30)).toEqual({ answered: 10, code: 4429 });
  });

  it('forgets the drained bucket once it would be full again: the next reconnect gets a full burst', async () => {
    const clock = new ManualClock();
    server = await startSyncServer({ hub: { ...rate, clock } });
    expect(await probe(await ready('b1', 'abuser'), 30)).toEqual({ answered: 20, code: 4429 });
    clock.advance(2000);
    expect(await probe(await ready('b1', 'abuser'), 30)).toEqual({ answered: 20, code: 4429 });
  });

  it('leaves other users on the board, and the same user on other boards, their full burst', async () => {
    const clock = new ManualClock();
    server = await startSyncServer({ hub: { ...rate, clock } });
    expect(await probe(await ready('b1', 'abuser'), 30)).toEqual({ answered: 20, code: 4429 });
    expect(await probe(await ready('b1', 'other'), 30)).toEqual({ answered: 20, code: 4429 });
    expect(await probe(await ready('b2', 'abuser'), 30)).toEqual({ answered: 20, code: 4429 });
  });

  it('keys the budget by rateKey when one is given: guests sharing a user id keep their own', async () => {
    const clock = new ManualClock();
    server = await startSyncServer({ hub: { ...rate, clock } });
    expect(await probe(await ready('b1', 'link:board:b1', 'guest-a'), 30)).toEqual({ answered: 20, code: 4429 });
    expect(await probe(await ready('b1', 'link:board:b1', 'guest-b'), 30)).toEqual({ answered: 20, code: 4429 });
    expect(await probe(await ready('b1', 'link:board:b1', 'guest-a'), 30)).toEqual({ answered: 0, code: 4429 });
  });

  it('remembers nothing after a close by the client or for another reason', async () => {
    const clock = new ManualClock();
    server = await startSyncServer({ hub: { ...rate, maxMessageBytes: 1024, clock } });
    const leaving = await ready('b1', 'u1');
    expect(await probe(leaving, 20)).toEqual({ answered: 20, code: undefined });
    const left = closeCode(leaving);
    leaving.close(1000);
    expect(await left).toBe(1000);
    await expect.poll(() => server!.hub.stats().connections).toBe(0);
    const oversized = await ready('b1', 'u1');
    expect(await probe(oversized, 20)).toEqual({ answered: 20, code: undefined });
    const closed = closeCode(oversized);
    oversized.send(new Uint8Array(2048));
    expect(await closed).toBe(1009);
    expect(await probe(await ready('b1', 'u1'), 30)).toEqual({ answered: 20, code: 4429 });
  });

  it('keeps at most maxRememberedBuckets drained buckets, dropping the oldest', async () => {
    const clock = new ManualClock();
    server = await startSyncServer({ hub: { ...rate, maxRememberedBuckets: 2, clock } });
    for (const user of ['u1', 'u2', 'u3', 'u4', 'u5']) {
      expect(await probe(await ready('b1', user), 30)).toEqual({ answered: 20, code: 4429 });
    }
    expect(await probe(await ready('b1', 'u5'), 30)).toEqual({ answered: 0, code: 4429 });
    expect(await probe(await ready('b1', 'u4'), 30)).toEqual({ answered: 0, code: 4429 });
    expect(await probe(await ready('b1', 'u3'), 30)).toEqual({ answered: 20, code: 4429 });
    expect(await probe(await ready('b1', 'u1'), 30)).toEqual({ answered: 20, code: 4429 });
  });
});
