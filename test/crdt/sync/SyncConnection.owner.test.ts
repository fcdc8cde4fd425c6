import { describe, expect, test } from 'vitest';
import { silentLogger } from '../../../crdt/documents/Logger.js';
import { syncCloseCodes } from '../../../crdt/sync/closeCodes.js';
import { SyncConnection } from '../../../crdt/sync/SyncConnection.js';
import type { SyncConnectionOwner } from '../../../crdt/sync/SyncConnection.js';
import type { SyncSocket } from '../../../crdt/sync/SyncSocket.js';
import { TokenBucket } from '../../../crdt/sync/TokenBucket.js';

interface ClosingSocket extends SyncSocket {
  closedWith: number | undefined;
}

function closingSocket(): ClosingSocket {
  const socket: ClosingSocket = { closedWith: undefined, send: () => {}, sendMany: () => {}, close: (code) => void (socket.closedWith = code), bufferedAmount: 0 };
  return socket;
}

const clock = { now: () => 0 };
// Sync step 1 with an empty state vector: a document message, charged against the rate.
const step1 = new Uint8Array([0, 0, 0]);

function connect(owner: SyncConnectionOwner, bucket = new TokenBucket(1, 1, clock), rateKey?: string): { socket: ClosingSocket; connection: SyncConnection } {
  const socket = closingSocket();
  const info = { boardId: 'brd_owner', actor: { userId: 'usr_1' }, readOnly: false, ...(rateKey === undefined ? {} : { rateKey }) };
  return { socket, connection: new SyncConnection(socket, info, undefined, bucket, owner, silentLogger, 0) };
}

describe('SyncConnection and its owner', () => {
  test('every connection reads the limits of the one owner object, not a copy of its own', () => {
    const owner: SyncConnectionOwner = { limits: { maxMessageBytes: 1024, maxBufferedBytes: 1024 }, rateLimited: () => {} };
    const a = connect(owner);
    const b = connect(owner);
    (owner.limits as { maxMessageBytes: number }).maxMessageBytes = 2;
    a.connection.receive(step1);
    b.connection.receive(step1);
    expect([a.socket.closedWith, b.socket.closedWith]).toEqual([syncCloseCodes.messageTooBig, syncCloseCodes.messageTooBig]);
  });

  test('a connection closed for its rate hands the owner itself and its drained bucket, with its rate key', () => {
    const reports: [SyncConnection, TokenBucket][] = [];
    const owner: SyncConnectionOwner = { limits: { maxMessageBytes: 1024, maxBufferedBytes: 1024 }, rateLimited: (connection, bucket) => void reports.push([connection, bucket]) };
    const bucket = new TokenBucket(1, 1, clock);
    const { socket, connection } = connect(owner, bucket, 'usr_1@127.0.0.1');
    connection.receive(step1);
    connection.receive(step1);
    expect(socket.closedWith).toBe(syncCloseCodes.tooManyRequests);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.[0]).toBe(connection);
    expect(reports[0]?.[1]).toBe(bucket);
    expect(connection.rateKey).toBe('usr_1@127.0.0.1');
  });
});
