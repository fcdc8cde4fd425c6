import { Binary } from 'mongodb';
import { compactionFenced } from '../errors.js';
import { packSnapshot } from '../snapshotParts.js';
import type { MongoDbPort, MongoDocument } from './driverPort.js';
import { isDuplicateKeyError } from './driverPort.js';
import { documentCollections, writeOptions } from './documentCollections.js';
import { documentMeta, generationIs, snapshotGeneration, snapshotGenerationAtMost } from './documentMeta.js';

/**
 * Stores the snapshot unless a later one is stored, then trims the log it covers (not the
 * numbers marked abandoned). Ignored when the document was deleted after the state it holds
 * was read (see `MongoDocumentStore`). The highest fence accepted is kept in the snapshot
 * document itself (one atomic write with the snapshot): with `fence`, the write applies only
 * where the stored fence is not higher, and a refusal for that reason throws
 * `compaction_fenced` with nothing changed and nothing trimmed. Without `fence` the stored one
 * is carried over. A snapshot of an earlier generation is replaced whatever its seq and fence.
 */
export async function compactDocument(db: MongoDbPort, docId: string, snapshot: readonly Uint8Array[], upToSeq: number, fence?: number): Promise<void> {
  const snapshots = db.collection(documentCollections.snapshots);
  const readMeta = async () => documentMeta(docId, await db.collection(documentCollections.meta).findOne({ _id: docId }));
  const { data, sizes } = packSnapshot(snapshot);
  const { deletedSeq, generation } = await readMeta();
  if (upToSeq > 0 && upToSeq <= deletedSeq) return;
  const stored = await snapshots.findOne({ _id: docId });
  const kept = fence ?? fenceIn(stored, generation);
  const newer: MongoDocument[] = [generationIs('generation', generation), { seq: { $lte: upToSeq } }];
  if (fence !== undefined) newer.push({ $or: [{ fence: { $exists: false } }, { fence: { $lte: kept } }] });
  const replaceable = generation === 0 ? [{ $and: newer }] : [{ $and: newer }, snapshotGenerationAtMost(generation - 1)];
  try {
    await snapshots.replaceOne(
      { _id: docId, $or: replaceable },
      { _id: docId, seq: upToSeq, data: new Binary(data), fence: kept, generation, ...(sizes === null ? {} : { parts: [...sizes] }) },
      { ...writeOptions, upsert: true },
    );
  } catch (error) {
    // The upsert's insert clashes on _id when the stored snapshot is newer or has a higher fence: keep it.
    if (!isDuplicateKeyError(error)) throw error;
    const accepted = fenceIn(await snapshots.findOne({ _id: docId }), generation);
    if (fence !== undefined && accepted > fence) throw compactionFenced(docId, fence, accepted);
  }
  if ((await readMeta()).generation !== generation) {
    // Deleted since the meta was read: no load reads this snapshot; remove it, and leave the log to the delete.
    await snapshots.deleteMany({ _id: docId, ...snapshotGenerationAtMost(generation) }, writeOptions);
    return;
  }
  if (upToSeq > 0) await db.collection(documentCollections.updates).deleteMany({ docId, seq: { $lte: upToSeq }, abandoned: { $exists: false } }, writeOptions);
}

/** The fence of a stored snapshot of `generation` (0 when none, or of another generation). */
function fenceIn(stored: MongoDocument | null, generation: number): number {
  return stored !== null && snapshotGeneration(stored) === generation ? Number(stored['fence'] ?? 0) : 0;
}
