import type { Collection, Database, Filter, StoredRecord } from '../../storage/index.js';
import type { KeptMarkRecord, RecordEventMarks, RecordEventsRecord } from '../../storage/schema/writeEvents.js';
import { writeEventCollections } from '../../storage/schema/writeEvents.js';
import { markedRows } from './RecordMark.js';

/** Records read (and ids per `$in`) per step of a delete, and ids per read of the journal. */
const chunk = 500;

/**
 * Deletes records that may name `record_events` rows (`RecordMark`) without losing what they
 * name: before a record with marks is deleted, the ids of its rows still waiting in the journal
 * are kept in `record_marks_kept` (with the record's collection and id), so that a row left by a
 * stopped process is found stored although its record was deleted before the row was recovered.
 * Marks are facts (the write happened), so keeping them before a delete that then fails is
 * harmless. A marked record is deleted only while its marks are those it kept (in the delete's
 * filter), and kept again when a write came in between. A record without marks costs its delete
 * alone (and, for a delete by another filter than the id, one read of what is left); marked ones
 * cost one read of the journal per 500 ids, and a write only for a row still waiting.
 */
export class KeptMarks {
  readonly #kept: Collection<KeptMarkRecord>;
  readonly #rows: Collection<RecordEventsRecord>;

  constructor(db: Database) {
    this.#kept = db.collection<KeptMarkRecord>(writeEventCollections.marksKept);
    this.#rows = db.collection<RecordEventsRecord>(writeEventCollections.records);
  }

  /** `Collection.deleteMany` that keeps the waiting ids each deleted record names first; returns how many it deleted. */
  async deleteMany<R extends StoredRecord & RecordEventMarks>(collection: Collection<R>, filter: Filter<R>): Promise<number> {
    // Records with no marks go in the delete the caller made anyway.
    let deleted = await collection.deleteMany({ ...filter, recordEvents: null } as Filter<R>);
    const byId = typeof filter.id === 'string' && Object.keys(filter).length === 1 ? filter.id : null;
    if (byId !== null && deleted > 0) return deleted;
    for (;;) {
      const left = byId === null ? await collection.find(filter, { limit: chunk }) : await collection.get(byId).then((record) => (record === null ? [] : [record]));
      if (left.length === 0) return deleted;
      await this.#keep(collection.name, left);
      // Each record's marks name rows of its own: a record whose marks are still as read is deleted, one written since is read again.
      const marks = [...new Set(left.map((record) => record.recordEvents).filter((value) => value !== undefined))];
      if (marks.length > 0) deleted += await collection.deleteMany({ ...filter, recordEvents: { $in: marks } } as Filter<R>);
      if (marks.length < left.length) deleted += await collection.deleteMany({ ...filter, recordEvents: null } as Filter<R>);
    }
  }

  /**
   * Deletes `record` as the caller read it (by its id), keeping first the waiting ids it names;
   * reads it again when a write came in between. One delete for a record without marks; returns how many it deleted.
   */
  async deleteOne<R extends StoredRecord & RecordEventMarks>(collection: Collection<R>, record: R): Promise<number> {
    let read: R | null = record;
    while (read !== null) {
      await this.#keep(collection.name, [read]);
      const deleted = await collection.deleteMany({ id: read.id, recordEvents: read.recordEvents ?? null } as Filter<R>);
      if (deleted > 0) return deleted;
      read = await collection.get(record.id);
    }
    return 0;
  }

  /** Whether row `rowId`'s record (`collection`, the store's name, and `recordId`) named it when it was deleted. */
  async named(rowId: string, collection: string, recordId: string): Promise<boolean> {
    if ((await this.#kept.get(keptId(rowId, collection, recordId))) !== null) return true;
    // Kept by an earlier version, under the row id alone.
    const kept = await this.#kept.get(rowId);
    return kept !== null && kept.collection === collection && kept.recordId === recordId;
  }

  /** Forgets what was kept for these rows (settled). */
  async forget(rowIds: readonly string[]): Promise<void> {
    if (rowIds.length === 0) return;
    await this.#kept.deleteMany({ rowId: { $in: rowIds } });
    await this.#kept.deleteMany({ id: { $in: rowIds } });
  }

  /** Forgets what was kept for rows no longer in the journal (recorded or dropped by the process that wrote them); returns how many. */
  async prune(): Promise<number> {
    const kept = await this.#kept.find({});
    if (kept.length === 0) return 0;
    const rowIds = [...new Set(kept.map((mark) => mark.rowId ?? mark.id))];
    const waiting = new Set((await this.#rows.find({ id: { $in: rowIds } })).map((row) => row.id));
    const settled = rowIds.filter((id) => !waiting.has(id));
    await this.forget(settled);
    return settled.length;
  }

  async #keep(collection: string, records: readonly (StoredRecord & RecordEventMarks)[]): Promise<void> {
    // A row may name several of them (a space's trash marks each of its boards).
    const recordsOf = new Map<string, string[]>();
    for (const record of records) for (const rowId of markedRows(record)) recordsOf.set(rowId, [...(recordsOf.get(rowId) ?? []), record.id]);
    const ids = [...recordsOf.keys()];
    for (let i = 0; i < ids.length; i += chunk) {
      // A row no longer in the journal was recorded or dropped already: nobody needs its id.
      const waiting = await this.#rows.find({ id: { $in: ids.slice(i, i + chunk) } });
      for (const row of waiting) {
        for (const recordId of recordsOf.get(row.id) ?? []) await this.#kept.put({ id: keptId(row.id, collection, recordId), rowId: row.id, collection, recordId });
      }
    }
  }
}

function keptId(rowId: string, collection: string, recordId: string): string {
  return `${rowId} ${collection} ${recordId}`;
}
