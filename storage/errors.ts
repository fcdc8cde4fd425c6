/**
 * Base of every error the project raises on purpose (the jose pattern): a stable `code` from
 * the closed list of the layer that throws it, the `cause`, and a message for logs. Each layer
 * subclasses it once (`StorageError`, `CrdtError`, `ServiceError`, `OAuthError`, ...); only
 * `rest/` turns codes into HTTP, through a `Record` per layer so an unmapped code fails the
 * typecheck. It lives in the lowest layer so every layer can extend it.
 */
export class BoardsError<C extends string = string> extends Error {
  /** Stable, machine-readable: tests and clients match on it, never on the message. */
  readonly code: C;

  constructor(code: C, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
  }
}

/** Stable codes of the storage layer's errors. */
export const storageErrorCodes = [
  'duplicate_key',
  'unsupported_filter',
  'storage_unavailable',
  'storage_closed',
  'storage_damaged',
  'backup_invalid',
  'backup_refused',
  'compaction_fenced',
] as const;
/** The refusal of a compaction whose fencing token is below one the store already accepted for the document (`DocumentStore.compact`). */
export function compactionFenced(docId: string, fence: number, accepted: number): StorageError {
  return new StorageError('compaction_fenced', `A compaction of ${docId} under fence ${fence} was refused: fence ${accepted} was accepted already.`);
}

/** A storage error code. */
export type StorageErrorCode = (typeof storageErrorCodes)[number];

/** Base of every error the storage layer throws. */
export class StorageError extends BoardsError<StorageErrorCode> {}

/** A write broke a unique index (an id or a declared unique field already exists). */
export class DuplicateKeyError extends StorageError {
  readonly collection: string;

  constructor(collection: string, options?: { cause?: unknown }) {
    super('duplicate_key', `A record with the same unique key already exists in ${collection}.`, options);
    this.collection = collection;
  }
}

/** `error` as an Error (a thrown non-Error is wrapped, its text as the message). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
