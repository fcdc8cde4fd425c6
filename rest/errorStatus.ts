import type { ErrorCode } from '../server/errors.js';

/** The HTTP status of every error code; a code missing here fails the typecheck. */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  trashed: 409,
  // 423 Locked (RFC 4918 section 11.3): the item, not the request, is what stands in the way.
  item_locked: 423,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  invalid_image: 422,
  asset_quota_exceeded: 409,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
  ai_unavailable: 503,
  ai_output_invalid: 502,
  ai_instruction_unsupported: 422,
  invalid_idempotency_key: 400,
  idempotency_key_reused: 422,
  idempotency_key_in_use: 409,
  idempotency_key_in_doubt: 409,
  // A job's end, not an answer to a request: a cancelled job is in a state its starter chose.
  cancelled: 409,
  job_finished: 409,
};
