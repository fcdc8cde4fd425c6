/**
 * The generic record port every aggregate store is written against. Adapters (sqlite, mongodb)
 * implement it with the same semantics, which the storage contract suite checks. Filters and
 * updates are a small, closed subset of MongoDB's query language over top-level fields.
 */

/** Values a record field may hold. Timestamps are epoch milliseconds (numbers). */
export type FieldValue = string | number | boolean | null;

/** Every stored record has a string `id`, unique in its collection. */
export interface StoredRecord {
  id: string;
}

/** A condition on one field. */
export interface FieldCondition<V> {
  $eq?: V;
  $ne?: V;
  $in?: readonly V[];
  $nin?: readonly V[];
  $gt?: V;
  $gte?: V;
  $lt?: V;
  $lte?: V;
  /** `true`: the field is present and not null; `false`: missing or null. */
  $exists?: boolean;
}

/** A filter: every listed field must match (`null` matches a missing field too); `$or` adds alternatives. */
export type Filter<T> = {
  [K in keyof T]?: T[K] | FieldCondition<T[K]>;
} & { $or?: readonly Filter<T>[] };

/** An update: set fields, add to numeric fields, remove fields. */
export interface Update<T> {
  $set?: Partial<T>;
  $inc?: { [K in keyof T]?: number };
  $unset?: readonly (keyof T & string)[];
}

/** Sort order: fields with 1 (ascending) or -1 (descending), most significant first. */
export type Sort<T> = readonly (readonly [keyof T & string, 1 | -1])[];

/** Options of a `find`. */
export interface FindOptions<T> {
  sort?: Sort<T>;
  /** At most this many records. */
  limit?: number;
}

/** An index on one or more top-level fields. */
export interface IndexSpec {
  fields: readonly string[];
  unique?: boolean;
}

/** A collection's name and indexes, declared by the aggregate that owns it. */
export interface CollectionSpec {
  /** Lower-case letters, digits and `_`. */
  name: string;
  indexes?: readonly IndexSpec[];
}

/** How a write (insert, put, update, delete) waits for the disk. */
export interface InsertOptions {
  /**
   * `immediate` (default): the write survives power loss when it resolves. `shared`: it
   * survives a crash of the process when it resolves, and power loss once the next
   * `documents.sync()` resolves (or a background fsync within a few tens of ms), so a write made
   * beside a document update shares that update's one durability wait, and background
   * bookkeeping never waits for a disk flush on the event loop. Stores whose every write waits
   * for the disk treat both alike.
   */
  durability?: 'immediate' | 'shared';
}

/** The options of a write that shares the next durability wait instead of waiting for one of its own. */
export const sharedDurability: Readonly<InsertOptions> = Object.freeze({ durability: 'shared' });

/** A set of records of one kind. */
export interface Collection<T extends StoredRecord> {
  readonly name: string;
  /** Stores a new record; throws `DuplicateKeyError` when its id or a unique field is taken. */
  insert(record: T, options?: InsertOptions): Promise<void>;
  /** Stores the record whole, replacing any record with the same id; `durability` as for `insert`. */
  put(record: T, options?: InsertOptions): Promise<void>;
  /** The record with this id, or null. */
  get(id: string): Promise<T | null>;
  /** The first record matching the filter (in `sort` order when given), or null. */
  findOne(filter: Filter<T>, sort?: Sort<T>): Promise<T | null>;
  /** The records matching the filter. */
  find(filter: Filter<T>, options?: FindOptions<T>): Promise<T[]>;
  /** How many records match. */
  count(filter: Filter<T>): Promise<number>;
  /**
   * Atomically updates the first record matching the filter and returns it as updated, or
   * null when none matched. This is the primitive for single-use consumption and counters.
   * `durability` as for `insert` (bookkeeping whose loss on power failure is harmless, such as
   * a delivery attempt's outcome, need not wait for its own fsync).
   */
  updateOne(filter: Filter<T>, update: Update<T>, options?: InsertOptions): Promise<T | null>;
  /** Updates every matching record; returns how many. */
  updateMany(filter: Filter<T>, update: Update<T>): Promise<number>;
  /** Deletes every matching record; returns how many. `durability` as for `insert`. */
  deleteMany(filter: Filter<T>, options?: InsertOptions): Promise<number>;
}
