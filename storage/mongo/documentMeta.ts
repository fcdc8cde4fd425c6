import type { MongoDocument } from './driverPort.js';

/**
 * One document's `doc_meta` entry as the document store reads it:
 * - `seq`: the last sequence number reserved (an append reserves its numbers with one `$inc`,
 *   then writes them; numbers are never reused, even after a delete);
 * - `reservedAt`: when the last numbers were reserved, by the reserving process's clock (only
 *   used to tell an abandoned reservation from one still being written);
 * - `deletedSeq`: `seq` at the last delete: log entries at or below it belong to the deleted
 *   document and are never read again;
 * - `generation`: how many times the document was deleted. A snapshot is stored with the
 *   generation its compaction read and is read only while it is still the current one, so a
 *   snapshot of a deleted document is never read, even at sequence number 0 (a new board's
 *   first state).
 */
export interface DocumentMeta {
  seq: number;
  reservedAt: number;
  deletedSeq: number;
  generation: number;
}

/** A number stored in a `doc_meta` entry, 0 when missing. */
function numberOf(value: unknown, docId: string, field: string): number {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new TypeError(`Bad ${field} in the document meta of ${docId}.`);
  return n;
}

/** The meta of a `doc_meta` entry (all 0 for a document never written nor deleted). */
export function documentMeta(docId: string, stored: MongoDocument | null): DocumentMeta {
  return {
    seq: numberOf(stored?.['seq'], docId, 'seq'),
    reservedAt: numberOf(stored?.['at'], docId, 'at'),
    deletedSeq: numberOf(stored?.['deletedSeq'], docId, 'deletedSeq'),
    generation: numberOf(stored?.['deletions'], docId, 'deletions'),
  };
}

/** Filter of documents (meta entries or snapshots) whose generation field `field` is `generation` (missing counts as 0). */
export function generationIs(field: 'deletions' | 'generation', generation: number): MongoDocument {
  return generation === 0 ? { [field]: { $in: [null, 0] } } : { [field]: generation };
}

/** Filter of snapshots stored in a generation up to `generation` (missing counts as 0). */
export function snapshotGenerationAtMost(generation: number): MongoDocument {
  return { $or: [{ generation: { $exists: false } }, { generation: { $lte: generation } }] };
}

/** The generation a snapshot was stored in (0 for one stored before snapshots had it). */
export function snapshotGeneration(stored: MongoDocument): number {
  return Number(stored['generation'] ?? 0);
}
