import type { z } from 'zod';
import { issuesFromZod, rootField } from '../crdt/index.js';
import type { ValidationIssue } from '../crdt/index.js';
import { BoardsError } from '../storage/index.js';

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
  item_locked: 'The item is locked: it cannot be moved, resized, rotated, restyled, edited or deleted until someone with edit rights unlocks it (`PATCH {"locked": false}`). `error.itemId` names it; a batch holding such an operation is refused whole.',
  trashed: 'The board is in trash: it can be read and restored, not changed. Restore it first.',
  request_timeout: 'The request was not received completely in time; the connection was closed.',
  payload_too_large: 'The request body is larger than allowed.',
  unsupported_media_type: 'The request body has a media type this operation does not take: JSON (`Content-Type: application/json`) everywhere, except image uploads (`image/png`, `image/jpeg`, `image/webp` or `image/gif`).',
  validation_failed: 'A field failed validation; `error.field` names it.',
  invalid_image: 'The uploaded body is not an image of the type its `Content-Type` names (PNG, JPEG, WebP or GIF, recognised by its bytes; SVG is refused), or it is empty.',
  asset_quota_exceeded: 'The board holds as many uploaded images (count or bytes) as it may; delete images from the board or use another board.',
  rate_limited: 'Too many requests.',
  headers_too_large: 'The request line and headers together are larger than the server accepts (16 KiB); shorten the URL or the headers.',
  internal_error: 'Something failed on the service side; retry later. The request id helps support.',
  not_implemented: 'This operation is not available on this server yet.',
  service_unavailable: 'The service is starting or stopping; retry shortly.',
  ai_unavailable: 'The AI provider could not be reached or did not answer in time; nothing was written and the credits were refunded. Retry later.',
  ai_output_invalid: "The AI provider's answer did not validate (malformed, refused, or items the catalogue rejects); nothing was written and the credits were refunded.",
  ai_instruction_unsupported: 'The configured AI provider cannot carry out this instruction (see docs/ai.md for what the builtin provider does).',
  invalid_idempotency_key: 'The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; `error.header` names it.',
  idempotency_key_reused: 'This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); send a new key for a new request.',
  idempotency_key_in_use: 'A request with this `Idempotency-Key` is still running; retry after `Retry-After` seconds to get its answer.',
  cancelled:
    "The job was cancelled by its starter (`POST /jobs/{jobId}/cancel`): a queued job never ran; a running one stopped at its next step. Its `result` says what it had done (an import: the items that landed); AI work writes nothing and its credits were refunded. Found as a job's `error.code`.",
  job_finished: 'The job already ended (succeeded, or failed for another reason than a cancel): it cannot be cancelled and nothing was changed.',
  idempotency_key_in_doubt:
    'A request with this `Idempotency-Key` was cut off by a server failure before its answer was stored. `error.applied` is true when its change is known to have been applied, null when it cannot be told: read the resource to see, and send a new key to make the change again.',
} as const;

/** A stable API error code. */
export type ErrorCode = keyof typeof errorCatalogue;

/** Every error code. */
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** One field problem of a validation error (the crdt layer's issue shape, one for every layer). */
export type FieldIssue = ValidationIssue;

/**
 * Base of every error the service layer raises on purpose: a code of the public catalogue
 * above; `rest/` maps `code` to an HTTP status. Messages of 4xx codes reach the client; those
 * of 5xx codes are logged and replaced by the catalogue's text.
 */
export class ServiceError extends BoardsError<ErrorCode> {
  /** Extra, client-safe facts for the envelope (field issues, limits). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(code, message, options);
    this.details = options?.details;
  }
}

/** A request field failed validation; the message names the first field. */
export class ValidationError extends ServiceError {
  readonly issues: readonly FieldIssue[];

  constructor(issues: readonly FieldIssue[], options?: { cause?: unknown }) {
    const first = issues[0] ?? { field: rootField, message: 'is invalid' };
    const list = issues.length > 0 ? [...issues] : [first];
    super('validation_failed', `${first.field}: ${first.message}`, {
      ...options,
      details: { field: first.field, issues: list },
    });
    this.issues = list;
  }

  /** A zod failure worded by the one formatter (`issuesFromZod`), fields under `prefix`. */
  static fromZod(error: z.ZodError, prefix = ''): ValidationError {
    return new ValidationError(issuesFromZod(error, prefix), { cause: error });
  }
}

/** Shorthands for the common errors. */
export const errors = {
  notFound: (what = 'Resource') => new ServiceError('not_found', `${what} not found.`),
  forbidden: (message = 'Your role does not allow this.') => new ServiceError('forbidden', message),
  unauthorized: (message = 'A valid bearer token is required.') => new ServiceError('unauthorized', message),
  conflict: (message: string) => new ServiceError('conflict', message),
  invalid: (field: string, message: string) => new ValidationError([{ field, message }]),
  trashed: (what: 'board' | 'space') =>
    new ServiceError('trashed', `The ${what} is in trash: it can be read and restored, not changed. Restore it first.`),
} as const;
