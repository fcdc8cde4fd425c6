import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { readSegment, segmentName, segmentNumbers } from './DocumentJournal.js';

/**
 * A copy of a document journal that another process is writing, cut at one instant, for an
 * online backup. `hold` opens every segment before the database's snapshot is taken: the owner
 * deletes (`release`s) a segment only once its records are durably in the database, and a
 * segment deleted after `hold` stays readable through the descriptor held. Right after the
 * snapshot, `cut` notes how far each segment (and any segment begun since `hold`) was written,
 * and reads the whole records up to there.
 *
 * So every record appended before `hold` is either in the copy or in the database snapshot (its
 * segment was released earlier, which needs the database to hold it), and the copy ends at the
 * snapshot, give or take the instant between them. Records also in the snapshot are read again
 * by recovery, which skips what the database holds (`docId` + `firstSeq`).
 */
export class JournalCut {
  readonly #dir: string;
  readonly #held = new Map<number, number>();
  #closed = false;

  private constructor(dir: string) {
    this.#dir = dir;
  }

  /** Opens every segment of the journal folder `dir` (none when it does not exist). */
  static hold(dir: string): JournalCut {
    const cut = new JournalCut(dir);
    try {
      cut.#openNew();
    } catch (error) {
      cut.close();
      throw error;
    }
    return cut;
  }

  /**
   * The whole records written so far, in order, as the journal encodes them; closes the
   * segments. A record cut off at the end of a segment is being written now (it was never
   * acknowledged before this instant) and is left out.
   */
  cut(): { bytes: Buffer; records: number } {
    try {
      this.#openNew();
      const ends = new Map([...this.#held].map(([number, fd]) => [number, fstatSync(fd).size]));
      const parts: Buffer[] = [];
      let records = 0;
      for (const [number, fd] of [...this.#held].sort(([a], [b]) => a - b)) {
        const bytes = readWhole(fd, ends.get(number) ?? 0);
        const { records: read, damagedAt } = readSegment(bytes);
        parts.push(damagedAt === undefined ? bytes : bytes.subarray(0, damagedAt));
        records += read.length;
      }
      return { bytes: Buffer.concat(parts), records };
    } finally {
      this.close();
    }
  }

  /** Closes the segments held. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const fd of this.#held.values()) closeSync(fd);
    this.#held.clear();
  }

  /** Opens the segments not held yet; one deleted meanwhile was released, its records stored. */
  #openNew(): void {
    let numbers: number[];
    try {
      numbers = segmentNumbers(this.#dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const number of numbers) {
      if (this.#held.has(number)) continue;
      try {
        this.#held.set(number, openSync(path.join(this.#dir, segmentName(number)), 'r'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}

function readWhole(fd: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buffer, read, length - read, read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
}
