/** Stable codes of the document lifecycle's errors. */
export const documentErrorCodes = [
  'document_deleted',
  'document_exists',
  'persist_timeout',
  'registry_closed',
] as const;
/** A document lifecycle error code. */
export type DocumentErrorCode = (typeof documentErrorCodes)[number];

/**
 * Lifecycle errors of `DocumentRegistry`; `code` is stable, `message` is for logs. The size
 * limit throws the layer's `CrdtError('document_too_large')` instead, which `rest/` maps.
 */
export class DocumentError extends Error {
  readonly code: DocumentErrorCode;

  constructor(code: DocumentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
