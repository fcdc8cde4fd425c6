import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentJournal } from '../../storage/sqlite/DocumentJournal.js';
import { SqliteDocumentStore } from '../../storage/sqlite/SqliteDocumentStore.js';

/** The statements a connection runs, each by its first three words (the values bound are left out). */
const recordingConnection = (file: string): { db: BetterSqlite3.Database; take: () => string[] } => {
  let ran: string[] = [];
  const db = new BetterSqlite3(file, { verbose: (sql) => ran.push(String(sql).split(' ').slice(0, 3).join(' ')) });
  return {
    db,
    take: () => {
      const taken = ran;
      ran = [];
      return taken;
    },
  };
};

const readStoredNumber = 'SELECT max(coalesce((SELECT max(seq)';
const insertLog = 'INSERT INTO doc_log';
const update = (n: number): Uint8Array => new Uint8Array([1, 2, n]);

describe('sqlite document store: the statements of the append path', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('without a journal: one transaction of one insert per update, and the stored number read once per document', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boards-append-statements-'));
    const { db, take } = recordingConnection(path.join(dir, 'docs.db'));
    const store = new SqliteDocumentStore(db);
    try {
      take();
      store.appendNow('a', [update(1)]);
      store.appendNow('a', [update(2), update(3)]);
      store.appendNow('b', [update(4)]);
      expect(take()).toEqual(['BEGIN', readStoredNumber, insertLog, 'COMMIT', 'BEGIN', insertLog, insertLog, 'COMMIT', 'BEGIN', readStoredNumber, insertLog, 'COMMIT']);
    } finally {
      await store.close();
      db.close();
    }
  });

  it('with a journal: no statement until the move, which inserts every waiting update in one transaction', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boards-append-statements-'));
    const { db, take } = recordingConnection(path.join(dir, 'docs.db'));
    const journal = DocumentJournal.open({ dir: path.join(dir, 'journal'), fsync: false, syncDelayMs: 60_000, segmentBytes: 1 << 20, onError: () => undefined });
    if (journal === undefined) throw new Error('journal locked');
    const store = new SqliteDocumentStore(db, { journal, moveDelayMs: 60_000 });
    try {
      store.appendNow('a', [update(1)]);
      take();
      store.appendNow('a', [update(2), update(3)]);
      store.appendNow('b', [update(4)]);
      expect(take()).toEqual([readStoredNumber]);
      expect(await store.pendingUpdates('a')).toBe(3);
      expect(take()).toEqual(['BEGIN', insertLog, insertLog, insertLog, insertLog, 'COMMIT', 'SELECT count(*) AS']);
    } finally {
      await store.close();
      db.close();
    }
  });
});
