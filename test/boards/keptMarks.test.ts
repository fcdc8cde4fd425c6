import { afterEach, expect, it } from 'vitest';
import { KeptMarks } from '../../server/boards/KeptMarks.js';
import { RecordEventJournal } from '../../server/boards/RecordEventJournal.js';
import type { RecordPlan } from '../../server/boards/RecordEventJournal.js';
import { markedRows } from '../../server/boards/RecordMark.js';
import { DomainEvents } from '../../server/events/index.js';
import type { Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import type { BoardMemberRecord, BoardRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { KeptMarkRecord, RecordEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { boardRecord } from '../content/boardRecord.js';
import { describeOnEveryStore } from '../storage/bothStores.js';

/**
 * docs/events.md "Durability of record events": a record deleted while rows it names still wait
 * (a board created then deleted for good, a member shared then removed) has those row ids kept
 * before the delete, so each row is recovered once although its record is gone; a row whose
 * write never happened is still dropped. Each process here is a journal of its own over one
 * database, on every store.
 */

const logger = { error: (): void => undefined };

/** One "process" over `db`; `halted` stops every operation at its first event, as a process killed there. */
function serverProcess(db: Database, options: { halted?: boolean } = {}) {
  const events = new DomainEvents(logger);
  const heard: string[] = [];
  if (options.halted) events.on('board.updated', () => new Promise<void>(() => undefined));
  events.on('board.updated', (event) => void heard.push(event.board.title));
  const activity = { record: async (): Promise<void> => undefined };
  const notifications = { notify: async (): Promise<void> => undefined };
  const journal = new RecordEventJournal({ db, events, activity: activity as never, notifications: notifications as never, clock: new ManualClock(1_000), logger });
  return { journal, heard };
}

/** An operation on `id` of `collection` that records a `board.updated` titled `title`. */
function plan(collection: 'boards' | 'boardMembers', id: string, read: BoardRecord | BoardMemberRecord | null, title: string): RecordPlan {
  const board = boardRecord('brd_1');
  const base = { workspaceId: board.workspaceId, boardId: board.id, actor: { userId: 'usr_a' }, at: 1_000 };
  return { boardId: board.id, marked: { collection, id, read }, stored: [], events: [{ type: 'board.updated', payload: { ...base, board: { ...board, title }, changes: ['title'] } }] };
}

function member(userId: string): BoardMemberRecord {
  return { id: `brd_1:${userId}`, boardId: 'brd_1', userId, email: `${userId}@example.com`, role: 'viewer', addedBy: 'usr_a', createdAt: 1, updatedAt: 1 };
}

function cases(open: () => Promise<Database>): void {
  let db: Database;
  const boards = () => db.collection<BoardRecord>(boardCollections.boards);
  const members = () => db.collection<BoardMemberRecord>(boardCollections.boardMembers);
  const rows = () => db.collection<RecordEventsRecord>(writeEventCollections.records);
  const kept = () => db.collection<KeptMarkRecord>(writeEventCollections.marksKept);

  afterEach(async () => {
    await db?.close();
  });

  it('recovers once the creation of a record deleted before its row was recovered, and drops a row whose write never happened', async () => {
    db = await open();
    const stopped = serverProcess(db, { halted: true });
    void stopped.journal.record(plan('boards', 'brd_1', null, 'Created'), (mark) => mark.insert(boards(), boardRecord('brd_1')));
    await expect.poll(() => boards().get('brd_1')).not.toBeNull();
    const [cut] = await rows().find({});
    expect(markedRows(await boards().get('brd_1'))).toEqual([cut?.id]);
    // A row of the same board whose write never reached the store.
    await rows().insert({ ...(cut as RecordEventsRecord), id: 'rev_0000000000000_ghost' });
    // Another process deletes the board for good.
    expect(await new KeptMarks(db).deleteMany(boards(), { id: 'brd_1' })).toBe(1);
    expect(await boards().get('brd_1')).toBeNull();
    expect((await kept().find({})).map((mark) => mark.rowId)).toEqual([cut?.id]);

    const next = serverProcess(db);
    expect(await next.journal.recover()).toBe(2);
    expect(next.heard).toEqual(['Created']);
    expect(await rows().count({})).toBe(0);
    expect(await kept().count({})).toBe(0);
    expect(await next.journal.recover()).toBe(0);
    expect(next.heard).toEqual(['Created']);
  });

  it('a delete by another filter keeps the waiting rows of each record it deletes, and nothing for rows recorded already', async () => {
    db = await open();
    await members().insert(member('usr_plain'));
    const stopped = serverProcess(db, { halted: true });
    void stopped.journal.record(plan('boardMembers', 'brd_1:usr_b', null, 'Shared'), (mark) => mark.insert(members(), member('usr_b')));
    await expect.poll(() => members().get('brd_1:usr_b')).not.toBeNull();
    const live = serverProcess(db);
    await live.journal.record(plan('boardMembers', 'brd_1:usr_c', null, 'Recorded'), (mark) => mark.insert(members(), member('usr_c')));
    await expect.poll(() => rows().count({})).toBe(1);
    expect(markedRows(await members().get('brd_1:usr_c'))).toHaveLength(1);

    expect(await new KeptMarks(db).deleteMany(members(), { boardId: 'brd_1' })).toBe(3);
    expect(await members().count({})).toBe(0);
    const [cut] = await rows().find({});
    const collection = boardCollections.boardMembers.name;
    expect(await kept().find({})).toEqual([{ id: `${cut?.id} ${collection} brd_1:usr_b`, rowId: cut?.id, collection, recordId: 'brd_1:usr_b' }]);

    // The same person shared again: a new record, which does not name the row; the kept id does.
    await members().insert(member('usr_b'));
    const next = serverProcess(db);
    expect(await next.journal.recover()).toBe(1);
    expect(next.heard).toEqual(['Shared']);
    expect(await kept().count({})).toBe(0);
  });

  it('keeps a row once for each deleted record that names it, and still reads a row id kept alone by an earlier version', async () => {
    db = await open();
    const spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    const space: SpaceRecord = { id: 'spc_1', workspaceId: 'wsp_1', ownerId: 'usr_a', name: 'Team', position: 1, createdAt: 0, updatedAt: 0, trashedAt: null, trashedBy: null };
    await spaces.insert(space);
    const read = [{ ...boardRecord('brd_1'), spaceId: 'spc_1' }, { ...boardRecord('brd_2'), spaceId: 'spc_1' }];
    for (const board of read) await boards().insert(board);
    // An operation on the space that writes each of its boards carrying its row, each board's event depending on that board's write.
    const each: RecordPlan = {
      ...plan('boards', 'brd_1', null, ''),
      marked: { collection: 'spaces', id: 'spc_1', read: space },
      events: (plan('boards', 'brd_1', null, 'First').events ?? []).concat(plan('boards', 'brd_2', null, 'Second').events ?? []).map((event, i) => ({ ...event, onlyIf: { collection: 'boards', id: `brd_${i + 1}` } })),
    };
    const stopped = serverProcess(db, { halted: true });
    void stopped.journal.record(each, async (mark) => {
      await mark.update(spaces, { id: 'spc_1' }, { $set: { name: 'Renamed' } });
      await mark.updateEach(boards(), read, { spaceId: 'spc_1' }, { $set: { title: 'Written' } });
    });
    await expect.poll(async () => (await boards().find({ title: 'Written' })).length).toBe(2);
    const [cut] = await rows().find({});
    expect(markedRows(await boards().get('brd_2'))).toEqual([cut?.id]);
    expect(await new KeptMarks(db).deleteMany(boards(), { spaceId: 'spc_1' })).toBe(2);
    expect((await kept().find({})).map((mark) => `${String(mark.rowId)} ${mark.recordId}`).sort()).toEqual([`${cut?.id} brd_1`, `${cut?.id} brd_2`]);

    const next = serverProcess(db);
    expect(await next.journal.recover()).toBe(1);
    expect(next.heard).toEqual(['First', 'Second']);
    expect(await kept().count({})).toBe(0);

    // A creation whose record was deleted and its id kept by an earlier version (under the row id alone).
    void serverProcess(db, { halted: true }).journal.record(plan('boards', 'brd_3', null, 'Third'), (mark) => mark.insert(boards(), boardRecord('brd_3')));
    await expect.poll(() => boards().get('brd_3')).not.toBeNull();
    const [old] = await rows().find({});
    await boards().deleteMany({ id: 'brd_3' });
    await kept().insert({ id: old?.id as string, collection: boardCollections.boards.name, recordId: 'brd_3' });
    const later = serverProcess(db);
    expect(await later.journal.recover()).toBe(1);
    expect(later.heard).toEqual(['Third']);
    expect(await kept().count({})).toBe(0);
  });

  it('forgets what it kept for rows their own process recorded since', async () => {
    db = await open();
    const stopped = serverProcess(db, { halted: true });
    void stopped.journal.record(plan('boardMembers', 'brd_1:usr_b', null, 'Shared'), (mark) => mark.insert(members(), member('usr_b')));
    await expect.poll(() => members().get('brd_1:usr_b')).not.toBeNull();
    await new KeptMarks(db).deleteMany(members(), { id: 'brd_1:usr_b' });
    expect(await kept().count({})).toBe(1);
    // The row's process recorded it after all and removed its row.
    await rows().deleteMany({});
    expect(await serverProcess(db).journal.recover()).toBe(0);
    expect(await kept().count({})).toBe(0);
  });
}

describeOnEveryStore('record rows of deleted records', 'boards-kept-marks-', cases);
