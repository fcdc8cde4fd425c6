/**
 * The closed catalogue of API error codes. Each has an HTTP status in `rest/errorStatus.ts`
 * (a `Record`, so a new code without a status fails the typecheck) and a docs page.
 */
export const errorCatalogue = {
  bad_request: 'The request is malformed: a parameter, header or body could not be read.',
  unauthorized: 'The request has no valid credential: the token is missing, unknown, expired or revoked.',
  insufficient_scope: 'The token lacks the scope this operation needs.',
  forbidden: "The caller's role does not allow this operation.",
  payment_required: "The workspace's plan does not allow this; upgrade or free up capacity.",
  not_found: 'Nothing exists at this address that the caller can see.',
  method_not_allowed: 'The address exists but does not accept this method.',
  conflict: 'The request conflicts with the current state (for example a duplicate).',
  gone: 'The resource existed but is no longer available.',
  payload_too_large: 'The request body is larger than allowed.',
  unsupported_media_type: 'The request body must be JSON (`Content-Type: application/json`).',
  validation_failed: 'A field failed validation; `error.field` names it.',
  rate_limited: 'Too many requests.',
  internal_error: 'Something failed on the service side; retry later. The request id helps support.',
  not_implemented: 'This operation is not available on this server yet.',
  service_unavailable: 'The service is starting or stopping; retry shortly.',
  ai_unavailable: 'The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later.',
  ai_output_invalid: "The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded.",
  ai_instruction_unsupported: 'The configured AI provider cannot carry out this instruction (see docs/ai.md for what the builtin provider does).',
} as const;

/** A stable API error code. */
export type ErrorCode = keyof typeof errorCatalogue;

/** Every error code. */
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** One field problem of a validation error. */
export interface FieldIssue {
  /** Path of the field, e.g. `data.text` or `operations[3].data.text`. */
  field: string;
  message: string;
}

/** Base of every error the service raises on purpose; `rest/` maps `code` to an HTTP status. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  /** Extra, client-safe facts for the envelope (field issues, limits). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options?.details;
  }
}

/** A request field failed validation; the message names the first field. */
export class ValidationError extends ServiceError {
  readonly issues: readonly FieldIssue[];

  constructor(issues: FieldIssue[], options?: { cause?: unknown }) {
    const first = issues[0] ?? { field: 'body', message: 'is invalid' };
    super('validation_failed', `${first.field}: ${first.message}`, {
      ...options,
      details: { field: first.field, issues },
    });
    this.issues = issues;
  }
}

/** Formats a zod-style path (`['operations', 3, 'data']`) as `operations[3].data`. */
export function formatFieldPath(pathParts: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const part of pathParts) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? 'body' : out;
}

/** Shorthands for the common errors. */
export const errors = {
  notFound: (what = 'Resource') => new ServiceError('not_found', `${what} not found.`),
  forbidden: (message = 'Your role does not allow this.') => new ServiceError('forbidden', message),
  unauthorized: (message = 'A valid bearer token is required.') => new ServiceError('unauthorized', message),
  conflict: (message: string) => new ServiceError('conflict', message),
  paymentRequired: (message: string, details?: Record<string, unknown>) =>
    new ServiceError('payment_required', message, details ? { details } : undefined),
  invalid: (field: string, message: string) => new ValidationError([{ field, message }]),
} as const;
