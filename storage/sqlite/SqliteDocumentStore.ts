import type BetterSqlite3 from 'better-sqlite3';
import type { DocumentStore, StoredDocument } from '../DocumentStore.js';

/**
 * Board documents in SQLite: `doc_updates` is the append-only log (the global rowid gives the
 * order), `doc_snapshots` the compacted state. Appends are one transaction per batch.
 */
export class SqliteDocumentStore implements DocumentStore {
  readonly #append: (docId: string, updates: readonly Uint8Array[]) => number;
  readonly #load: (docId: string) => StoredDocument;
  readonly #compact: (docId: string, snapshot: Uint8Array, upToSeq: number) => void;
  readonly #pending: BetterSqlite3.Statement;
  readonly #delete: (docId: string) => void;

  constructor(db: BetterSqlite3.Database) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS doc_updates (seq INTEGER PRIMARY KEY AUTOINCREMENT, doc_id TEXT NOT NULL, data BLOB NOT NULL);
      CREATE INDEX IF NOT EXISTS ix_doc_updates_doc ON doc_updates (doc_id, seq);
      CREATE TABLE IF NOT EXISTS doc_snapshots (doc_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data BLOB NOT NULL) WITHOUT ROWID;
    `);
    const insert = db.prepare('INSERT INTO doc_updates (doc_id, data) VALUES (?, ?)');
    this.#append = db.transaction((docId: string, updates: readonly Uint8Array[]) => {
      let last = 0;
      for (const update of updates) last = Number(insert.run(docId, update).lastInsertRowid);
      return last;
    });
    const snapshot = db.prepare('SELECT seq, data FROM doc_snapshots WHERE doc_id = ?');
    const log = db.prepare('SELECT seq, data FROM doc_updates WHERE doc_id = ? AND seq > ? ORDER BY seq');
    this.#load = db.transaction((docId: string) => {
      const snap = snapshot.get(docId) as { seq: number; data: Buffer } | undefined;
      const rows = log.all(docId, snap?.seq ?? 0) as { seq: number; data: Buffer }[];
      return {
        snapshot: snap ? new Uint8Array(snap.data) : null,
        updates: rows.map((r) => new Uint8Array(r.data)),
        lastSeq: rows.at(-1)?.seq ?? snap?.seq ?? 0,
      };
    });
    const putSnapshot = db.prepare(
      'INSERT INTO doc_snapshots (doc_id, seq, data) VALUES (?, ?, ?) ON CONFLICT (doc_id) DO UPDATE SET seq = excluded.seq, data = excluded.data WHERE excluded.seq >= doc_snapshots.seq',
    );
    const trim = db.prepare('DELETE FROM doc_updates WHERE doc_id = ? AND seq <= ?');
    this.#compact = db.transaction((docId: string, data: Uint8Array, upToSeq: number) => {
      putSnapshot.run(docId, upToSeq, data);
      trim.run(docId, upToSeq);
    });
    this.#pending = db.prepare(
      'SELECT count(*) AS n FROM doc_updates WHERE doc_id = ? AND seq > coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = ?), 0)',
    );
    const deleteLog = db.prepare('DELETE FROM doc_updates WHERE doc_id = ?');
    const deleteSnapshot = db.prepare('DELETE FROM doc_snapshots WHERE doc_id = ?');
    this.#delete = db.transaction((docId: string) => {
      deleteLog.run(docId);
      deleteSnapshot.run(docId);
    });
  }

  async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    // Nothing to write: the last sequence number is the one already stored.
    if (updates.length === 0) return this.#load(docId).lastSeq;
    return this.#append(docId, updates);
  }

  async load(docId: string): Promise<StoredDocument> {
    return this.#load(docId);
  }

  async compact(docId: string, snapshot: Uint8Array, upToSeq: number): Promise<void> {
    this.#compact(docId, snapshot, upToSeq);
  }

  async pendingUpdates(docId: string): Promise<number> {
    return (this.#pending.get(docId, docId) as { n: number }).n;
  }

  async delete(docId: string): Promise<void> {
    this.#delete(docId);
  }

  /**
   * Nothing to wait for: with `synchronous=FULL` every commit is already fsynced; with
   * `NORMAL` the connection promises only what survives a crash of the process.
   */
  async sync(): Promise<void> {}
}
