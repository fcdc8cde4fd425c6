import type BetterSqlite3 from 'better-sqlite3';
import type { LogTail, StoredDocument } from '../DocumentStore.js';
import { StorageError } from '../errors.js';
import { unpackSnapshot } from '../snapshotParts.js';
import type { JournaledAppends } from './JournaledAppends.js';
import { type SnapshotRow, type SqliteSnapshotParts, parseSizes } from './SqliteSnapshotParts.js';
import { bytesOf, nextTurn } from './turns.js';

/**
 * Logged updates read per event-loop turn by `load`. A compaction reads the whole log of its
 * board: 3,200 to 8,000 rows read in one go held the event loop 10 to 12 ms (on top of whatever
 * else that turn ran), a thousand take about a millisecond and a half.
 */
const logRowsPerTurn = 1000;

/** What `load` reads in its first transaction; `more` when the log goes on past the rows read. */
type LoadHead = Omit<StoredDocument, 'snapshot'> & { snapshot: Uint8Array[] | SnapshotRow | null; more: boolean };

/**
 * The reads of board documents in SQLite (`SqliteDocumentStore.load` and `readLogAfter`): a
 * snapshot and the log after it, read a turn at a time, followed by the document's appends
 * still waiting in the journal.
 */
export class SqliteDocumentReads {
  readonly #parts: SqliteSnapshotParts;
  readonly #journaled: JournaledAppends | undefined;
  readonly #moveWaiting: () => boolean;
  readonly #load: (docId: string) => LoadHead;
  readonly #logAfter: BetterSqlite3.Statement;
  readonly #snapshotSeq: BetterSqlite3.Statement;

  /** `moveWaiting` moves the appends waiting in the journal into `doc_log`, before each read. */
  constructor(db: BetterSqlite3.Database, parts: SqliteSnapshotParts, journaled: JournaledAppends | undefined, moveWaiting: () => boolean) {
    this.#parts = parts;
    this.#journaled = journaled;
    this.#moveWaiting = moveWaiting;
    const snapshot = db.prepare('SELECT seq, data, parts, gen FROM doc_snapshots WHERE doc_id = ?');
    const log = db.prepare('SELECT seq, data FROM doc_log WHERE doc_id = ? AND seq > ? ORDER BY seq LIMIT ?');
    this.#logAfter = log;
    // A snapshot in parts, and a log longer than `logRowsPerTurn`, are read afterwards, a turn at a time (`load`).
    this.#load = db.transaction((docId: string) => {
      const snap = snapshot.get(docId) as SnapshotRow | undefined;
      const rows = log.all(docId, snap?.seq ?? 0, logRowsPerTurn) as { seq: number; data: Buffer }[];
      return {
        snapshot: snap === undefined ? null : snap.gen === null ? unpackSnapshot(new Uint8Array(snap.data), snap.parts === null ? null : parseSizes(snap.parts)) : snap,
        updates: rows.map((r) => bytesOf(r.data)),
        lastSeq: rows.at(-1)?.seq ?? snap?.seq ?? 0,
        more: rows.length === logRowsPerTurn,
      };
    });
    this.#snapshotSeq = db.prepare('SELECT seq FROM doc_snapshots WHERE doc_id = ?').pluck();
  }

  /**
   * The snapshot and the updates logged after it. The snapshot's row and the first
   * `logRowsPerTurn` updates are read in one transaction; a snapshot stored in parts is then read
   * a few parts per event-loop turn (its parts never change, and a compaction that replaces it
   * meanwhile frees them only after this read), and a longer log `logRowsPerTurn` rows per turn
   * (rows are only ever added after it, or trimmed by a compaction that stores a later
   * snapshot, which makes it read again when that snapshot covers rows past the first read). A
   * delete meanwhile makes it read again.
   */
  async load(docId: string): Promise<StoredDocument> {
    for (let attempt = 1; ; attempt += 1) {
      this.#moveWaiting();
      const head = this.#load(docId);
      const { snapshot, updates, lastSeq } = head;
      const stored = head.more || !(snapshot === null || Array.isArray(snapshot)) ? await this.#readRest(docId, head) : this.#withWaiting(docId, { snapshot, updates, lastSeq });
      if (stored !== undefined) return stored;
      if (attempt >= 3) throw new StorageError('storage_unavailable', `The snapshot of ${docId} kept changing while it was read.`);
    }
  }

  /**
   * The log after `afterSeq`, `logRowsPerTurn` rows per event-loop turn, then the document's
   * appends still waiting in the journal; null when a snapshot covers a number after `afterSeq`
   * (checked before each turn's rows: a compaction between two turns may have trimmed rows not
   * read yet).
   */
  async readLogAfter(docId: string, afterSeq: number): Promise<LogTail | null> {
    this.#moveWaiting();
    const tail: LogTail = { updates: [], lastSeq: afterSeq };
    for (let rows = logRowsPerTurn, turn = 0; rows === logRowsPerTurn; turn += 1) {
      if (turn > 0) await nextTurn();
      if (((this.#snapshotSeq.get(docId) as number | undefined) ?? 0) > afterSeq) return null;
      const next = this.#logAfter.all(docId, tail.lastSeq, logRowsPerTurn) as { seq: number; data: Buffer }[];
      for (const r of next) tail.updates.push({ seq: r.seq, update: bytesOf(r.data) });
      tail.lastSeq = next.at(-1)?.seq ?? tail.lastSeq;
      rows = next.length;
    }
    this.#journaled?.forEachAfter(docId, tail.lastSeq, (seq, update) => {
      tail.updates.push({ seq, update });
      tail.lastSeq = seq;
    });
    return tail;
  }

  /**
   * `stored` followed by the document's appends still waiting in the journal (left waiting only
   * when a move failed, or made since the last read): called in the turn of the last read.
   */
  #withWaiting(docId: string, stored: StoredDocument): StoredDocument {
    this.#journaled?.forEachAfter(docId, stored.lastSeq, (seq, update) => {
      stored.updates.push(update);
      stored.lastSeq = seq;
    });
    return stored;
  }

  /**
   * The rest of a load begun by `#load` (`head`): the snapshot's parts, when stored in parts, then
   * the rest of the log, a turn at a time; undefined when the document was deleted, or its
   * snapshot replaced, meanwhile (read it again). Throws StorageError `storage_damaged` when a
   * part is missing or not the size recorded.
   */
  async #readRest(docId: string, head: LoadHead): Promise<StoredDocument | undefined> {
    const reading = this.#parts.startReading(docId);
    try {
      const row = head.snapshot;
      const snapshot = row === null || Array.isArray(row) ? row : await this.#parts.read(docId, row);
      if (snapshot === undefined || reading.deleted) return undefined;
      const stored: StoredDocument = { snapshot, updates: head.updates, lastSeq: head.lastSeq };
      // The rest of the log: rows past the first read, and those moved in from the journal while the parts were read.
      for (let rows = logRowsPerTurn; rows === logRowsPerTurn; ) {
        await nextTurn();
        if (reading.deleted) return undefined;
        const next = this.#logAfter.all(docId, stored.lastSeq, logRowsPerTurn) as { seq: number; data: Buffer }[];
        for (const r of next) stored.updates.push(bytesOf(r.data));
        stored.lastSeq = next.at(-1)?.seq ?? stored.lastSeq;
        rows = next.length;
      }
      // A compaction stored meanwhile past the rows of the first read may have trimmed rows not read yet.
      if (((this.#snapshotSeq.get(docId) as number | undefined) ?? 0) > head.lastSeq) return undefined;
      return this.#withWaiting(docId, stored);
    } finally {
      this.#parts.stopReading(docId, reading);
    }
  }
}
