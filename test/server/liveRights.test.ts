import pino from 'pino';
import { describe, expect, test } from 'vitest';
import type { SyncConnection } from '../../crdt/index.js';
import { ManualClock } from '../../storage/index.js';
import { LiveRights } from '../../server/realtime/LiveRights.js';
import type { SyncAdmission, SyncRefusal } from '../../server/realtime/syncDecision.js';

/** A stand-in connection that records what was done to it. */
function fakeConnection(boardId = 'brd_1', userId = 'usr_1') {
  const log: string[] = [];
  const connection = {
    boardId,
    actor: { userId },
    isOpen: true,
    readOnly: false,
    pause: () => log.push('pause'),
    resume: () => log.push('resume'),
    setReadOnly: (readOnly: boolean) => {
      connection.readOnly = readOnly;
      log.push(`readOnly=${readOnly}`);
    },
    close: (code: number) => {
      connection.isOpen = false;
      log.push(`close ${code}`);
    },
  };
  return { connection: connection as unknown as SyncConnection, log, raw: connection };
}

function admission(readOnly: boolean, userId = 'usr_1', expiresAtMs: number | null = null): SyncAdmission {
  return { boardId: 'brd_1', actor: { userId }, readOnly, grant: { kind: 'api_key', credentialId: 'key_1', userId, workspaceId: 'wsp_1', expiresAtMs } };
}

/** A decide function whose answers the test releases one by one. */
function gatedDecide() {
  const pending: ((outcome: SyncAdmission | SyncRefusal | Error) => void)[] = [];
  const decide = (): Promise<SyncAdmission | SyncRefusal> =>
    new Promise((resolve, reject) => pending.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome))));
  return { decide, pending };
}

function rights(decide: () => Promise<SyncAdmission | SyncRefusal>) {
  return new LiveRights({ decide, clock: new ManualClock(), logger: pino({ level: 'silent' }) });
}

describe('LiveRights', () => {
  test('a change pauses the touched connection at once and acts on the decision made again', async () => {
    const { decide, pending } = gatedDecide();
    const live = rights(decide);
    const { connection, log } = fakeConnection();
    live.track(connection, 'secret', '127.0.0.1', admission(false), live.begin());
    expect(live.changed({ kind: 'user', subject: 'usr_1' })).toBe(1);
    expect(log).toEqual(['pause']);
    pending.shift()!(admission(true));
    await expect.poll(() => log).toEqual(['pause', 'readOnly=true', 'resume']);
  });

  test('changes during a recheck are coalesced into one more decision', async () => {
    const { decide, pending } = gatedDecide();
    const live = rights(decide);
    const { connection, log } = fakeConnection();
    live.track(connection, 'secret', '127.0.0.1', admission(false), live.begin());
    live.changed({ kind: 'board', subject: 'brd_1' });
    live.changed({ kind: 'credential', subject: 'key_1' });
    live.changed({ kind: 'user', subject: 'usr_1' });
    expect(pending).toHaveLength(1);
    pending.shift()!(admission(false));
    await expect.poll(() => pending.length).toBe(1);
    pending.shift()!({ code: 4401, reason: 'revoked' });
    await expect.poll(() => log.at(-1)).toBe('close 4401');
    expect(log.filter((entry) => entry === 'resume')).toHaveLength(0);
    expect(live.size).toBe(0);
  });

  test('a connection that closes during its recheck is left alone', async () => {
    const { decide, pending } = gatedDecide();
    const live = rights(decide);
    const { connection, log, raw } = fakeConnection();
    live.track(connection, 'secret', '127.0.0.1', admission(false), live.begin());
    live.changed({ kind: 'user', subject: 'usr_1' });
    raw.isOpen = false;
    live.untrack(connection);
    pending.shift()!({ code: 4404, reason: 'gone' });
    // Let the recheck's continuation run: it finds the connection gone and does nothing.
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['pause']);
    expect(live.size).toBe(0);
  });

  test('a change that comes while the connect decision runs is not missed: the connection is rechecked as it is tracked', async () => {
    const { decide, pending } = gatedDecide();
    const live = rights(decide);
    const { connection, log } = fakeConnection();
    const mark = live.begin();
    const unrelated = live.begin();
    // The decision read the store before this change was stored.
    expect(live.changed({ kind: 'user', subject: 'usr_1' })).toBe(0);
    live.track(connection, 'secret', '127.0.0.1', admission(false), mark);
    expect(log).toEqual(['pause']);
    pending.shift()!({ code: 4404, reason: 'removed' });
    await expect.poll(() => log.at(-1)).toBe('close 4404');
    live.end(unrelated);

    // Once no decision runs, earlier changes are forgotten: a later connection is not rechecked for them.
    const later = fakeConnection();
    live.track(later.connection, 'secret', '127.0.0.1', admission(false), live.begin());
    expect(later.log).toEqual([]);
  });

  test('a change that touches nobody does nothing; other connections are not touched', () => {
    const { decide, pending } = gatedDecide();
    const live = rights(decide);
    const { connection, log } = fakeConnection('brd_1', 'usr_1');
    live.track(connection, 'secret', '127.0.0.1', admission(false), live.begin());
    expect(live.changed({ kind: 'board', subject: 'brd_nobody' })).toBe(0);
    expect(live.changed({ kind: 'user', subject: 'usr_2' })).toBe(0);
    expect(live.changed({ kind: 'link', subject: 'brd_1' })).toBe(0);
    expect(pending).toHaveLength(0);
    expect(log).toEqual([]);
  });

  test('a recheck that fails closes the connection 1011 (the client reconnects and is decided anew)', async () => {
    const { decide, pending } = gatedDecide();
    const live = rights(decide);
    const { connection, log } = fakeConnection();
    live.track(connection, 'secret', '127.0.0.1', admission(false), live.begin());
    live.changed({ kind: 'user', subject: 'usr_1' });
    pending.shift()!(new Error('store down'));
    await expect.poll(() => log.at(-1)).toBe('close 1011');
  });

  test('an expiring credential is rechecked at its expiry by a timer of its own', async () => {
    const clock = new ManualClock();
    const { decide, pending } = gatedDecide();
    const live = new LiveRights({ decide, clock, logger: pino({ level: 'silent' }) });
    const { connection, log } = fakeConnection();
    live.track(connection, 'secret', '127.0.0.1', admission(false, 'usr_1', clock.now() + 50), live.begin());
    await expect.poll(() => pending.length).toBe(1);
    expect(log).toEqual(['pause']);
    pending.shift()!({ code: 4401, reason: 'expired' });
    await expect.poll(() => log.at(-1)).toBe('close 4401');
    live.close();
  });
});
