/** Stable codes of the document lifecycle's errors. */
export const documentErrorCodes = [
  'document_too_large',
  'document_deleted',
  'document_exists',
  'persist_timeout',
  'registry_closed',
] as const;
/** A document lifecycle error code. */
export type DocumentErrorCode = (typeof documentErrorCodes)[number];

/** Base of the errors `DocumentRegistry` throws; `code` is stable, `message` is for logs. */
export class DocumentError extends Error {
  readonly code: DocumentErrorCode;

  constructor(code: DocumentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
