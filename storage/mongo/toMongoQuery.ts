import type { FieldCondition, FieldValue, Filter, Sort, StoredRecord, Update } from '../Collection.js';
import { StorageError } from '../errors.js';
import type { MongoDocument, MongoSort } from './driverPort.js';

const fieldPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const operators = new Set(['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists']);
/** A clause no document matches (MongoDB rejects an empty `$or`). */
const matchNothing: MongoDocument = { _id: { $in: [] } };

/** The stored field name of a record field: `id` is kept in `_id`. */
export function mongoField(field: string): string {
  if (field === 'id') return '_id';
  if (!fieldPattern.test(field)) throw new StorageError('unsupported_filter', `Unsupported field name: ${field}`);
  return field;
}

function checkValue(value: unknown): FieldValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  throw new StorageError('unsupported_filter', `Unsupported filter value of type ${typeof value}`);
}

function isCondition(value: unknown): value is FieldCondition<FieldValue> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => operators.has(k));
}

function conditionClauses(field: string, cond: FieldCondition<FieldValue>, out: MongoDocument[]): void {
  for (const [op, raw] of Object.entries(cond)) {
    if (raw === undefined) continue;
    switch (op) {
      case '$eq':
      case '$ne':
        out.push({ [field]: { [op]: checkValue(raw) } });
        break;
      case '$in':
      case '$nin':
        out.push({ [field]: { [op]: (raw as readonly unknown[]).map(checkValue) } });
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        // A range against null matches nothing, as in SQL (MongoDB would match null/missing for $gte/$lte).
        out.push(raw === null ? matchNothing : { [field]: { [op]: checkValue(raw) } });
        break;
      case '$exists':
        // The port's $exists treats null like a missing field; MongoDB's counts a stored null as present.
        out.push({ [field]: raw ? { $ne: null } : { $eq: null } });
        break;
      default:
        throw new StorageError('unsupported_filter', `Unsupported operator: ${op}`);
    }
  }
}

/** Translates a port filter into a MongoDB query with the same matches as the sqlite adapter. */
export function toMongoFilter<T>(filter: Filter<T>): MongoDocument {
  const clauses: MongoDocument[] = [];
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (key === '$or') {
      const alternatives = (value as readonly Filter<T>[]).map((f) => toMongoFilter(f));
      clauses.push(alternatives.length === 0 ? matchNothing : { $or: alternatives });
      continue;
    }
    const field = mongoField(key);
    if (isCondition(value)) conditionClauses(field, value, clauses);
    else clauses.push({ [field]: { $eq: checkValue(value) } });
  }
  if (clauses.length === 0) return {};
  if (clauses.length === 1) return clauses[0] as MongoDocument;
  return { $and: clauses };
}

/** Translates a port sort into a MongoDB sort; ties are broken by id ascending. */
export function toMongoSort<T>(sort: Sort<T> | undefined): MongoSort {
  const out: MongoSort = {};
  for (const [field, direction] of sort ?? []) out[mongoField(field)] = direction;
  if (!('_id' in out)) out['_id'] = 1;
  return out;
}

/**
 * Translates a port update into a MongoDB update document, or null when it changes nothing
 * (MongoDB rejects an empty update). `id` is never changed, as in `applyUpdate`.
 */
export function toMongoUpdate<T extends StoredRecord>(update: Update<T>): MongoDocument | null {
  const out: MongoDocument = {};
  const $set: MongoDocument = {};
  for (const [key, value] of Object.entries(update.$set ?? {})) {
    if (key !== 'id' && value !== undefined) $set[mongoField(key)] = value;
  }
  const $inc: MongoDocument = {};
  for (const [key, by] of Object.entries(update.$inc ?? {})) {
    if (key !== 'id' && by !== undefined) $inc[mongoField(key)] = by;
  }
  const $unset: MongoDocument = {};
  for (const key of update.$unset ?? []) {
    if (key !== 'id') $unset[mongoField(key)] = '';
  }
  if (Object.keys($set).length > 0) out['$set'] = $set;
  if (Object.keys($inc).length > 0) out['$inc'] = $inc;
  if (Object.keys($unset).length > 0) out['$unset'] = $unset;
  return Object.keys(out).length === 0 ? null : out;
}

/** The stored form of a record: `_id` = `id`, fields holding `undefined` left out (as JSON does). */
export function toMongoDocument<T extends StoredRecord>(record: T): MongoDocument {
  const doc: MongoDocument = { _id: record.id };
  for (const [key, value] of Object.entries(record)) {
    if (key === '_id') throw new TypeError('A record may not have an `_id` field; `id` is stored as `_id`.');
    if (key !== 'id' && value !== undefined) doc[key] = value;
  }
  return doc;
}

/** The record of a stored document: `_id` back to `id`, never leaked. */
export function fromMongoDocument<T extends StoredRecord>(doc: MongoDocument): T {
  const { _id, ...fields } = doc;
  return { id: _id, ...fields } as T;
}
