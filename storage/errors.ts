/** Stable codes of the storage layer's errors. */
export const storageErrorCodes = ['duplicate_key', 'unsupported_filter', 'storage_unavailable'] as const;
/** A storage error code. */
export type StorageErrorCode = (typeof storageErrorCodes)[number];

/** Base of every error the storage layer throws. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;

  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

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
