import type { CollectionSpec, Filter, FindOptions, StoredRecord } from './Collection.js';
import type { Database } from './Database.js';

/** One `find` of a batch: the collection, and the filter and options `Collection.find` takes. */
export interface BatchedFind<T extends StoredRecord> {
  readonly spec: CollectionSpec;
  readonly filter: Filter<StoredRecord>;
  readonly options?: FindOptions<StoredRecord>;
  /** Never set: the type of the records found (so `findTogether` types each result). */
  readonly records?: T;
}

/** The records each find of `Q` matched, in the order of the finds. */
export type BatchedResults<Q extends readonly BatchedFind<StoredRecord>[]> = { -readonly [K in keyof Q]: Q[K] extends BatchedFind<infer T> ? T[] : never };

/** A find of records of type `T` in the collection `spec`, for `findTogether`. */
export function batchedFind<T extends StoredRecord>(spec: CollectionSpec, filter: Filter<T>, options?: FindOptions<T>): BatchedFind<T> {
  // The filter and options were checked against T here; the batch runs them untyped.
  const untyped = filter as Filter<StoredRecord>;
  return options === undefined ? { spec, filter: untyped } : { spec, filter: untyped, options: options as FindOptions<StoredRecord> };
}

/**
 * Runs independent finds, possibly over several collections, each answering as `Collection.find`
 * would: in one round trip on a store that batches them (`Database.findBatch`), else side by side.
 */
export async function findTogether<const Q extends readonly BatchedFind<StoredRecord>[]>(db: Database, finds: Q): Promise<BatchedResults<Q>> {
  const results = db.findBatch
    ? await db.findBatch(finds)
    : await Promise.all(finds.map((find) => db.collection<StoredRecord>(find.spec).find(find.filter, find.options)));
  return results as BatchedResults<Q>;
}
