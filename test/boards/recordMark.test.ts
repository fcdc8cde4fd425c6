import { afterEach, expect, it } from 'vitest';
import { RecordEventJournal } from '../../server/boards/RecordEventJournal.js';
import type { RecordPlan } from '../../server/boards/RecordEventJournal.js';
import { RecordMark, marksBeforePruning, markedRows } from '../../server/boards/RecordMark.js';
import { errors } from '../../server/errors.js';
import { DomainEvents } from '../../server/events/index.js';
import type { Database } from '../../storage/index.js';
import { ManualClock } from '../../storage/index.js';
import type { BoardMemberRecord, BoardRecord, SpaceRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import type { RecordEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { boardRecord } from '../content/boardRecord.js';
import { describeOnEveryStore } from '../storage/bothStores.js';

/**
 * docs/events.md "Durability of record events": an operation's row names the record whose write
 * carries the row's id (`recordEvents`), and is recovered when that write happened, whatever
 * changed the record afterwards, on every store; each process here is a journal of its own over
 * one database.
 */

const logger = { error: (): void => undefined };

/** One "process" over `db`: its journal, and the titles of the `board.updated` events it heard; `halted` stops every operation at its first event, as a process killed there. */
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

/** A rename of `board` to `title`, as `BoardService.update` plans it. */
function rename(board: BoardRecord, title: string): RecordPlan {
  const after = { ...board, title };
  const base = { workspaceId: board.workspaceId, boardId: board.id, actor: { userId: 'usr_a' }, at: 1_000 };
  return { boardId: board.id, marked: { collection: 'boards', id: board.id, read: board }, stored: [], events: [{ type: 'board.updated', payload: { ...base, board: after, changes: ['title'] } }] };
}

function cases(open: () => Promise<Database>): void {
  let db: Database;
  const boards = () => db.collection<BoardRecord>(boardCollections.boards);
  const rows = () => db.collection<RecordEventsRecord>(writeEventCollections.records);
  const renameIn = (p: ReturnType<typeof serverProcess>, board: BoardRecord, title: string): Promise<BoardRecord | null> =>
    p.journal.record(rename(board, title), (mark) => mark.update(boards(), { id: board.id, trashedAt: null }, { $set: { title } }));

  afterEach(async () => {
    await db?.close();
  });

  it('recovers a row once after a later change of the same fields, and drops one whose write never happened although a later write set its fields', async () => {
    db = await open();
    const board = boardRecord('brd_1');
    await boards().insert(board);
    const stopped = serverProcess(db, { halted: true });
    void renameIn(stopped, board, 'First');
    await expect.poll(async () => (await boards().get('brd_1'))?.title).toBe('First');
    const [cut] = await rows().find({});
    // Another process renames it again, and a third writes a row whose rename never reached the store.
    const other = serverProcess(db);
    await renameIn(other, (await boards().get('brd_1')) as BoardRecord, 'Second');
    expect(other.heard).toEqual(['Second']);
    await expect.poll(() => rows().count({})).toBe(1);
    const ghost = { ...(cut as RecordEventsRecord), id: 'rev_0000000000000_ghost' };
    ghost.events = [{ type: 'board.updated', payload: { ...(cut?.events[0]?.payload ?? {}), board: { ...board, title: 'Second' }, changeKey: 'rev_0000000000000_ghost/e0' } }];
    await rows().insert(ghost);
    expect(markedRows(await boards().get('brd_1'))).toContain(cut?.id);

    const next = serverProcess(db);
    expect(await next.journal.recover()).toBe(2);
    expect(next.heard).toEqual(['First']);
    expect(await rows().count({})).toBe(0);
    expect(await next.journal.recover()).toBe(0);
    expect(next.heard).toEqual(['First']);
  });

  it('keeps the id of every write made from the same stale read, updates and puts alike', async () => {
    db = await open();
    const board = boardRecord('brd_1');
    await boards().insert(board);
    const a = serverProcess(db, { halted: true });
    const b = serverProcess(db, { halted: true });
    // Both read the board before either wrote; the second write finds the marks changed and writes again from the stored ones.
    void renameIn(a, board, 'A');
    await expect.poll(async () => (await boards().get('brd_1'))?.title).toBe('A');
    void renameIn(b, board, 'B');
    await expect.poll(async () => (await boards().get('brd_1'))?.title).toBe('B');
    const ids = (await rows().find({}, { sort: [['id', 1]] })).map((row) => row.id);
    expect(markedRows(await boards().get('brd_1')).sort()).toEqual(ids);

    const members = db.collection<BoardMemberRecord>(boardCollections.boardMembers);
    const member: BoardMemberRecord = { id: 'brd_1:usr_b', boardId: 'brd_1', userId: 'usr_b', email: 'b@example.com', role: 'viewer', addedBy: 'usr_a', createdAt: 1, updatedAt: 1 };
    const share = (p: ReturnType<typeof serverProcess>, role: BoardMemberRecord['role']): Promise<void> =>
      p.journal.record({ ...rename(board, role), marked: { collection: 'boardMembers', id: member.id, read: null } }, (mark) => mark.put(members, { ...member, role }));
    // Two shares that both found no member: the second insert meets the first and updates it instead.
    void share(a, 'editor');
    await expect.poll(async () => (await members.get(member.id))?.role).toBe('editor');
    void share(b, 'commenter');
    await expect.poll(async () => (await members.get(member.id))?.role).toBe('commenter');
    const shareRows = (await rows().find({}, { sort: [['id', 1]] })).map((row) => row.id).filter((id) => !ids.includes(id));
    expect(shareRows).toHaveLength(2);
    expect(markedRows(await members.get(member.id)).sort()).toEqual(shareRows);
  });

  it('a put with nothing to record keeps the ids of rows still waiting', async () => {
    db = await open();
    const board = boardRecord('brd_1');
    const members = db.collection<BoardMemberRecord>(boardCollections.boardMembers);
    const member: BoardMemberRecord = { id: 'brd_1:usr_b', boardId: 'brd_1', userId: 'usr_b', email: 'b@example.com', role: 'viewer', addedBy: 'usr_a', createdAt: 1, updatedAt: 1 };
    await members.insert(member);
    const stopped = serverProcess(db, { halted: true });
    void stopped.journal.record({ ...rename(board, 'Cut'), marked: { collection: 'boardMembers', id: member.id, read: member } }, (mark) => mark.put(members, { ...member, role: 'editor' }));
    await expect.poll(async () => (await members.get(member.id))?.role).toBe('editor');
    const live = serverProcess(db);
    // The same role set again from a read made before the cut: nothing to record, and the cut's id stays.
    await live.journal.record({ ...rename(board, 'Same'), events: [], marked: { collection: 'boardMembers', id: member.id, read: member } }, (mark) => mark.put(members, { ...member, role: 'editor', updatedAt: 2 }));
    expect((await members.get(member.id))?.updatedAt).toBe(2);
    const next = serverProcess(db);
    expect(await next.journal.recover()).toBe(1);
    expect(next.heard).toEqual(['Cut']);
  });

  it(`keeps only the ids whose rows still wait once a record names ${marksBeforePruning}`, async () => {
    db = await open();
    const board = boardRecord('brd_1');
    await boards().insert(board);
    const stopped = serverProcess(db, { halted: true });
    void renameIn(stopped, board, 'Cut');
    await expect.poll(async () => (await boards().get('brd_1'))?.title).toBe('Cut');
    const [cut] = await rows().find({});
    const live = serverProcess(db);
    for (let i = 0; i < marksBeforePruning * 2; i++) {
      await renameIn(live, (await boards().get('brd_1')) as BoardRecord, `Title ${i}`);
      await expect.poll(() => rows().count({})).toBe(1);
      const marks = markedRows(await boards().get('brd_1'));
      expect(marks).toContain(cut?.id);
      expect(marks.length).toBeLessThanOrEqual(marksBeforePruning + 1);
    }
    const next = serverProcess(db);
    expect(await next.journal.recover()).toBe(1);
    expect(next.heard).toEqual(['Cut']);
  });

  it("finishes the write after the marked record's while that record stands as the operation left it, and not once another write changed it", async () => {
    db = await open();
    const spaces = db.collection<SpaceRecord>(boardCollections.spaces);
    for (const id of ['spc_1', 'spc_2']) {
      await spaces.insert({ id, workspaceId: 'wsp_1', ownerId: 'usr_a', name: id, position: 1, createdAt: 0, updatedAt: 0, trashedAt: null, trashedBy: null });
      await boards().insert({ ...boardRecord(`brd_${id}`), spaceId: id });
    }
    // A space trash, as `SpaceService.trash` plans it, whose process stops between the space's write and its boards'.
    const trash = async (id: string): Promise<void> => {
      const read = await spaces.get(id);
      const finish = { collection: 'boards', filter: { spaceId: id, trashedAt: null }, set: { trashedAt: 5, trashedWithSpaceId: id }, when: { collection: 'spaces', filter: { id, trashedAt: 5 } } } as const;
      void serverProcess(db).journal.record({ ...rename(boardRecord(`brd_${id}`), id), marked: { collection: 'spaces', id, read }, finish }, async (mark) => {
        await mark.update(spaces, { id, trashedAt: null }, { $set: { trashedAt: 5 } });
        await new Promise<void>(() => undefined);
      });
      await expect.poll(async () => (await spaces.get(id))?.trashedAt).toBe(5);
    };
    await trash('spc_1');
    await trash('spc_2');
    // Another process restores the second space before the rows are recovered.
    await spaces.updateOne({ id: 'spc_2' }, { $set: { trashedAt: null } });

    const next = serverProcess(db);
    expect(await next.journal.recover()).toBe(2);
    expect(next.heard.sort()).toEqual(['spc_1', 'spc_2']);
    expect(await boards().get('brd_spc_1')).toMatchObject({ trashedAt: 5, trashedWithSpaceId: 'spc_1' });
    expect(await boards().get('brd_spc_2')).toMatchObject({ trashedAt: null, trashedWithSpaceId: null });
  });

  it('writes each record read that still matches, keeping the ids written since the read, and names a row once', async () => {
    db = await open();
    const read = ['brd_1', 'brd_2', 'brd_3'].map((id) => ({ ...boardRecord(id), spaceId: 'spc_1', recordEvents: 'rev_0000000000000_old' }));
    for (const board of read) await boards().insert(board);
    // Since the read: another write marked brd_2, brd_3 left the space, and brd_1 already names the row (a replay writing again).
    await boards().updateOne({ id: 'brd_2' }, { $set: { recordEvents: 'rev_0000000000000_other rev_0000000000000_old' } });
    await boards().updateOne({ id: 'brd_3' }, { $set: { spaceId: null } });
    const row = 'rev_0000000000000_each';
    const first = { ...(read[0] as BoardRecord), recordEvents: `${row} rev_0000000000000_old` };
    await boards().updateOne({ id: 'brd_1' }, { $set: { recordEvents: first.recordEvents } });
    const mark = new RecordMark(row, null, () => Promise.resolve(new Set()));
    const written = await mark.updateEach(boards(), [first, ...read.slice(1)], { spaceId: 'spc_1' }, { $set: { title: 'Written' } });
    expect(written).toEqual(['brd_1', 'brd_2']);
    expect(markedRows(await boards().get('brd_1'))).toEqual([row, 'rev_0000000000000_old']);
    expect(markedRows(await boards().get('brd_2'))).toEqual([row, 'rev_0000000000000_other', 'rev_0000000000000_old']);
    expect(await boards().get('brd_3')).toMatchObject({ title: 'Board', recordEvents: 'rev_0000000000000_old' });
  });

  it('journals nothing for an operation with nothing to record or one refused, and adds no marks', async () => {
    db = await open();
    const board = boardRecord('brd_1');
    await boards().insert({ ...board, trashedAt: 5 });
    const p = serverProcess(db);
    const refused = p.journal.record(rename(board, 'X'), async (mark) => {
      const stored = await mark.update(boards(), { id: board.id, trashedAt: null }, { $set: { title: 'X' } });
      if (!stored) throw errors.notFound('Board');
      return stored;
    });
    await expect(refused).rejects.toMatchObject({ code: 'not_found' });
    await p.journal.record({ ...rename(board, 'Y'), events: [] }, (mark) => mark.update(boards(), { id: board.id }, { $set: { title: 'Y' } }));
    const stored = await boards().get('brd_1');
    expect(stored?.title).toBe('Y');
    expect(stored?.recordEvents).toBeUndefined();
    expect(await rows().count({})).toBe(0);
    expect(p.heard).toEqual([]);
  });
}

describeOnEveryStore('record operations told by the write that carries their row', 'boards-record-mark-', cases);
