import { describe, expect, it } from 'vitest';
import type { Database } from '../../storage/index.js';
import { DuplicateKeyError } from '../../storage/index.js';
import { MongoDatabase } from '../../storage/mongo/MongoDatabase.js';
import type { NotificationRecord } from '../../storage/schema/accounts.js';
import { accountCollections } from '../../storage/schema/accounts.js';
import type { BoardUpdateWindowRecord, NotificationDigestRecord } from '../../storage/schema/notifications.js';
import { notificationCollections } from '../../storage/schema/notifications.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { MingoStandInDb } from './mingoStandIn.js';

const adapters: [string, () => Database][] = [
  ['sqlite', () => new SqliteDatabase({ dataDir: ':memory:' })],
  ['mongodb adapter over the mingo stand-in', () => new MongoDatabase(new MingoStandInDb())],
];

function notification(id: string, userId: string, createdAt: number, extra: Partial<NotificationRecord> = {}): NotificationRecord {
  return { id, userId, workspaceId: 'wsp_1', kind: 'comment', title: 't', body: 'b', boardId: 'brd_1', itemId: null, actorId: null, createdAt, readAt: null, ...extra };
}

describe.each(adapters)('notification storage (%s)', (_name, open) => {
  it('finds pending notifications by email state and age; rows without a state are never pending', async () => {
    const db = open();
    const notifications = db.collection<NotificationRecord>(accountCollections.notifications);
    await db.ensureIndexes();
    await notifications.insert(notification('ntf_old', 'usr_1', 1));
    await notifications.insert(notification('ntf_a', 'usr_1', 10, { emailState: 'pending', digestId: null }));
    await notifications.insert(notification('ntf_b', 'usr_2', 20, { emailState: 'pending', digestId: null }));
    await notifications.insert(notification('ntf_c', 'usr_1', 30, { emailState: 'emailed', digestId: 'dig_1' }));
    const due = await notifications.find({ emailState: 'pending', createdAt: { $lte: 15 } }, { sort: [['createdAt', 1]], limit: 10 });
    expect(due.map((n) => n.id)).toEqual(['ntf_a']);
    expect(await notifications.updateMany({ id: { $in: ['ntf_a', 'ntf_b'] }, emailState: 'pending' }, { $set: { emailState: 'emailed', digestId: 'dig_2' } })).toBe(2);
    // A second claim of the same rows changes nothing: that is what keeps a digest from going out twice.
    expect(await notifications.updateMany({ id: { $in: ['ntf_a', 'ntf_b'] }, emailState: 'pending' }, { $set: { emailState: 'emailed', digestId: 'dig_3' } })).toBe(0);
    expect((await notifications.get('ntf_b'))?.digestId).toBe('dig_2');
    expect(await notifications.count({ emailState: 'pending' })).toBe(0);
    expect((await notifications.get('ntf_old'))?.emailState).toBeUndefined();
    await expect(notifications.insert(notification('ntf_a', 'usr_1', 99))).rejects.toBeInstanceOf(DuplicateKeyError);
    await db.close();
  });

  it('keeps board update windows, finds the open one of a board and the due ones', async () => {
    const db = open();
    const windows = db.collection<BoardUpdateWindowRecord>(notificationCollections.boardUpdateWindows);
    await db.ensureIndexes();
    await windows.put({ id: 'brd_1:100', boardId: 'brd_1', workspaceId: 'wsp_1', actorIds: ['usr_1'], openedAt: 100, dueAt: 200 });
    await windows.put({ id: 'brd_2:150', boardId: 'brd_2', workspaceId: 'wsp_1', actorIds: ['usr_2'], openedAt: 150, dueAt: 250 });
    expect((await windows.findOne({ boardId: 'brd_1', dueAt: { $gt: 199 } }))?.id).toBe('brd_1:100');
    expect(await windows.findOne({ boardId: 'brd_1', dueAt: { $gt: 200 } })).toBeNull();
    await windows.updateOne({ id: 'brd_1:100' }, { $set: { actorIds: ['usr_1', 'usr_3'] } });
    expect((await windows.get('brd_1:100'))?.actorIds).toEqual(['usr_1', 'usr_3']);
    expect((await windows.find({ dueAt: { $lte: 220 } }, { sort: [['dueAt', 1]], limit: 10 })).map((w) => w.id)).toEqual(['brd_1:100']);
    expect(await windows.deleteMany({ id: 'brd_1:100' })).toBe(1);
    expect(await windows.count({})).toBe(1);
    await db.close();
  });

  it('keeps digests and settles the interrupted ones', async () => {
    const db = open();
    const digests = db.collection<NotificationDigestRecord>(notificationCollections.digests);
    await db.ensureIndexes();
    await digests.insert({ id: 'dig_1', userId: 'usr_1', email: 'a@example.com', notificationIds: ['ntf_a'], state: 'sent', createdAt: 1, settledAt: 2 });
    await digests.insert({ id: 'dig_2', userId: 'usr_1', email: 'a@example.com', notificationIds: ['ntf_b', 'ntf_c'], state: 'sending', createdAt: 3, settledAt: null });
    expect(await digests.updateMany({ state: 'sending' }, { $set: { state: 'interrupted', settledAt: 9 } })).toBe(1);
    const rows = await digests.find({ userId: 'usr_1' }, { sort: [['createdAt', -1]] });
    expect(rows.map((d) => [d.id, d.state, d.notificationIds])).toEqual([
      ['dig_2', 'interrupted', ['ntf_b', 'ntf_c']],
      ['dig_1', 'sent', ['ntf_a']],
    ]);
    await db.close();
  });
});
