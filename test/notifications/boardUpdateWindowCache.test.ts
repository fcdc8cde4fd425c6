import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BoardUpdateNotifier } from '../../server/notifications/BoardUpdateNotifier.js';
import type { BoardUpdateWindowRecord } from '../../storage/schema/notifications.js';
import { notificationCollections } from '../../storage/schema/notifications.js';
import { SqliteCollection } from '../../storage/sqlite/SqliteCollection.js';
import { SqliteDatabase } from '../../storage/sqlite/SqliteDatabase.js';

const quietPeriodMs = 300_000;

describe('the open windows a board update notifier remembers', () => {
  let db: SqliteDatabase;
  let notifier: BoardUpdateNotifier;
  const now = { ms: 1_000_000 };

  beforeEach(() => {
    // Only the timers: the store's promises run as they do in production.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    db = new SqliteDatabase({ dataDir: ':memory:' });
    // Closing windows is not part of this test: the services that notify are not reached.
    notifier = new BoardUpdateNotifier({ db, clock: { now: () => now.ms }, accounts: {} as never, members: {} as never, notifications: {} as never, quietPeriodMs });
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    await db.close();
  });

  const windows = (): Promise<BoardUpdateWindowRecord[]> => db.collection<BoardUpdateWindowRecord>(notificationCollections.boardUpdateWindows).find({});

  it('reads a busy board’s window once, forgets it when the board goes quiet, and a later change still joins the same window', async () => {
    const reads = vi.spyOn(SqliteCollection.prototype, 'findOne');
    await notifier.changed('brd_1', 'wsp_1', 'usr_a', now.ms);
    expect(reads).toHaveBeenCalledTimes(1);
    for (const user of ['usr_b', 'usr_a', 'usr_b']) {
      now.ms += 1_000;
      await notifier.changed('brd_1', 'wsp_1', user, now.ms);
    }
    // Remembered while the board is busy: no read per change.
    expect(reads).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(120_000);
    now.ms += 120_000;
    await notifier.changed('brd_1', 'wsp_1', 'usr_c', now.ms);
    // Forgotten after two quiet minutes: read again, and joined, not a second window.
    expect(reads).toHaveBeenCalledTimes(2);
    const stored = await windows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ boardId: 'brd_1', actorIds: ['usr_a', 'usr_b', 'usr_c'] });
  });

  it('holds nothing of boards that have all gone quiet, however many changed', async () => {
    for (let i = 0; i < 200; i += 1) await notifier.changed(`brd_${i}`, 'wsp_1', 'usr_a', now.ms);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(120_000);
    // Its timer stops with nothing left to forget.
    expect(vi.getTimerCount()).toBe(0);
    expect(await windows()).toHaveLength(200);
  });
});
