import type { FieldCondition, FieldValue, Filter, Sort, StoredRecord, Update } from '../Collection.js';
import { StorageError } from '../errors.js';
import { encodeString, toStoredJson } from './nulSafeJson.js';
import type { SqlParams } from './SqlParams.js';

/**
 * Translates the Collection API's filters, sorts and updates into SQL over a table
 * `(id text COLLATE "C", doc jsonb)`. A field is read as `doc -> 'field'` (jsonb; SQL NULL when
 * missing), which is also the expression of the declared indexes, so equality, null and numeric
 * range conditions are served by them. Semantics follow the other adapters (the storage contract):
 * null matches null or missing, `$ne` matches missing, values compare only with values of their
 * own JSON type, strings in binary (code point) order whatever the database's collation.
 */

const fieldPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const operators = new Set(['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists']);

/** The jsonb expression of a top-level field, as declared indexes hold it; `id` is the column. */
export function jsonField(field: string): string {
  if (field === 'id') return 'id';
  if (!fieldPattern.test(field)) throw new StorageError('unsupported_filter', `Unsupported field name: ${field}`);
  return `(doc -> '${field}')`;
}

/** A filter value, a string as it is stored (`nulSafeJson.ts`). */
function checkValue(value: unknown): FieldValue {
  if (typeof value === 'string') return encodeString(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new StorageError('unsupported_filter', `Unsupported filter value of type ${typeof value}`);
}

function isCondition(value: unknown): value is FieldCondition<FieldValue> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => operators.has(k));
}

/** `field IS NULL` in the port's sense: missing or a stored JSON null. */
function isNull(field: string): string {
  return field === 'id' ? 'false' : `(${jsonField(field)} IS NULL OR ${jsonField(field)} = 'null'::jsonb)`;
}

/** The field equals a non-null value: a jsonb comparison (types never mix), or text for the id column. */
function equals(field: string, value: FieldValue, params: SqlParams): string {
  if (field === 'id') return typeof value === 'string' ? `id = ${params.add(value)}` : 'false';
  return `${jsonField(field)} = ${params.add(JSON.stringify(value))}::jsonb`;
}

/** Whether the field is one of the non-null values (SQL NULL when it is missing). */
function inList(field: string, values: readonly FieldValue[], params: SqlParams): string {
  if (field === 'id') return `id = ANY(${params.add(values.filter((v) => typeof v === 'string'))}::text[])`;
  return `${jsonField(field)} = ANY(${params.add(values.map((v) => JSON.stringify(v)))}::jsonb[])`;
}

const rangeOperators: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/** A range condition: only values of the same JSON type compare; strings in binary order. */
function range(field: string, op: string, value: FieldValue, params: SqlParams): string {
  const sqlOp = rangeOperators[op] as string;
  if (value === null) return 'false';
  if (field === 'id') return typeof value === 'string' ? `id ${sqlOp} ${params.add(value)}` : 'false';
  const expr = jsonField(field);
  if (typeof value === 'string') {
    return `(jsonb_typeof(${expr}) = 'string' AND (doc ->> '${field}') COLLATE "C" ${sqlOp} ${params.add(value)})`;
  }
  // jsonb compares numbers as numbers and booleans as booleans; the type test keeps other types out.
  return `(jsonb_typeof(${expr}) = '${typeof value === 'number' ? 'number' : 'boolean'}' AND ${expr} ${sqlOp} ${params.add(JSON.stringify(value))}::jsonb)`;
}

function conditionSql(field: string, cond: FieldCondition<FieldValue>, out: string[], params: SqlParams): void {
  for (const [op, raw] of Object.entries(cond)) {
    if (raw === undefined) continue;
    switch (op) {
      case '$eq': {
        const value = checkValue(raw);
        out.push(value === null ? isNull(field) : equals(field, value, params));
        break;
      }
      case '$ne': {
        const value = checkValue(raw);
        out.push(value === null ? `NOT ${isNull(field)}` : `NOT coalesce(${equals(field, value, params)}, false)`);
        break;
      }
      case '$in':
      case '$nin': {
        const values = (raw as readonly unknown[]).map(checkValue);
        const nonNull = values.filter((v) => v !== null);
        const parts: string[] = [];
        if (nonNull.length > 0) parts.push(`coalesce(${inList(field, nonNull, params)}, false)`);
        if (nonNull.length !== values.length) parts.push(isNull(field));
        const any = parts.length === 0 ? 'false' : `(${parts.join(' OR ')})`;
        out.push(op === '$in' ? any : `NOT ${any}`);
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        out.push(range(field, op, checkValue(raw), params));
        break;
      case '$exists':
        out.push(raw ? `NOT ${isNull(field)}` : isNull(field));
        break;
      default:
        throw new StorageError('unsupported_filter', `Unsupported operator: ${op}`);
    }
  }
}

/** Translates a filter into a WHERE condition (without the keyword); `true` for an empty filter. */
export function filterToPostgres<T>(filter: Filter<T>, params: SqlParams): string {
  const out: string[] = [];
  for (const [field, value] of Object.entries(filter as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (field === '$or') {
      const alternatives = (value as readonly Filter<T>[]).map((f) => `(${filterToPostgres(f, params)})`);
      out.push(alternatives.length === 0 ? 'false' : `(${alternatives.join(' OR ')})`);
      continue;
    }
    jsonField(field);
    if (isCondition(value)) conditionSql(field, value, out, params);
    else {
      const checked = checkValue(value);
      out.push(checked === null ? isNull(field) : equals(field, checked, params));
    }
  }
  return out.length === 0 ? 'true' : out.join(' AND ');
}

/**
 * Translates a sort into an ORDER BY list (without the keywords); ties broken by id. A field
 * sorts null/missing first (ascending), then numbers, strings (binary order), booleans, as
 * MongoDB orders the types.
 */
export function sortToPostgres<T>(sort: Sort<T> | undefined): string {
  const parts: string[] = [];
  for (const [field, dir] of sort ?? []) {
    const order = dir === -1 ? 'DESC' : 'ASC';
    if (field === 'id') {
      parts.push(`id ${order}`);
      continue;
    }
    const expr = jsonField(field);
    const type = `jsonb_typeof(${expr})`;
    parts.push(
      `(CASE ${type} WHEN 'number' THEN 1 WHEN 'string' THEN 2 WHEN 'boolean' THEN 3 ELSE 0 END) ${order}`,
      `(CASE WHEN ${type} IN ('number', 'boolean') THEN ${expr} END) ${order}`,
      `(CASE WHEN ${type} = 'string' THEN doc ->> '${field}' END) COLLATE "C" ${order}`,
    );
  }
  if (!(sort ?? []).some(([field]) => field === 'id')) parts.push('id ASC');
  return parts.join(', ');
}

/**
 * The new `doc` of an update, as an expression over the row's `doc`: what `applyUpdate` does in
 * memory (`$set`, then `$inc` of the value after `$set`, a non-number counting as 0, then
 * `$unset`; `id` never changes), in one statement so concurrent updates never interleave.
 */
export function updateToPostgres<T extends StoredRecord>(update: Update<T>, params: SqlParams): string {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update.$set ?? {})) {
    if (key === 'id' || value === undefined) continue;
    jsonField(key);
    set[key] = value;
  }
  let expr = 'doc';
  if (Object.keys(set).length > 0) expr = `(${expr} || ${params.add(toStoredJson(set))}::jsonb)`;
  const incs: string[] = [];
  for (const [key, by] of Object.entries(update.$inc ?? {})) {
    if (key === 'id' || by === undefined) continue;
    jsonField(key);
    const amount = params.add(by);
    if (key in set) {
      const base = typeof set[key] === 'number' ? (set[key] as number) : 0;
      incs.push(`'${key}', ${params.add(base)}::float8 + ${amount}::float8`);
    } else {
      incs.push(`'${key}', (CASE WHEN jsonb_typeof(doc -> '${key}') = 'number' THEN (doc ->> '${key}')::float8 ELSE 0 END) + ${amount}::float8`);
    }
  }
  if (incs.length > 0) expr = `(${expr} || jsonb_build_object(${incs.join(', ')}))`;
  const unset = (update.$unset ?? []).filter((key) => key !== 'id');
  for (const key of unset) jsonField(key);
  if (unset.length > 0) expr = `(${expr} - ${params.add(unset)}::text[])`;
  return expr;
}
