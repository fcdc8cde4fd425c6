import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentBoards } from '../../server/content/RecentBoards.js';
import { ManualClock } from '../../storage/index.js';
import type { BoardRecord } from '../../storage/schema/boards.js';
import { boardCollections } from '../../storage/schema/boards.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';
import { boardRecord } from './boardRecord.js';

const logger = { warn: (): void => undefined };
const ids = Array.from({ length: 30 }, (_, i) => `brd_${i}`);

describe('RecentBoards', () => {
  let db: SqliteDatabase;
  afterEach(async () => {
    await db.close();
  });

  it('writes the boards touched in one turn in one commit, and a board at most once per interval', async () => {
    db = new SqliteDatabase({ dataDir: ':memory:' });
    const boards = db.collection<BoardRecord>(boardCollections.boards);
    for (const id of ids) await boards.insert(boardRecord(id));
    const clock = new ManualClock(50_000);
    const recent = new RecentBoards(db, clock, logger);
    const batch = vi.spyOn(db, 'batch');
    for (const id of ids) recent.touch(id, 'usr_b');
    clock.advance(1_000);
    recent.touch('brd_0', 'usr_c');
    await vi.waitFor(async () => expect((await boards.find({ updatedBy: 'usr_b' })).length).toBe(ids.length));
    expect(batch).toHaveBeenCalledTimes(1);
    expect(await boards.get('brd_0')).toMatchObject({ updatedAt: 50_000, updatedBy: 'usr_b' });

    clock.advance(5_000);
    recent.touch('brd_0', 'usr_c');
    await vi.waitFor(async () => expect(await boards.get('brd_0')).toMatchObject({ updatedAt: 56_000, updatedBy: 'usr_c' }));
    expect(batch).toHaveBeenCalledTimes(2);
  });
});
