/** Stable codes of the crdt layer's errors; `rest/` maps each one to an HTTP status. */
export const crdtErrorCodes = [
  'validation_failed',
  'item_not_found',
  'unknown_item_type',
  'conversion_not_supported',
  'document_too_large',
  'document_deleted',
  'document_exists',
  'persist_timeout',
  'registry_closed',
] as const;
/** A crdt error code. */
export type CrdtErrorCode = (typeof crdtErrorCodes)[number];

/** Base of every error the crdt layer throws. */
export class CrdtError extends Error {
  readonly code: CrdtErrorCode;

  constructor(code: CrdtErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
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
    const first = issues[0] ?? { field: '(body)', message: 'Invalid input.' };
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super('validation_failed', `${first.field}: ${first.message}${more}`, options);
    this.issues = issues.length > 0 ? issues : [first];
  }
}
