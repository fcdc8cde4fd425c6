import type BetterSqlite3 from 'better-sqlite3';
import type { DocumentStore, StoredDocument } from '../DocumentStore.js';
import type { WalSync } from './WalSync.js';

/** Options of `SqliteDocumentStore`. */
export interface SqliteDocumentStoreOptions {
  /**
   * Fsyncs the WAL for `sync()` when the connection commits with `synchronous=NORMAL`; without
   * it, `sync()` resolves at once (the connection is FULL, or promises crash safety only).
   */
  walSync?: WalSync;
}

/**
 * Board documents in SQLite: `doc_log` is the append-only log, keyed by document and a
 * per-document sequence number (one B-tree, so an append writes one page), `doc_snapshots` the
 * compacted state. An append is one transaction; it is synchronous, so a caller knows the update
 * is in the WAL (safe from `kill -9`) the moment `appendNow` returns.
 */
export class SqliteDocumentStore implements DocumentStore {
  readonly #appendNow: (docId: string, updates: readonly Uint8Array[]) => number;
  readonly #lastSeq: BetterSqlite3.Statement;
  readonly #load: (docId: string) => StoredDocument;
  readonly #compact: (docId: string, snapshot: Uint8Array, upToSeq: number) => void;
  readonly #pending: BetterSqlite3.Statement;
  readonly #delete: (docId: string) => void;
  readonly #walSync: WalSync | undefined;

  constructor(db: BetterSqlite3.Database, options: SqliteDocumentStoreOptions = {}) {
    this.#walSync = options.walSync;
    db.exec(`
      CREATE TABLE IF NOT EXISTS doc_log (doc_id TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (doc_id, seq)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS doc_snapshots (doc_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data BLOB NOT NULL) WITHOUT ROWID;
    `);
    migrateGlobalLog(db);
    // The next number follows both the log and the snapshot: a compacted document has no log rows left.
    this.#lastSeq = db.prepare(
      'SELECT max(coalesce((SELECT max(seq) FROM doc_log WHERE doc_id = ?), 0), coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = ?), 0)) AS seq',
    );
    const insert = db.prepare('INSERT INTO doc_log (doc_id, seq, data) VALUES (?, ?, ?)');
    this.#appendNow = db.transaction((docId: string, updates: readonly Uint8Array[]) => {
      let seq = this.#lastSeqOf(docId);
      for (const update of updates) insert.run(docId, ++seq, update);
      return seq;
    });
    const snapshot = db.prepare('SELECT seq, data FROM doc_snapshots WHERE doc_id = ?');
    const log = db.prepare('SELECT seq, data FROM doc_log WHERE doc_id = ? AND seq > ? ORDER BY seq');
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
    const trim = db.prepare('DELETE FROM doc_log WHERE doc_id = ? AND seq <= ?');
    this.#compact = db.transaction((docId: string, data: Uint8Array, upToSeq: number) => {
      putSnapshot.run(docId, upToSeq, data);
      trim.run(docId, upToSeq);
    });
    this.#pending = db.prepare(
      'SELECT count(*) AS n FROM doc_log WHERE doc_id = ? AND seq > coalesce((SELECT seq FROM doc_snapshots WHERE doc_id = ?), 0)',
    );
    const deleteLog = db.prepare('DELETE FROM doc_log WHERE doc_id = ?');
    const deleteSnapshot = db.prepare('DELETE FROM doc_snapshots WHERE doc_id = ?');
    this.#delete = db.transaction((docId: string) => {
      deleteLog.run(docId);
      deleteSnapshot.run(docId);
    });
  }

  /**
   * Appends in one transaction and returns the last sequence number; the updates are in the WAL
   * (safe from a crash of the process) on return. Throws the driver's error (`SQLITE_BUSY`,
   * `SQLITE_FULL`, …) with nothing stored.
   */
  appendNow(docId: string, updates: readonly Uint8Array[]): number {
    if (updates.length === 0) return this.#lastSeqOf(docId);
    const seq = this.#appendNow(docId, updates);
    this.#walSync?.written();
    return seq;
  }

  async append(docId: string, updates: readonly Uint8Array[]): Promise<number> {
    return this.appendNow(docId, updates);
  }

  async load(docId: string): Promise<StoredDocument> {
    return this.#load(docId);
  }

  async compact(docId: string, snapshot: Uint8Array, upToSeq: number): Promise<void> {
    this.#compact(docId, snapshot, upToSeq);
    this.#walSync?.written();
  }

  async pendingUpdates(docId: string): Promise<number> {
    return (this.#pending.get(docId, docId) as { n: number }).n;
  }

  async delete(docId: string): Promise<void> {
    this.#delete(docId);
    this.#walSync?.written();
  }

  /** Resolves once every write so far is fsynced (`WalSync`); at once without one. */
  async sync(): Promise<void> {
    await this.#walSync?.request();
  }

  #lastSeqOf(docId: string): number {
    return (this.#lastSeq.get(docId, docId) as { seq: number }).seq;
  }
}

/**
 * Moves a log of the first layout (`doc_updates`: one global AUTOINCREMENT sequence and a
 * secondary index, three pages written per append) into `doc_log`, in one transaction. The
 * global numbers grow within each document, so they keep their order and stay above the
 * document's snapshot number.
 */
function migrateGlobalLog(db: BetterSqlite3.Database): void {
  const old = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'doc_updates'").get();
  if (old === undefined) return;
  db.transaction(() => {
    db.exec('INSERT INTO doc_log (doc_id, seq, data) SELECT doc_id, seq, data FROM doc_updates; DROP TABLE doc_updates;');
  }).immediate();
}
