import { CrdtError } from '../errors.js';
import type { CrdtErrorCode } from '../errors.js';

/** Codes of the document lifecycle's errors (a subset of the layer's codes). */
export const documentErrorCodes = ['document_deleted', 'persist_timeout', 'registry_closed'] as const satisfies readonly CrdtErrorCode[];
/** A document lifecycle error code. */
export type DocumentErrorCode = (typeof documentErrorCodes)[number];

/**
 * Lifecycle errors of `DocumentRegistry`; `code` is stable, `message` is for logs. The size
 * limit throws the layer's `CrdtError('document_too_large')`, which `rest/` maps too.
 */
export class DocumentError extends CrdtError {
  constructor(code: DocumentErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
