import { CrdtError, ItemLockedError, ItemValidationError } from '../crdt/index.js';
import type { CrdtErrorCode } from '../crdt/index.js';
import type { ErrorCode } from '../server/errors.js';
import { ServiceError, ValidationError } from '../server/errors.js';
import { StorageError } from '../storage/index.js';
import type { StorageErrorCode } from '../storage/index.js';

/**
 * The API error code of every storage and crdt error code: a `Record`, so a code added to a
 * lower layer's closed list without a mapping here fails the typecheck.
 */
export const lowerLayerCodes: Readonly<Record<CrdtErrorCode | StorageErrorCode, ErrorCode>> = {
  validation_failed: 'validation_failed',
  item_not_found: 'not_found',
  item_locked: 'item_locked',
  unknown_item_type: 'not_found',
  conversion_not_supported: 'validation_failed',
  document_too_large: 'payload_too_large',
  document_deleted: 'not_found',
  document_not_loaded: 'service_unavailable',
  persist_timeout: 'service_unavailable',
  registry_closed: 'service_unavailable',
  snapshot_failed: 'internal_error',
  duplicate_key: 'conflict',
  unsupported_filter: 'internal_error',
  storage_unavailable: 'service_unavailable',
  storage_closed: 'service_unavailable',
  storage_damaged: 'internal_error',
  // Raised by `boards admin backup|restore` only, never while serving a request.
  backup_invalid: 'internal_error',
  backup_refused: 'internal_error',
  // Background compaction only, never while serving a request.
  compaction_fenced: 'internal_error',
};

/**
 * Turns a storage or crdt error into the service error the API answers with (null for any
 * other error). A 422 names the field the lower layer names; a duplicate key reads as a
 * conflict without the collection's name.
 */
export function translateLowerLayerError(error: unknown): ServiceError | null {
  if (error instanceof ItemValidationError) return new ValidationError(error.issues, { cause: error });
  if (error instanceof ItemLockedError) {
    const details = { itemId: error.itemId, ...(error.field === undefined ? {} : { field: error.field }) };
    return new ServiceError('item_locked', error.message, { cause: error, details });
  }
  if (!(error instanceof CrdtError) && !(error instanceof StorageError)) return null;
  const code = lowerLayerCodes[error.code];
  if (code === 'validation_failed') {
    const field = error instanceof CrdtError && error.field !== undefined ? error.field : '(body)';
    return new ValidationError([{ field, message: error.message }], { cause: error });
  }
  const message = error.code === 'duplicate_key' ? 'A resource with the same unique key already exists.' : error.message;
  return new ServiceError(code, message, { cause: error });
}
