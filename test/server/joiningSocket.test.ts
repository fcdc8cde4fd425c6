import { describe, expect, it } from 'vitest';
import type { SyncConnection } from '../../crdt/index.js';
import { JoiningSocket, maxQueuedBeforeAuth } from '../../server/realtime/JoiningSocket.js';

function recordingConnection(): { connection: SyncConnection; received: Uint8Array[] } {
  const received: Uint8Array[] = [];
  const connection = { receive: (bytes: Uint8Array) => void received.push(bytes), isStarted: false } as unknown as SyncConnection;
  return { connection, received };
}

describe('JoiningSocket', () => {
  it('queues what comes before the connection, hands it over in order at attach, and then drops the queue', () => {
    const join = new JoiningSocket();
    const first = new Uint8Array([0, 0, 0]);
    const second = new Uint8Array([1, 1]);
    join.receive(first);
    join.receive(second);
    expect(join.queued).toBe(2);
    const { connection, received } = recordingConnection();
    join.attach(connection);
    expect(received).toEqual([first, second]);
    expect(join.queued).toBe(0);
    const third = new Uint8Array([0, 2]);
    expect(join.receive(third)).toBe(true);
    expect(received).toEqual([first, second, third]);
    expect(join.queued).toBe(0);
  });

  it(`refuses once past ${maxQueuedBeforeAuth} queued messages, drops them and takes no more`, () => {
    const join = new JoiningSocket();
    for (let i = 0; i < maxQueuedBeforeAuth; i++) expect(join.receive(new Uint8Array([1, i]))).toBe(true);
    expect(join.receive(new Uint8Array([1, 99]))).toBe(false);
    expect(join.refused).toBe(true);
    expect(join.queued).toBe(0);
    expect(join.receive(new Uint8Array([1, 100]))).toBe(true);
    expect(join.queued).toBe(0);
    expect(join.joining).toBe(false);
  });

  it('is joining until decided, then until its connection has started', () => {
    const join = new JoiningSocket();
    expect(join.joining).toBe(true);
    join.decided = true;
    expect(join.joining).toBe(false);
    const started = { receive: () => undefined, isStarted: false } as unknown as SyncConnection & { isStarted: boolean };
    join.attach(started);
    expect(join.joining).toBe(true);
    (started as { isStarted: boolean }).isStarted = true;
    expect(join.joining).toBe(false);
  });
});
