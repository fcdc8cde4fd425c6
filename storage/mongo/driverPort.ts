/**
 * The narrow slice of the official MongoDB driver that the mongodb adapter uses. Keeping it
 * small and explicit lets tests run the adapter over an in-process stand-in, and the typecheck
 * in `MongoDatabase.connect` proves the real driver's `Db` satisfies it.
 */

/** A BSON document as the adapter builds and reads it. */
export type MongoDocument = Record<string, unknown>;

/** Write concern of every write: acknowledged by a majority of the replica set and journaled. */
export interface MongoWriteConcern {
  readonly w: 'majority';
  /** The driver's name for the `j` option (`j` itself is deprecated in driver v7). */
  readonly journal: true;
}

/** The write concern the durability contract asks for (DESIGN.md "Storage"). */
export const majorityJournaled: MongoWriteConcern = Object.freeze({ w: 'majority', journal: true });

/** Options every write carries. */
export interface MongoWriteOptions {
  writeConcern: MongoWriteConcern;
}

/** A sort specification: field -> direction, most significant first. */
export type MongoSort = Record<string, 1 | -1>;

/** Sort of a text search: fields, or the relevance score of `$text` (`{ $meta: 'textScore' }`, highest first). */
export type MongoTextSort = Record<string, 1 | -1 | { $meta: 'textScore' }>;

/** Options of `find` beyond the cursor's own `sort` and `limit` (used by the text search). */
export interface MongoFindOptions {
  /** Only `{ <field>: { $meta: 'textScore' } }` entries are used. */
  projection?: Record<string, { $meta: 'textScore' }>;
  sort?: MongoTextSort;
  skip?: number;
  limit?: number;
}

/** Keys of an index: 1 / -1 for ordered fields, `text` for the fields of a text index. */
export type MongoIndexKeys = Record<string, 1 | -1 | 'text'>;

/** The cursor returned by `find`. */
export interface MongoCursorPort {
  sort(sort: MongoSort): MongoCursorPort;
  limit(count: number): MongoCursorPort;
  toArray(): Promise<MongoDocument[]>;
}

/** The collection methods the adapter calls. */
export interface MongoCollectionPort {
  insertOne(doc: MongoDocument, options: MongoWriteOptions): Promise<unknown>;
  insertMany(docs: MongoDocument[], options: MongoWriteOptions & { ordered: true }): Promise<unknown>;
  replaceOne(
    filter: MongoDocument,
    replacement: MongoDocument,
    options: MongoWriteOptions & { upsert: boolean },
  ): Promise<{ matchedCount: number }>;
  findOne(filter: MongoDocument): Promise<MongoDocument | null>;
  find(filter: MongoDocument, options?: MongoFindOptions): MongoCursorPort;
  countDocuments(filter: MongoDocument): Promise<number>;
  findOneAndUpdate(
    filter: MongoDocument,
    update: MongoDocument,
    options: MongoWriteOptions & { returnDocument: 'after'; sort?: MongoSort; upsert?: boolean },
  ): Promise<MongoDocument | null>;
  updateMany(filter: MongoDocument, update: MongoDocument, options: MongoWriteOptions): Promise<{ matchedCount: number }>;
  deleteMany(filter: MongoDocument, options: MongoWriteOptions): Promise<{ deletedCount: number }>;
  createIndex(
    keys: MongoIndexKeys,
    options: MongoWriteOptions & {
      name: string;
      unique?: boolean;
      partialFilterExpression?: MongoDocument;
      /** Text indexes: `none` turns off stemming and stop words. */
      default_language?: string;
    },
  ): Promise<string>;
}

/** The database methods the adapter calls (the driver's `Db` satisfies this). */
export interface MongoDbPort {
  collection(name: string): MongoCollectionPort;
  command(command: MongoDocument): Promise<MongoDocument>;
}

/** MongoDB's error code for a unique index violation (E11000). */
export const duplicateKeyCode = 11000;

/** True when a driver error is a unique index violation, directly or as the first error of a bulk write. */
export function isDuplicateKeyError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, writeErrors } = error as Error & { code?: unknown; writeErrors?: unknown };
  if (code === duplicateKeyCode) return true;
  return Array.isArray(writeErrors) && writeErrors.some((e: { code?: unknown }) => e?.code === duplicateKeyCode);
}
