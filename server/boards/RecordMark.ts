import type { Collection, Filter, StoredRecord, Update } from '../../storage/index.js';
import { DuplicateKeyError } from '../../storage/index.js';
import type { RecordEventMarks } from '../../storage/schema/writeEvents.js';

/** From this many ids on, a write keeps only those whose journal row is still waiting (one read of the journal). */
export const marksBeforePruning = 8;

/** The ids a record's `recordEvents` names. */
export function markedRows(record: RecordEventMarks | null): string[] {
  const marks = record?.recordEvents;
  return marks === undefined || marks === '' ? [] : marks.split(' ');
}

/**
 * Writes an operation's record with the id of its journal row added to the record's
 * `recordEvents`, in the same single-record write, so that replaying the row asks whether that
 * write happened rather than whether the record still looks as it left it. Each write compares
 * the list it read with the stored one (a compare-and-set in the update's filter) and retries
 * from the stored one when another write came in between, so no write drops another's id. Ids
 * stay until a write finds `marksBeforePruning` or more and keeps those whose row still waits.
 * Without a row (an operation with nothing to record), writes as the store's own calls do.
 */
export class RecordMark {
  readonly #rowId: string | null;
  readonly #read: RecordEventMarks | null;
  readonly #waiting: (ids: readonly string[]) => Promise<ReadonlySet<string>>;

  /**
   * `read` is the record as the operation read it (null when it creates it); `waiting` answers
   * which of the given row ids are still in the journal.
   */
  constructor(rowId: string | null, read: RecordEventMarks | null, waiting: (ids: readonly string[]) => Promise<ReadonlySet<string>>) {
    this.#rowId = rowId;
    this.#read = read;
    this.#waiting = waiting;
  }

  /** `Collection.updateOne` with the row's id added to the record's marks; null when `filter` matches nothing. */
  async update<R extends StoredRecord & RecordEventMarks>(collection: Collection<R>, filter: Filter<R> & { id: string }, update: Update<R>): Promise<R | null> {
    if (this.#rowId === null) return collection.updateOne(filter, update);
    let read = this.#read;
    for (;;) {
      const base = read?.recordEvents ?? null;
      const $set = { ...update.$set, recordEvents: await this.#next(read) } as Partial<R>;
      const stored = await collection.updateOne({ ...filter, recordEvents: base } as Filter<R>, { ...update, $set });
      if (stored !== null) return stored;
      read = await collection.get(filter.id);
      // Gone, or its marks as read: the operation's own condition is what failed.
      if (read === null || (read.recordEvents ?? null) === base) return null;
    }
  }

  /**
   * Writes each of `reads` (records as the operation read them) by `update` while it matches
   * `filter`, one single-record write each carrying the row's id (as `update`): an operation that
   * writes several records besides its marked one, each of which then tells whether its own write
   * happened. One write per record (two when another write came in between); returns the ids written.
   */
  async updateEach<R extends StoredRecord & RecordEventMarks>(collection: Collection<R>, reads: readonly R[], filter: Filter<R>, update: Update<R>): Promise<string[]> {
    const written: string[] = [];
    for (const read of reads) {
      const each = new RecordMark(this.#rowId, read, this.#waiting);
      if ((await each.update(collection, { ...filter, id: read.id }, update)) !== null) written.push(read.id);
    }
    return written;
  }

  /** `Collection.insert` of a new record carrying the row's id (an operation that creates its record). */
  async insert<R extends StoredRecord & RecordEventMarks>(collection: Collection<R>, record: R): Promise<void> {
    await collection.insert(this.#rowId === null ? record : { ...record, recordEvents: this.#rowId });
  }

  /**
   * `Collection.put` (the record whole, created when missing) with the row's id added to the
   * record's marks; without a row, the ids the record names are kept all the same.
   */
  async put<R extends StoredRecord & RecordEventMarks>(collection: Collection<R>, record: R): Promise<void> {
    let read = this.#read;
    for (;;) {
      if (read === null) {
        try {
          await collection.insert(this.#rowId === null ? record : { ...record, recordEvents: await this.#next(null) });
          return;
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
          read = await collection.get(record.id);
          if (read === null) throw error;
          continue;
        }
      }
      const { id, ...fields } = record;
      if (this.#rowId === null) {
        // Set field by field: a put whole would drop the ids of rows still waiting.
        if ((await collection.updateOne({ id } as Filter<R>, { $set: fields as Partial<R> })) !== null) return;
        read = null;
        continue;
      }
      const recordEvents = await this.#next(read);
      const stored = await collection.updateOne({ id, recordEvents: read.recordEvents ?? null } as Filter<R>, { $set: { ...fields, recordEvents } as Partial<R> });
      if (stored !== null) return;
      read = await collection.get(id);
    }
  }

  async #next(read: RecordEventMarks | null): Promise<string> {
    const id = this.#rowId as string;
    // A replay that writes again a record its row's operation wrote already names the row once.
    let earlier = markedRows(read).filter((mark) => mark !== id);
    if (earlier.length >= marksBeforePruning) {
      const waiting = await this.#waiting(earlier);
      earlier = earlier.filter((mark) => waiting.has(mark));
    }
    return [id, ...earlier].join(' ');
  }
}

/** Writes of an operation that journals nothing (no row: the store's own calls). */
export const unmarkedWrites = new RecordMark(null, null, () => Promise.resolve(new Set()));
