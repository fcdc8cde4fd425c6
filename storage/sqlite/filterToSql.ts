import type { FieldCondition, FieldValue, Filter, Sort } from '../Collection.js';
import { StorageError } from '../errors.js';

/** A SQL fragment with its bound parameters. */
export interface SqlFragment {
  sql: string;
  params: SqlParam[];
}

type SqlParam = string | number | null;

const fieldPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const operators = new Set(['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists']);

/** The SQL expression that reads a top-level field of the JSON `doc` column (matches the index expressions). */
export function fieldExpr(field: string): string {
  if (field === 'id') return 'id';
  if (!fieldPattern.test(field)) throw new StorageError('unsupported_filter', `Unsupported field name: ${field}`);
  return `json_extract(doc, '$.${field}')`;
}

function toParam(value: unknown): SqlParam {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new StorageError('unsupported_filter', `Unsupported filter value of type ${typeof value}`);
}

function isCondition(value: unknown): value is FieldCondition<FieldValue> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => operators.has(k));
}

function conditionSql(expr: string, cond: FieldCondition<FieldValue>, out: string[], params: SqlParam[]): void {
  for (const [op, raw] of Object.entries(cond)) {
    if (raw === undefined) continue;
    switch (op) {
      case '$eq':
        if (raw === null) out.push(`${expr} IS NULL`);
        else {
          out.push(`${expr} = ?`);
          params.push(toParam(raw));
        }
        break;
      case '$ne':
        // MongoDB's $ne also matches records where the field is missing; IS NOT does the same.
        out.push(`${expr} IS NOT ?`);
        params.push(toParam(raw));
        break;
      case '$in':
      case '$nin': {
        const values = raw as readonly FieldValue[];
        const nonNull = values.filter((v) => v !== null);
        const hasNull = nonNull.length !== values.length;
        const parts: string[] = [];
        if (nonNull.length > 0) {
          parts.push(`${expr} IN (${nonNull.map(() => '?').join(', ')})`);
          params.push(...nonNull.map(toParam));
        }
        if (hasNull) parts.push(`${expr} IS NULL`);
        const any = parts.length === 0 ? '0' : `(${parts.join(' OR ')})`;
        out.push(op === '$in' ? any : `NOT ${any === '0' ? '0' : `coalesce(${any}, 0)`}`);
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const sqlOp = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
        out.push(`${expr} ${sqlOp} ?`);
        params.push(toParam(raw));
        break;
      }
      case '$exists':
        out.push(raw ? `${expr} IS NOT NULL` : `${expr} IS NULL`);
        break;
      default:
        throw new StorageError('unsupported_filter', `Unsupported operator: ${op}`);
    }
  }
}

/** Translates a filter into a WHERE clause (without the keyword); `1` for an empty filter. */
export function filterToSql<T>(filter: Filter<T>): SqlFragment {
  const out: string[] = [];
  const params: SqlParam[] = [];
  for (const [field, value] of Object.entries(filter as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (field === '$or') {
      const alternatives = (value as readonly Filter<T>[]).map((f) => filterToSql(f));
      if (alternatives.length === 0) {
        out.push('0');
        continue;
      }
      out.push(`(${alternatives.map((a) => `(${a.sql})`).join(' OR ')})`);
      for (const a of alternatives) params.push(...a.params);
      continue;
    }
    const expr = fieldExpr(field);
    if (isCondition(value)) conditionSql(expr, value, out, params);
    else if (value === null) out.push(`${expr} IS NULL`);
    else {
      out.push(`${expr} = ?`);
      params.push(toParam(value));
    }
  }
  return { sql: out.length === 0 ? '1' : out.join(' AND '), params };
}

/** Translates a sort into an ORDER BY clause (without the keywords); ties broken by id. */
export function sortToSql<T>(sort: Sort<T> | undefined): string {
  const parts = (sort ?? []).map(([field, dir]) => `${fieldExpr(field)} ${dir === -1 ? 'DESC' : 'ASC'}`);
  if (!(sort ?? []).some(([field]) => field === 'id')) parts.push('id ASC');
  return parts.join(', ');
}
