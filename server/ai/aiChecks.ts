import type * as Y from 'yjs';
import type { BatchResult, ItemView } from '../../crdt/index.js';
import { ItemValidationError, validateBatch } from '../../crdt/index.js';
import { ServiceError, errors } from '../errors.js';

/**
 * Throws when `signal` aborted: the caller went away (or the job was stopped) after the provider
 * answered, so nothing is written and the credits come back (as when the provider's call is aborted).
 */
export function stopIfGone(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new ServiceError('ai_unavailable', 'The AI request was canceled; nothing was written.');
}

/** Refuses a value that is only white space, naming `field`. */
export function notBlank(value: string, field: string): void {
  if (value.trim().length === 0) throw errors.invalid(field, 'must not be blank');
}

/** The items a batch created, as it left them. */
export function createdItems(result: BatchResult): ItemView[] {
  return result.results.flatMap((r) => (r.op === 'create' && r.item ? [r.item] : []));
}

/** Validates operations against `doc`; a model's items the catalogue rejects are `ai_output_invalid` (502). */
export function revalidate(doc: Y.Doc, operations: unknown[]) {
  try {
    return validateBatch(doc, operations);
  } catch (error) {
    if (error instanceof ItemValidationError) {
      throw new ServiceError('ai_output_invalid', `The AI answer does not validate (${error.issues[0]?.field ?? 'items'}: ${error.issues[0]?.message ?? 'invalid'}); nothing was written.`, {
        details: { issues: error.issues.slice(0, 20) },
      });
    }
    throw error;
  }
}
