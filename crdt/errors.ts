import type { z } from 'zod';
import { BoardsError } from '../storage/index.js';

/** Stable codes of the crdt layer's errors; `rest/` maps each one to an API error code. */
export const crdtErrorCodes = [
  'validation_failed',
  'item_not_found',
  'item_locked',
  'unknown_item_type',
  'conversion_not_supported',
  'document_too_large',
  'document_deleted',
  'document_not_loaded',
  'persist_timeout',
  'registry_closed',
  'snapshot_failed',
] as const;
/** A crdt error code. */
export type CrdtErrorCode = (typeof crdtErrorCodes)[number];

/**
 * Base of every error the crdt layer throws. `field` names the input the problem is about when
 * there is one (e.g. the target type of a conversion), so `rest/` can name it in a 422.
 */
export class CrdtError extends BoardsError<CrdtErrorCode> {
  readonly field: string | undefined;

  constructor(code: CrdtErrorCode, message: string, options?: { cause?: unknown; field?: string }) {
    super(code, message, options);
    this.field = options?.field;
  }
}

/** One problem with a request body: `field` is a path such as `data.text` or `operations[3].data.text`. */
export interface ValidationIssue {
  readonly field: string;
  readonly message: string;
}

/** Input that fails the item-type catalogue's rules; the message names the first wrong field. */
export class ItemValidationError extends CrdtError {
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], options?: { cause?: unknown }) {
    const first = issues[0] ?? { field: rootField, message: 'Invalid input.' };
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super('validation_failed', `${first.field}: ${first.message}${more}`, { ...options, field: first.field });
    this.issues = issues.length > 0 ? issues : [first];
  }
}

/** The field name of a problem with the input as a whole (an empty path). */
export const rootField = '(body)';

/** `['operations', 3, 'data', 'text']` -> `operations[3].data.text`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out.length > 0 ? `.${String(key)}` : String(key);
  }
  return out;
}

/** `prefix` and `field` joined as a path (`operations[2]` + `data.text`, or `[0]`). */
export function joinFieldPath(prefix: string, field: string): string {
  if (prefix.length === 0) return field;
  if (field.length === 0) return prefix;
  return field.startsWith('[') ? `${prefix}${field}` : `${prefix}.${field}`;
}

/**
 * The one formatter of zod issues, used by item validation, batches, the API router and the
 * console alike, so the same mistake reads the same everywhere: fields start with `prefix`,
 * an unknown key becomes one issue per key, and an empty path is `(body)`.
 */
export function issuesFromZod(error: z.ZodError, prefix = ''): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    const base = joinFieldPath(prefix, formatFieldPath(issue.path));
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) issues.push({ field: joinFieldPath(base, key), message: 'Unknown field.' });
    } else {
      issues.push({ field: base.length > 0 ? base : rootField, message: issue.message });
    }
  }
  return issues;
}

/**
 * A write that would move, resize, rotate, restyle, edit or delete a locked item. `itemId` names
 * the item; `field` the input that asked for it (`operations[2].id` in a batch), when there is one.
 */
export class ItemLockedError extends CrdtError {
  readonly itemId: string;

  constructor(itemId: string, options?: { cause?: unknown; field?: string }) {
    super('item_locked', `Item ${itemId} is locked; unlock it ({"locked": false}) before changing it.`, options);
    this.itemId = itemId;
  }
}
