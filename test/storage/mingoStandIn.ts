/**
 * A STAND-IN for the MongoDB driver, NOT a MongoDB: an in-process, in-memory imitation of
 * exactly the `Db`/`Collection` methods the mongodb adapter calls (see
 * storage/mongo/driverPort.ts), with MongoDB's query and update semantics supplied by `mingo`.
 * It lets the storage contract suite run the adapter in CI where no MongoDB server exists.
 *
 * What it imitates: unique indexes (including `_id` and partial ones) failing with an error of
 * `code` 11000; `upsert`; `returnDocument: 'after'`; each operation atomic but interleaving
 * with others at operation boundaries (every call first yields to the event loop, as a network
 * round trip would). What it checks that MongoDB would not: every write must carry write
 * concern `{ w: 'majority', journal: true }`, and no value may be `undefined` (the driver
 * would silently store it as null). Text indexes and `$text` are a token-match imitation,
 * documented in ./mingoTextSearch.ts. What it leaves out: everything else, including
 * transactions, dotted paths in upsert seeds and any query planning.
 */
import { Query, find, update as applyModifier } from 'mingo';
import { Binary, ObjectId } from 'mongodb';
import type {
  MongoCollectionPort,
  MongoCursorPort,
  MongoDbPort,
  MongoDocument,
  MongoFindOptions,
  MongoIndexKeys,
  MongoSort,
  MongoWriteOptions,
} from '../../storage/mongo/driverPort.js';
import type { StandInTextIndex } from './mingoTextSearch.js';
import { findWithText, textIndexFields } from './mingoTextSearch.js';

/** The stand-in's unique index violation, shaped like the driver's `MongoServerError` E11000. */
export class StandInDuplicateKeyError extends Error {
  readonly code = 11000;
  readonly codeName = 'DuplicateKey';

  constructor(collection: string, index: string) {
    super(`E11000 duplicate key error collection: ${collection} index: ${index}`);
    this.name = 'MongoServerError';
  }
}

interface StandInIndex {
  name: string;
  fields: string[];
  unique: boolean;
  /** Documents outside a partial index's filter are not indexed. */
  partial: Query | null;
  definition: string;
}

/** Lets other calls run first, as awaiting a server reply would. */
function roundTrip(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function assertNoUndefined(value: unknown, where: string): void {
  if (value === undefined) throw new TypeError(`mingo stand-in: undefined value in ${where}`);
  if (value === null || typeof value !== 'object' || value instanceof Binary || value instanceof ObjectId) return;
  for (const [key, inner] of Object.entries(value)) assertNoUndefined(inner, `${where}.${key}`);
}

function checkWrite(options: MongoWriteOptions | undefined): void {
  const concern = options?.writeConcern;
  if (concern?.w !== 'majority' || concern.journal !== true) {
    throw new TypeError('mingo stand-in: every write must use write concern { w: "majority", journal: true }');
  }
}

/** A stored copy of a document: top-level values are primitives or BSON values, so a shallow copy isolates it. */
function storedCopy(doc: MongoDocument): MongoDocument {
  const copy: MongoDocument = {};
  for (const [key, value] of Object.entries(doc)) {
    copy[key] = value instanceof Uint8Array ? new Binary(value) : value;
  }
  return copy;
}

function idKey(id: unknown): string {
  if (typeof id === 'string') return `s:${id}`;
  if (id instanceof ObjectId) return `o:${id.toHexString()}`;
  throw new TypeError(`mingo stand-in: unsupported _id type ${typeof id}`);
}

/** The fields an upsert seeds a new document with: top-level equalities of the filter. */
function upsertSeed(filter: MongoDocument): MongoDocument {
  const seed: MongoDocument = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) continue;
    if (value === null || typeof value !== 'object' || value instanceof ObjectId) seed[key] = value;
    else if ('$eq' in value && Object.keys(value).length === 1) seed[key] = (value as { $eq: unknown }).$eq;
  }
  return seed;
}

class StandInCursor implements MongoCursorPort {
  #sort: MongoSort | null = null;
  #limit: number | null = null;

  constructor(private readonly run: (sort: MongoSort | null, limit: number | null) => MongoDocument[]) {}

  sort(sort: MongoSort): MongoCursorPort {
    this.#sort = sort;
    return this;
  }

  limit(count: number): MongoCursorPort {
    // As in MongoDB, 0 means no limit.
    this.#limit = count === 0 ? null : count;
    return this;
  }

  async toArray(): Promise<MongoDocument[]> {
    await roundTrip();
    return this.run(this.#sort, this.#limit);
  }
}

/** One in-memory collection of the stand-in. */
export class MingoStandInCollection implements MongoCollectionPort {
  readonly name: string;
  /** Documents by `_id`, in insertion (natural) order. */
  readonly #docs = new Map<string, MongoDocument>();
  readonly #indexes: StandInIndex[] = [];
  #textIndex: StandInTextIndex | null = null;

  constructor(name: string) {
    this.name = name;
  }

  /** Names of the indexes created so far (besides the implicit `_id` index). */
  indexNames(): string[] {
    return this.#indexes.map((index) => index.name);
  }

  #matching(filter: MongoDocument, sort: MongoSort | null = null, limit: number | null = null): MongoDocument[] {
    assertNoUndefined(filter, 'filter');
    let cursor = find([...this.#docs.values()], filter);
    if (sort) cursor = cursor.sort(sort);
    if (limit !== null) cursor = cursor.limit(limit);
    return cursor.all() as MongoDocument[];
  }

  #indexKey(index: StandInIndex, doc: MongoDocument): string | null {
    if (index.partial && !index.partial.test(doc)) return null;
    // MongoDB indexes a missing field as null.
    return JSON.stringify(index.fields.map((field) => doc[field] ?? null));
  }

  /** Throws the E11000 error when `doc` would clash with a stored document other than `self`. */
  #checkUnique(doc: MongoDocument, self: string | null): void {
    const key = idKey(doc['_id']);
    if (key !== self && this.#docs.has(key)) throw new StandInDuplicateKeyError(this.name, '_id_');
    for (const index of this.#indexes) {
      if (!index.unique) continue;
      const value = this.#indexKey(index, doc);
      if (value === null) continue;
      for (const [otherKey, other] of this.#docs) {
        if (otherKey !== self && this.#indexKey(index, other) === value) {
          throw new StandInDuplicateKeyError(this.name, index.name);
        }
      }
    }
  }

  #insert(doc: MongoDocument): MongoDocument {
    assertNoUndefined(doc, 'document');
    const stored = storedCopy(doc);
    if (stored['_id'] === undefined) stored['_id'] = new ObjectId();
    this.#checkUnique(stored, null);
    this.#docs.set(idKey(stored['_id']), stored);
    return stored;
  }

  /** Applies an update to a stored document atomically; returns the updated document. */
  #modify(doc: MongoDocument, update: MongoDocument): MongoDocument {
    assertNoUndefined(update, 'update');
    const key = idKey(doc['_id']);
    const next = storedCopy(doc);
    applyModifier(next, update);
    if (idKey(next['_id']) !== key) throw new TypeError('mingo stand-in: _id is immutable');
    this.#checkUnique(next, key);
    this.#docs.set(key, next);
    return next;
  }

  async insertOne(doc: MongoDocument, options: MongoWriteOptions): Promise<unknown> {
    checkWrite(options);
    await roundTrip();
    this.#insert(doc);
    return { acknowledged: true };
  }

  async insertMany(docs: MongoDocument[], options: MongoWriteOptions & { ordered: true }): Promise<unknown> {
    checkWrite(options);
    await roundTrip();
    // Ordered: stops at the first failure, keeping the documents inserted before it.
    for (const doc of docs) this.#insert(doc);
    return { acknowledged: true, insertedCount: docs.length };
  }

  async replaceOne(
    filter: MongoDocument,
    replacement: MongoDocument,
    options: MongoWriteOptions & { upsert: boolean },
  ): Promise<{ matchedCount: number }> {
    checkWrite(options);
    await roundTrip();
    assertNoUndefined(replacement, 'replacement');
    const [match] = this.#matching(filter, null, 1);
    if (match) {
      const key = idKey(match['_id']);
      if (replacement['_id'] !== undefined && idKey(replacement['_id']) !== key) {
        throw new TypeError('mingo stand-in: _id is immutable');
      }
      const next = storedCopy({ ...replacement, _id: match['_id'] });
      this.#checkUnique(next, key);
      this.#docs.set(key, next);
      return { matchedCount: 1 };
    }
    if (options.upsert) this.#insert({ ...upsertSeed(filter), ...replacement });
    return { matchedCount: 0 };
  }

  async findOne(filter: MongoDocument): Promise<MongoDocument | null> {
    await roundTrip();
    const [match] = this.#matching(filter, null, 1);
    return match ? storedCopy(match) : null;
  }

  find(filter: MongoDocument, options: MongoFindOptions = {}): MongoCursorPort {
    if (!JSON.stringify(filter).includes('"$text"') && Object.keys(options).length === 0) {
      return new StandInCursor((sort, limit) => this.#matching(filter, sort, limit).map(storedCopy));
    }
    assertNoUndefined(filter, 'filter');
    return new StandInCursor((sort, limit) =>
      findWithText(
        [...this.#docs.values()],
        filter,
        { ...options, ...(sort ? { sort } : {}), ...(limit !== null ? { limit } : {}) },
        this.#textIndex,
      ).map(storedCopy),
    );
  }

  async countDocuments(filter: MongoDocument): Promise<number> {
    await roundTrip();
    return this.#matching(filter).length;
  }

  async findOneAndUpdate(
    filter: MongoDocument,
    update: MongoDocument,
    options: MongoWriteOptions & { returnDocument: 'after'; sort?: MongoSort; upsert?: boolean },
  ): Promise<MongoDocument | null> {
    checkWrite(options);
    await roundTrip();
    const [match] = this.#matching(filter, options.sort ?? null, 1);
    if (match) return storedCopy(this.#modify(match, update));
    if (!options.upsert) return null;
    const seeded = storedCopy(upsertSeed(filter));
    applyModifier(seeded, update);
    return storedCopy(this.#insert(seeded));
  }

  async updateMany(
    filter: MongoDocument,
    update: MongoDocument,
    options: MongoWriteOptions,
  ): Promise<{ matchedCount: number }> {
    checkWrite(options);
    await roundTrip();
    const matches = this.#matching(filter);
    // Like MongoDB, not atomic as a whole: a unique clash stops it part way.
    for (const doc of matches) this.#modify(doc, update);
    return { matchedCount: matches.length };
  }

  async deleteMany(filter: MongoDocument, options: MongoWriteOptions): Promise<{ deletedCount: number }> {
    checkWrite(options);
    await roundTrip();
    const matches = this.#matching(filter);
    for (const doc of matches) this.#docs.delete(idKey(doc['_id']));
    return { deletedCount: matches.length };
  }

  async createIndex(
    keys: MongoIndexKeys,
    options: MongoWriteOptions & {
      name: string;
      unique?: boolean;
      partialFilterExpression?: MongoDocument;
      default_language?: string;
    },
  ): Promise<string> {
    checkWrite(options);
    await roundTrip();
    const definition = JSON.stringify([
      keys,
      options.unique ?? false,
      options.partialFilterExpression ?? null,
      options.default_language ?? null,
    ]);
    const existing = this.#indexes.find((index) => index.name === options.name);
    if (existing) {
      if (existing.definition !== definition) {
        throw Object.assign(new Error(`mingo stand-in: index ${options.name} exists with other options`), {
          code: 85,
        });
      }
      return options.name;
    }
    const textFields = textIndexFields(keys);
    if (textFields) {
      if (this.#textIndex) {
        throw Object.assign(new Error('mingo stand-in: only one text index per collection'), { code: 85 });
      }
      this.#textIndex = { name: options.name, fields: textFields };
    }
    const index: StandInIndex = {
      name: options.name,
      fields: Object.keys(keys),
      unique: options.unique ?? false,
      partial: options.partialFilterExpression ? new Query(options.partialFilterExpression) : null,
      definition,
    };
    if (index.unique) {
      const seen = new Set<string>();
      for (const doc of this.#docs.values()) {
        const value = this.#indexKey(index, doc);
        if (value === null) continue;
        if (seen.has(value)) throw new StandInDuplicateKeyError(this.name, index.name);
        seen.add(value);
      }
    }
    this.#indexes.push(index);
    return options.name;
  }
}

/** A stand-in `Db`: named in-memory collections plus the `ping` command. Not a MongoDB. */
export class MingoStandInDb implements MongoDbPort {
  readonly #collections = new Map<string, MingoStandInCollection>();

  collection(name: string): MingoStandInCollection {
    let collection = this.#collections.get(name);
    if (!collection) {
      collection = new MingoStandInCollection(name);
      this.#collections.set(name, collection);
    }
    return collection;
  }

  async command(command: MongoDocument): Promise<MongoDocument> {
    await roundTrip();
    if (command['ping'] === 1) return { ok: 1 };
    throw new TypeError(`mingo stand-in: unsupported command ${JSON.stringify(command)}`);
  }
}
